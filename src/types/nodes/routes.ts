import { timingSafeEqual } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { recordAudit } from '../../../server/audit.ts'
import { ApiError, notFound, unauthorized } from '../../../server/base/errors.ts'
import { hashSecret } from '../../../server/base/secrets.ts'
import type { ServerContext } from '../../../server/context.ts'
import { DATABASE_CONTENDED_MESSAGE, transactionContended } from '../../../server/db/client.ts'
import { resources } from '../../../server/db/schema.ts'
import { newNodeSecret } from '../../../server/edge/node-secret.ts'
import { writerOf } from '../../../server/http/resource-router.ts'
import type { ServiceRouter } from '../../../server/http/service.ts'
import type { TypeRoutes } from '../../../server/http/type-routes.ts'
import { storeReport } from '../../../server/platform/agent-reports.ts'
import { storeStats } from '../../../server/platform/edge-stats.ts'
import { storeTraffic } from '../../../server/platform/live-traffic.ts'
import { transactionBefore } from '../../../server/resources/deadline.ts'
import type { Caller, ResourceDefinition } from '../../../server/resources/definition.ts'
import { integer, Slug, Timestamp } from '../../domain/common.ts'
import { AgentReport } from '../../domain/edge-node.ts'
import { EdgeStatsAnswer, EdgeStatsPost } from '../../domain/edge-stats.ts'
import { TrafficBatch } from '../../domain/live-traffic.ts'
import { NODE_STATUSES } from '../../domain/nodes.ts'
import { PURGE_TYPES } from '../../domain/purge.ts'
import { nameParam, ProjectParam } from '../../domain/requests.ts'
import { configurationTag, edgeConfiguration, sentTag, stillCurrent } from './edge-configuration.ts'
import { pendingInvalidations, recordInvalidationResults } from './edge-invalidations.ts'
import { type NodeData, NodeMaintenanceRequest, type NodeMaintenanceResult } from './fields.ts'

const text = (description: string) => v.pipe(v.string(), v.description(description))

const MaintenanceResponse = v.object({
  data: v.pipe(
    v.array(
      v.object({
        name: text('The node'),
        result: v.pipe(v.picklist(['succeeded', 'failed']), v.description('Whether the node is now as asked')),
        status: v.pipe(
          v.nullable(v.picklist(NODE_STATUSES)),
          v.description('Its status afterwards; null when there is no such node'),
        ),
        changed: v.pipe(v.boolean(), v.description('Whether this request changed it (false when it already was so)')),
        message: v.pipe(v.nullable(v.string()), v.description('Why it failed')),
      }),
    ),
    v.description('One result per node named, in the order sent'),
  ),
})

/** The status a node moves to, or why it cannot: only active or draining nodes go into maintenance. */
function nextStatus(status: NodeData['status'], maintenance: boolean): NodeData['status'] | { refused: string } {
  if (maintenance) {
    if (status === 'disabled') return { refused: 'it is disabled: enable it before putting it in maintenance' }
    return 'maintenance'
  }
  if (status === 'maintenance' || status === 'active') return 'active'
  return { refused: `it is ${status}, not in maintenance` }
}

async function changeOne(
  ctx: ServerContext,
  nodes: ResourceDefinition,
  name: string,
  maintenance: boolean,
  caller: Caller,
): Promise<NodeMaintenanceResult> {
  try {
    const current = await ctx.resources.get(nodes, '', name)
    const status = current.status as NodeData['status']
    const next = nextStatus(status, maintenance)
    if (typeof next === 'object') return { name, result: 'failed', status, changed: false, message: next.refused }
    if (next === status) return { name, result: 'succeeded', status, changed: false, message: null }
    // An update like any other: the node's revision, its audit entry, the platform's next revision.
    const updated = await ctx.resources.update(nodes, '', name, current.revision, { status: next }, caller, true)
    return { name, result: 'succeeded', status: updated.status as NodeData['status'], changed: true, message: null }
  } catch (error) {
    // Rolled back at every attempt for other changes: this node's failure, not the request's, whose 503
    // (marked `contended`: nothing stored) would be untrue for the nodes already changed.
    if (transactionContended(error))
      return { name, result: 'failed', status: null, changed: false, message: DATABASE_CONTENDED_MESSAGE }
    if (!(error instanceof ApiError)) throw error
    const missing = error.status === 404
    return {
      name,
      result: 'failed',
      status: null,
      changed: false,
      message: missing ? `node ${name} does not exist` : error.message,
    }
  }
}

