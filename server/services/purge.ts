import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { Timestamp } from '../../src/domain/common.ts'
import { type FleetNode, NODE_KINDS } from '../../src/domain/nodes.ts'
import {
  type AgentPurgeResult,
  PURGE_STATUSES,
  PURGE_TYPES,
  type PurgePlanStep,
  type PurgeRequest,
  purgeRequestSchema,
  purgeState,
} from '../../src/domain/purge.ts'
import { nameParam, newestFirstQuery, ProjectParam } from '../../src/domain/requests.ts'
import { recordAudit } from '../audit.ts'
import { notFound, validBody } from '../base/errors.ts'
import type { ServerContext } from '../context.ts'
import { resources } from '../db/schema.ts'
import { writerOf } from '../http/resource-router.ts'
import { readJson, ServiceRouter } from '../http/service.ts'
import { transactionBefore } from '../resources/deadline.ts'
import type { ResourceRecord } from '../resources/definition.ts'
import { getResource, insertResource, listResources, lockResource } from '../resources/store.ts'
import { registerUtils } from './utils.ts'

/** Invalidations are kept in the resources table under this type; no CRUD endpoint serves it. */
export const PURGE_TYPE = 'purge'
const PERMISSION = 'wadp.purge.create'
const ProjectParams = v.object({ project: ProjectParam })
const ItemParams = v.object({ project: ProjectParam, name: nameParam('invalidation') })

/**
 * Each node's part, decided when the request arrives: a simulated node in maintenance or unreachable
 * cannot apply it and gives up after the same delay, and a disabled one serves nothing and is left out.
 * An edge agent node reports its own result, whatever its status: its agent runs the configuration and
 * serves what reaches it while disabled too (its status steers no traffic), so it is sent every invalidation.
 */
async function planFor(ctx: ServerContext): Promise<PurgePlanStep[]> {
  const fleet = await ctx.db
    .select({ name: resources.name, data: resources.data })
    .from(resources)
    .where(and(eq(resources.type, 'nodes'), eq(resources.scope, '')))
    .orderBy(resources.name)
  const { minMs, maxMs } = ctx.config.syncDelays
  return fleet
    .filter((node) => (node.data as FleetNode).kind === 'agent' || (node.data as FleetNode).status !== 'disabled')
    .map((node) => {
      const data = node.data as FleetNode
      // An edge agent node carries it out itself and says so (EDGE.md): no simulated delay or verdict.
      if (data.kind === 'agent') return { node: node.name, after_ms: 0, can_apply: true, agent: true }
      return {
        node: node.name,
        after_ms: Math.round(minMs + ctx.random() * (maxMs - minMs)),
        can_apply: data.reachable && data.status !== 'maintenance',
      }
    })
}

/** An invalidation as the API returns it: what was asked, and its state now. */
const d = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description))

/** An invalidation as `present` answers it, for openapi.json. */
const PurgeSchema = v.object({
  name: d(v.string(), 'The invalidation’s id'),
  type: d(v.picklist(PURGE_TYPES), 'What kind of targets it names'),
  targets: d(v.array(v.string()), 'What it invalidates'),
  soft: d(v.boolean(), 'Marked stale instead of removed'),
  status: d(v.picklist(PURGE_STATUSES), 'queued, in_progress, then completed, partial or failed'),
  per_node: d(
    v.array(
      v.object({
        node: d(v.string(), 'The node'),
        status: d(v.picklist(['queued', 'in_progress', 'completed', 'failed']), 'Where it is on that node'),
        at: d(v.nullable(Timestamp), 'When the node finished it'),
        source: d(v.picklist(NODE_KINDS), 'An edge agent’s own report, or the simulation'),
        message: d(v.nullable(v.string()), 'The agent’s words on its result'),
      }),
    ),
    'Its state on each node',
  ),
  created_at: d(Timestamp, 'When it was asked for'),
  created_by: d(v.string(), 'Who asked for it'),
})
const PurgeAnswer = v.object({ data: PurgeSchema })
const PurgeListAnswer = v.object({
  data: d(v.array(PurgeSchema), 'The invalidations on this page, newest first'),
  meta: v.object({ total: v.number(), page: v.number(), items: v.number() }),
})

