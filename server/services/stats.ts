import { and, asc, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { planOf, StatsResultSchema, statsQuerySchema } from '../../src/domain/stats.ts'
import type { NodeData } from '../../src/types/nodes/fields.ts'
import { fieldError, forbidden, notFound } from '../base/errors.ts'
import { may } from '../base/principal.ts'
import type { ServerContext } from '../context.ts'
import { resources } from '../db/schema.ts'
import { ServiceRouter } from '../http/service.ts'
import { type TrafficNode, trafficStats } from '../platform/traffic.ts'
import { registerUtils } from './utils.ts'

const PERMISSION = 'wadp.stats.query'

/** The fleet the traffic is spread over: every node, by name (a node's state today does not rewrite history). */
async function trafficNodes(ctx: ServerContext): Promise<TrafficNode[]> {
  const rows = await ctx.db
    .select({ name: resources.name, data: resources.data })
    .from(resources)
    .where(and(eq(resources.type, 'nodes'), eq(resources.scope, '')))
    .orderBy(asc(resources.name))
  return rows.map(({ name, data }) => {
    const node = data as NodeData
    return { name, pop: node.pop_code, country: node.country, weight: node.weight }
  })
}

async function websiteNames(ctx: ServerContext, project: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ name: resources.name })
    .from(resources)
    .where(and(eq(resources.type, 'websites'), eq(resources.scope, project)))
    .orderBy(asc(resources.name))
  return rows.map((row) => row.name)
}

/** The stats service (API.md, Statistics): traffic of a project's websites, from the reference traffic model. */
export function statsService(ctx: ServerContext): ServiceRouter {
  const router = new ServiceRouter('stats', ctx)
  registerUtils(router)

  router.route({
    method: 'post',
    path: '/queries',
    summary:
      'Traffic of a project’s websites over a range: requests, bandwidth, hit ratio, status classes, origin latency and security events, per bucket and in total, optionally grouped by website, point of presence, country or status class',
    // The project is in the body: the router checks the permission in some project, the handler in that one.
    access: { permission: PERMISSION, within: 'projects' },
    body: statsQuerySchema,
    status: 200,
    response: v.object({ data: StatsResultSchema }),
    // The project the body names.
    errors: [404],
    handler: async ({ c, body, principal }) => {
      if (!may(principal, PERMISSION, body.project)) throw forbidden(PERMISSION)
      if (!(await ctx.tenancy.projectExists(body.project))) throw notFound(`project ${body.project}`)
      const names = await websiteNames(ctx, body.project)
      const website = body.filters?.website
      if (website !== undefined && !names.includes(website))
        throw fieldError('filters.website', `${website} is not a website of project ${body.project}`)
      const data = trafficStats({
        plan: planOf(Date.parse(body.from), Date.parse(body.to), body.granularity),
        metrics: body.metrics,
        groupBy: body.group_by,
        websites: (website === undefined ? names : [website]).map((name) => ({ name })),
        nodes: await trafficNodes(ctx),
        now: ctx.now(),
      })
      return c.json({ data })
    },
  })
  return router
}