/**
 * `POST /nodes/maintenance` (API.md, Nodes): maintenance on or off for several nodes, one result per
 * node. Each change is an update of that node (audited, its own revision); one failing leaves the others.
 */
export function registerNodeMaintenance(router: ServiceRouter, ctx: ServerContext, nodes: ResourceDefinition) {
  router.route({
    method: 'post',
    path: '/nodes/maintenance',
    summary: 'Turn maintenance on or off for several nodes, with a result per node',
    description:
      'On: active or draining nodes go into maintenance (a disabled node fails). Off: nodes in maintenance become active (a draining or disabled node fails). A node already so succeeds unchanged.',
    access: { permission: 'wadp.nodes.update' },
    body: NodeMaintenanceRequest,
    status: 200,
    response: MaintenanceResponse,
    handler: async ({ c, body, principal }) => {
      // Every node's change commits within the write deadline of the request's arrival or not at all: one
      // past it fails with the deadline's sentence, the others keep their result.
      const caller = writerOf(c, principal, ctx.config.writeDeadlineMs)
      const results: NodeMaintenanceResult[] = []
      for (const name of new Set(body.nodes)) results.push(await changeOne(ctx, nodes, name, body.maintenance, caller))
      return c.json({ data: results })
    },
  })
}

const NodeParams = v.object({ name: nameParam('node') })

/** What an edge agent is sent (`EdgeConfiguration` and the invalidations it is to carry out), for openapi.json. */
const ConfigurationAnswer = v.object({
  data: v.looseObject({
    node: text('The node'),
    platform_revision: v.pipe(v.number(), v.description('The platform revision it is of')),
    projects: v.pipe(
      v.array(
        v.looseObject({
          project: text('The project'),
          revision: v.pipe(v.number(), v.description('The project’s configuration revision this VCL is of')),
          label: text('The VCL label it is loaded under'),
          hosts: v.pipe(v.array(v.string()), v.description('The hosts it serves')),
          websites: v.pipe(
            v.array(
              v.object({
                name: text('The website'),
                hosts: v.pipe(v.array(v.string()), v.description('Its domain name and aliases')),
              }),
            ),
            v.description('Each website with the hosts it answers (the statistics count per website)'),
          ),
          vcl: text('The VCL program'),
          not_enforced: v.pipe(
            v.array(
              v.object({
                type: text('The resource type'),
                name: text('The resource'),
                what: text('What of it the node does not do'),
              }),
            ),
            v.description('What of the project’s configuration a Varnish node does not do (said, never pretended)'),
          ),
        }),
      ),
      v.description('Each project’s VCL, hosts and revision'),
    ),
    invalidations: v.pipe(
      v.array(
        v.looseObject({
          project: text('The invalidation’s project'),
          name: text('The invalidation'),
          type: v.pipe(v.picklist(PURGE_TYPES), v.description('url, prefix, host, tag or all')),
          targets: v.pipe(v.array(v.string()), v.description('What to invalidate (none for all)')),
          soft: v.pipe(v.boolean(), v.description('Mark stale instead of removing')),
          requested_at: v.pipe(Timestamp, v.description('When it was asked for')),
          hosts: v.pipe(
            v.array(v.string()),
            v.description(
              'For all and tag: the project’s domains when it was sent, what the ban is limited to; else none',
            ),
          ),
        }),
      ),
      v.description('Invalidations the node is to carry out'),
    ),
  }),
})

const InvalidationResults = v.object({
  results: v.pipe(
    v.array(
      v.object({
        project: v.pipe(Slug, v.description('The invalidation’s project')),
        name: v.pipe(v.string(), v.maxLength(100), v.description('The invalidation')),
        status: v.pipe(v.picklist(['completed', 'failed']), v.description('Whether the node carried it out')),
        at: v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 time'), v.description('When')),
        message: v.pipe(v.nullable(v.pipe(v.string(), v.maxLength(2000))), v.description('The node’s words on it')),
      }),
    ),
    v.maxLength(1000),
    v.description('One result per invalidation'),
  ),
})

/** How often a waiting configuration request looks for a change (one small read each time). */
const WAIT_STEP_MS = 100

const ConfigurationQuery = v.object({
  wait: v.optional(
    v.pipe(
      integer(0, 10),
      v.description(
        'With If-None-Match: seconds to hold the request while nothing changes (a change answers at once); 0, the default, answers at once',
      ),
    ),
  ),
})

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * The edge agent node a request speaks for: its `Authorization: Bearer <secret>` must be that node's
 * own secret (EDGE.md). Any other caller, an API token included, gets 401.
 */