function present(record: ResourceRecord, now: number) {
  const { plan, type, targets, soft, requested_at, results } = record as ResourceRecord &
    PurgeRequest & { plan: PurgePlanStep[]; requested_at: string; results?: Record<string, AgentPurgeResult> }
  const state = purgeState(Date.parse(requested_at), plan, now, results)
  return {
    name: record.name,
    type,
    targets,
    soft,
    status: state.status,
    per_node: state.per_node,
    created_at: requested_at,
    created_by: record.created_by,
  }
}

/** An id that sorts by time and cannot be guessed from another: `p-<time base36>-<random>`. */
function purgeId(now: number): string {
  return `p-${now.toString(36)}-${randomBytes(4).toString('hex')}`
}

/** The purge service (API.md, Invalidation): request an invalidation, follow it, list recent ones. */
export function purgeService(ctx: ServerContext): ServiceRouter {
  const router = new ServiceRouter('purge', ctx)
  registerUtils(router)

  router.route({
    method: 'post',
    path: '/projects/:project/purge',
    summary: 'Invalidate cached URLs, prefixes, hosts, tags or everything on every node (202; follow it with GET)',
    access: { permission: PERMISSION },
    params: ProjectParams,
    documentedBody: purgeRequestSchema([]),
    status: 202,
    response: PurgeAnswer,
    headers: ['Location'],
    example: { type: 'url', targets: ['https://shop.example.com/index.html'] },
    handler: async ({ c, params, principal }) => {
      // The targets must be on the project's own domains, which only the database knows.
      const domains = [...(await ctx.catalog.projectDomains(ctx.db, params.project)).keys()]
      const request = validBody(purgeRequestSchema(domains), await readJson(c), 'invalidation')
      // Stored within the write deadline of its arrival or not at all (503): the console gives it 5 s.
      const caller = writerOf(c, principal, ctx.config.writeDeadlineMs)
      const now = ctx.now()
      // Read before the transaction: PGlite has one connection, which the transaction holds.
      const plan = await planFor(ctx)
      const record = await transactionBefore(ctx.db, caller.deadline, async (tx) => {
        // Held until it commits: a delete of the project at the same moment takes it along, or it finds the
        // project gone.
        if (!(await lockResource(tx, 'projects', '', params.project, 'key share')))
          throw notFound(`project ${params.project}`)
        const stored = await insertResource(tx, {
          type: PURGE_TYPE,
          scope: params.project,
          name: purgeId(now),
          displayName: null,
          data: { ...request, requested_at: new Date(now).toISOString(), plan },
          searchText: '',
          actor: principal.email,
        })
        if (!stored) throw new Error('invalidation id collision')
        await recordAudit(tx, {
          actor: caller.actor,
          action: 'purge.create',
          result: 'success',
          resource: { type: PURGE_TYPE, name: stored.name },
          project: params.project,
          changes: { before: null, after: request },
        })
        return stored
      })
      c.header('Location', `${c.req.path}/${record.name}`)
      return c.json({ data: present(record, now) }, 202)
    },
  })

  router.route({
    method: 'get',
    path: '/projects/:project/purge',
    summary: 'The project’s invalidations, newest first',
    access: { permission: PERMISSION },
    params: ProjectParams,
    query: newestFirstQuery(),
    response: PurgeListAnswer,
    handler: async ({ c, params, query }) => {
      const { rows, total } = await listResources(ctx.db, PURGE_TYPE, params.project, {
        ...query,
        sort: '-created_at',
      })
      const now = ctx.now()
      return c.json({
        data: rows.map((row) => present(row, now)),
        meta: { total, page: query.page, items: query.items },
      })
    },
  })

  router.route({
    method: 'get',
    path: '/projects/:project/purge/:name',
    summary: 'One invalidation with each node’s state',
    access: { permission: PERMISSION },
    params: ItemParams,
    response: PurgeAnswer,
    handler: async ({ c, params }) => {
      const record = await getResource(ctx.db, PURGE_TYPE, params.project, params.name)
      if (!record) throw notFound(`invalidation ${params.name}`)
      return c.json({ data: present(record, ctx.now()) })
    },
  })
  return router
}
