import { and, asc, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { type FleetNode, NODE_KINDS } from '../../src/domain/nodes.ts'
import {
  planOf,
  type StatsQuery,
  type StatsResult,
  StatsResultSchema,
  StatsSourceSchema,
  statsQuerySchema,
} from '../../src/domain/stats.ts'
import { fieldError, forbidden, notFound } from '../base/errors.ts'
import { may } from '../base/principal.ts'
import type { ServerContext } from '../context.ts'
import { resources } from '../db/schema.ts'
import { ServiceRouter } from '../http/service.ts'
import { measuredMetrics, measuredStats, sumBuckets } from '../platform/edge-stats.ts'
import {
  endedBuckets,
  groupKey,
  type MeasuredTraffic,
  type TrafficNode,
  type TrafficQuery,
  trafficStats,
} from '../platform/traffic.ts'
import { registerUtils } from './utils.ts'

const PERMISSION = 'wadp.stats.query'

/** The fleet the traffic is spread over: every node, by name (a node's state today does not rewrite history). */
async function trafficNodes(ctx: ServerContext): Promise<(TrafficNode & { agent: boolean })[]> {
  const rows = await ctx.db
    .select({ name: resources.name, data: resources.data })
    .from(resources)
    .where(and(eq(resources.type, 'nodes'), eq(resources.scope, '')))
    .orderBy(asc(resources.name))
  return rows.map(({ name, data }) => {
    const node = data as FleetNode
    return { name, pop: node.pop_code, country: node.country, weight: node.weight, agent: node.kind === 'agent' }
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

/**
 * The statistics of a fleet with agent nodes (issue 24): what Varnish counted on them, exactly, added to
 * the traffic model of the simulated nodes, with the totals of each part under `sources`.
 */
async function withAgentCounts(
  ctx: ServerContext,
  body: StatsQuery,
  model: TrafficQuery,
  agents: readonly TrafficNode[],
): Promise<StatsResult> {
  const { plan } = model
  const ended = endedBuckets(plan, model.now)
  const byName = new Map(agents.map((node) => [node.name, node]))
  // Rows are read for these nodes only, so every row's node is known.
  const groupOf = (website: string, node: string) =>
    groupKey(body.group_by, website, byName.get(node) ?? { name: node, pop: node, country: 'zz', weight: 0 })
  const query = {
    project: body.project,
    websites: model.websites.map((w) => w.name),
    nodes: [...byName.keys()],
    plan,
    ended,
  }
  const latency = body.metrics.some((metric) => metric.startsWith('origin_latency'))
  const counted = await measuredStats(ctx.db, { ...query, latency, groupOf })
  const measured = new Map(
    [...counted].map(([group, buckets]) => [
      group,
      new Map(
        [...buckets].map(([b, bucket]) => [b, { ...bucket, ...measuredMetrics(bucket, LATENCIES) } as MeasuredTraffic]),
      ),
    ]),
  )
  const merged = trafficStats({ ...model, measured })
  const everything = sumBuckets([...counted.values()].flatMap((buckets) => [...buckets.values()]))
  const sources: PlatformStatsSource[] = [
    { kind: 'agent', nodes: [...byName.keys()], totals: measuredMetrics(everything, body.metrics) },
  ]
  if (model.nodes.length > 0)
    sources.push({ kind: 'simulated', nodes: model.nodes.map((node) => node.name), totals: trafficStats(model).totals })
  return { ...merged, sources }
}

const LATENCIES = ['origin_latency_p50', 'origin_latency_p95'] as const

/**
 * A statistics answer as the platform sends it and its documents give it: the console's reading
 * (`StatsResultSchema`, src/domain/stats.ts), each source's `kind` narrowed to the node kinds, `agent` or
 * `simulated`, which the console reads as any word.
 */
export const PlatformStatsResult = v.object({
  ...StatsResultSchema.entries,
  sources: v.optional(
    v.pipe(
      v.array(
        v.object({
          ...StatsSourceSchema.entries,
          kind: v.pipe(
            v.picklist(NODE_KINDS),
            v.description(
              'agent: counted by Varnish on edge agent nodes; simulated: the traffic model of simulated nodes',
            ),
          ),
        }),
      ),
      v.description('The totals split by where they come from, one entry per kind of node in the fleet'),
    ),
  ),
})
type PlatformStatsSource = NonNullable<v.InferOutput<typeof PlatformStatsResult>['sources']>[number]

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
    response: v.object({ data: PlatformStatsResult }),
    // The project the body names.
    errors: [404],
    example: {
      project: 'shop',
      from: '2026-03-01T00:00:00Z',
      to: '2026-03-02T00:00:00Z',
      granularity: 'hour',
      metrics: ['requests', 'hit_ratio', 'status_5xx'],
      group_by: 'website',
    },
    handler: async ({ c, body, principal }) => {
      if (!may(principal, PERMISSION, body.project)) throw forbidden(PERMISSION)
      if (!(await ctx.tenancy.projectExists(body.project))) throw notFound(`project ${body.project}`)
      const names = await websiteNames(ctx, body.project)
      const website = body.filters?.website
      if (website !== undefined && !names.includes(website))
        throw fieldError('filters.website', `${website} is not a website of project ${body.project}`)
      const plan = planOf(Date.parse(body.from), Date.parse(body.to), body.granularity)
      const websites = website === undefined ? names : [website]
      const fleet = await trafficNodes(ctx)
      const simulated = fleet.filter((node) => !node.agent)
      const agents = fleet.filter((node) => node.agent)
      const now = ctx.now()
      const model = {
        plan,
        metrics: body.metrics,
        groupBy: body.group_by,
        websites: websites.map((name) => ({ name })),
        nodes: simulated,
        now,
      }
      if (agents.length === 0) return c.json({ data: trafficStats(model) })
      const data = await withAgentCounts(ctx, body, model, agents)
      return c.json({ data })
    },
  })
  return router
}