async function agentNode(ctx: ServerContext, node: string, authorization: string | undefined): Promise<void> {
  const secret = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  if (!secret) throw unauthorized("send the node's secret as Authorization: Bearer <secret>")
  const rows = await ctx.db
    .select({ data: resources.data, secretHash: resources.secretHash })
    .from(resources)
    .where(and(eq(resources.type, 'nodes'), eq(resources.scope, ''), eq(resources.name, node)))
    .limit(1)
  const row = rows[0]
  if (row?.data.kind !== 'agent' || !row.secretHash || !sameHash(row.secretHash, hashSecret(secret))) {
    throw unauthorized(`not the secret of edge agent node ${node}`)
  }
}

/**
 * What an edge agent calls, with its node's secret (EDGE.md): its configuration (every project's VCL,
 * with an ETag so an unchanged one costs a 304) and its report of what it runs. And what an operator
 * calls to give an agent node a new secret.
 */
export function registerAgentApi(router: ServiceRouter, ctx: ServerContext, nodes: ResourceDefinition) {
  // The agent's calls carry no user's token: the node's own secret, checked before anything is read.
  const EDGE_ACCESS = {
    nodeSecret: { verify: (authorization: string | undefined, node: string) => agentNode(ctx, node, authorization) },
  }
  router.route({
    method: 'get',
    path: '/edge/nodes/:name/configuration',
    tag: 'edge',
    summary: "An edge agent node's configuration: every project's VCL and the hosts it serves",
    description:
      "Called by the edge agent with its node's secret (Authorization: Bearer <secret>), not by users. Send the last ETag as If-None-Match: 304 while nothing changed; with wait, the answer comes as soon as something changes.",
    access: EDGE_ACCESS,
    params: NodeParams,
    query: ConfigurationQuery,
    response: ConfigurationAnswer,
    headers: ['ETag'],
    ifNoneMatch: true,
    errors: [304],
    handler: async ({ c, params, query }) => {
      const known = c.req.header('if-none-match')
      const until = Date.now() + (query.wait ?? 0) * 1000
      for (let waited = false; ; waited = true) {
        const projects = (await ctx.tenancy.projects()).map((project) => project.name)
        const invalidations = await pendingInvalidations(ctx.db, params.name, ctx.now())
        const pending = invalidations.map((invalidation) => `${invalidation.project}/${invalidation.name}`)
        const { etag, revisions } = await configurationTag(ctx.db, projects, pending)
        c.header('Cache-Control', 'no-store')
        if (!stillCurrent(known, etag, ctx.now())) {
          // A request held while the node's secret was rotated (or the node deleted) answers only if its
          // secret still holds: the old one must not receive every project's configuration after all.
          if (waited) await agentNode(ctx, params.name, c.req.header('authorization'))
          const { configuration, validUntil } = await edgeConfiguration(
            ctx.db,
            params.name,
            projects,
            revisions,
            ctx.now(),
          )
          c.header('ETag', sentTag(etag, validUntil))
          return c.json({ data: { ...configuration, invalidations } })
        }
        c.header('ETag', known as string)
        // A stopping process answers at once: the agent asks again (another process, or this one
        // restarted) instead of its request running on into a closed database.
        if (Date.now() >= until || ctx.stopping()) return c.body(null, 304)
        await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS))
      }
    },
  })

  router.route({
    method: 'post',
    path: '/edge/nodes/:name/report',
    tag: 'edge',
    summary: 'An edge agent reports what it runs',
    description:
      "Called by the edge agent with its node's secret after each change it applies and every few seconds; the sync views read the last report. A node not heard from for 10 s is unavailable.",
    access: EDGE_ACCESS,
    params: NodeParams,
    body: AgentReport,
    status: 204,
    handler: async ({ c, params, body }) => {
      await storeReport(ctx.db, params.name, body, ctx.now())
      return c.body(null, 204)
    },
  })

  router.route({
    method: 'post',
    path: '/edge/nodes/:name/traffic',
    tag: 'edge',
    summary: 'An edge agent sends the requests it saw, for live traffic',
    description:
      "Called by the edge agent with its node's secret every 200 ms while requests come: at most 50 lines, an even sample when it saw more (`seen`). Kept a minute for the websites' live traffic; query strings are redacted again.",
    access: EDGE_ACCESS,
    params: NodeParams,
    body: TrafficBatch,
    status: 204,
    handler: async ({ c, params, body }) => {
      await storeTraffic(ctx.db, params.name, body)
      return c.body(null, 204)
    },
  })

  router.route({
    method: 'post',
    path: '/edge/nodes/:name/stats',
    tag: 'edge',
    summary: 'An edge agent sends what it counted, per website and minute',
    description:
      "Called by the edge agent with its node's secret after each minute closes, and again with every batch it still holds after a restart. Each batch is counted once, whole, by its id: a batch sent again is a duplicate and adds nothing.",
    access: EDGE_ACCESS,
    params: NodeParams,
    body: EdgeStatsPost,
    status: 200,
    response: v.object({ data: EdgeStatsAnswer }),
    handler: async ({ c, params, body }) => {
      const projects = new Set((await ctx.tenancy.projects()).map((project) => project.name))
      const data = await storeStats(ctx.db, params.name, body, (project) => projects.has(project), ctx.now())
      return c.json({ data })
    },
  })

  router.route({
    method: 'post',
    path: '/edge/nodes/:name/invalidations',
    tag: 'edge',
    summary: 'An edge agent reports the invalidations it carried out (or could not)',
    description:
      "Called by the edge agent with its node's secret. Each result is kept on its invalidation as that node's own (status, time, words); an invalidation not planned for the node is ignored.",
    access: EDGE_ACCESS,
    params: NodeParams,
    body: InvalidationResults,
    status: 200,
    response: v.object({ data: v.object({ recorded: v.number() }) }),
    handler: async ({ c, params, body }) => {
      const recorded = await recordInvalidationResults(ctx.db, params.name, body.results)
      return c.json({ data: { recorded } })
    },
  })

  router.route({
    method: 'post',
    path: '/nodes/:name/secret',
    summary: 'Give an edge agent node a new secret, returned once; the old one stops working',
    description:
      'A change of the node, not a new resource one could read (only the secret’s hash is kept): 200, with the secret this once.',
    access: { permission: 'wadp.nodes.update' },
    params: NodeParams,
    status: 200,
    errors: [409],
    response: v.object({ data: v.object({ name: v.string(), secret: v.string() }) }),
    handler: async ({ c, params, principal }) => {
      const current = await ctx.resources.get(nodes, '', params.name).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) throw notFound(`node ${params.name}`)
        throw error
      })
      if (current.kind !== 'agent')
        throw new ApiError(409, `node ${params.name} is simulated: only an edge agent node has a secret`)
      // Within the write deadline or not at all (503): a secret replaced after the console gave up would
      // leave the node's old one dead and the new one shown to no one.
      const caller = writerOf(c, principal, ctx.config.writeDeadlineMs)
      const secret = await transactionBefore(ctx.db, caller.deadline, async (tx) => {
        const secret = await newNodeSecret(tx, params.name)
        await recordAudit(tx, {
          actor: caller.actor,
          action: 'nodes.rotate-secret',
          result: 'success',
          resource: { type: 'nodes', name: params.name },
        })
        return secret
      })
      return c.json({ data: { name: params.name, secret } })
    },
  })
}

const NotEnforcedResponse = v.object({
  data: v.array(
    v.object({
      type: v.pipe(v.string(), v.description('The resource type, as in its path')),
      name: v.pipe(v.string(), v.description('The resource')),
      what: v.pipe(v.string(), v.description('What of it Varnish nodes do not enforce')),
    }),
  ),
})

/** What of a project's configuration the Varnish nodes do not do, from the configuration they are sent. */
function registerNotEnforced(router: ServiceRouter, ctx: ServerContext) {
  router.route({
    method: 'get',
    path: '/projects/:project/not-enforced',
    tag: 'sync',
    summary: 'What of the project’s configuration Varnish nodes do not enforce',
    description:
      'Edge agent nodes run Varnish Cache, which has no WAF engine, no TLS towards origins, no challenge pages… (EDGE.md). Each line names the resource and what of it is not enforced by Varnish nodes; simulated nodes keep their behaviour.',
    access: { permission: 'wadp.projects.get' },
    params: v.object({ project: ProjectParam }),
    response: NotEnforcedResponse,
    handler: async ({ c, params }) => {
      if (!(await ctx.tenancy.projectExists(params.project))) throw notFound(`project ${params.project}`)
      const { revisions } = await configurationTag(ctx.db, [params.project])
      const { configuration } = await edgeConfiguration(ctx.db, '', [params.project], revisions, ctx.now())
      return c.json({ data: configuration.projects[0]?.not_enforced ?? [] })
    },
  })
}

export const routes: TypeRoutes = (router, ctx, definition) => {
  registerAgentApi(router, ctx, definition)
  registerNodeMaintenance(router, ctx, definition)
  registerNotEnforced(router, ctx)
}
