import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import {
  type EdgeStatsPostData,
  type EdgeStatsRowData,
  HOUR_RETENTION_DAYS,
  latencyQuantile,
  MINUTE_RETENTION_HOURS,
} from '../../src/domain/edge-stats.ts'
import type { StatsMetric, StatsPlan, StatsValues } from '../../src/domain/stats.ts'
import type { Db } from '../db/client.ts'
import { edgeStats, edgeStatsBatches, edgeStatsLatency } from '../db/schema.ts'
import type { JobDefinition } from './jobs.ts'

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
/**
 * How far a row's minute may start after the platform's clock: a node whose clock is a little ahead seals
 * the minute in progress when it stops. A minute starting later than this is in the platform's future.
 */
const FUTURE_TOLERANCE_MS = 10_000
/** A batch id is remembered this long: an agent keeps an unsent batch on disk and sends it when it can. */
const BATCH_IDS_KEPT_DAYS = HOUR_RETENTION_DAYS

const COUNTS = [
  'requests',
  'bytes_out',
  'hits',
  'misses',
  'passes',
  'status_2xx',
  'status_3xx',
  'status_4xx',
  'status_5xx',
  'rate_limited',
  'origin_ms',
] as const
type Count = (typeof COUNTS)[number]
export type MeasuredCounts = Record<Count, number>

const COLUMNS = {
  requests: edgeStats.requests,
  bytes_out: edgeStats.bytesOut,
  hits: edgeStats.hits,
  misses: edgeStats.misses,
  passes: edgeStats.passes,
  status_2xx: edgeStats.status2xx,
  status_3xx: edgeStats.status3xx,
  status_4xx: edgeStats.status4xx,
  status_5xx: edgeStats.status5xx,
  rate_limited: edgeStats.rateLimited,
  origin_ms: edgeStats.originMs,
} as const

const emptyBucket = (): MeasuredBucket => ({
  ...(Object.fromEntries(COUNTS.map((name) => [name, 0])) as MeasuredCounts),
  histogram: new Map(),
})

const hourOf = (iso: string) => new Date(Math.floor(Date.parse(iso) / HOUR_MS) * HOUR_MS).toISOString()

/**
 * Counts a node's batches, each once: a batch whose id was seen before adds nothing. Each batch is one
 * transaction: its id, its minute rows and the hour rows they add to, so a batch is counted whole or
 * not at all (a platform that stops in between counts it when the node sends it again). Rows of
 * projects the node does not serve are dropped, as are minutes past the hour retention. A row of a
 * minute in the platform's future (the node's clock is ahead, beyond `FUTURE_TOLERANCE_MS`) is counted,
 * whole, in the platform's minute it arrived in, the latest its requests can have been answered in, and
 * said in `clamped_rows`: nothing is lost, and no count waits in a minute that has not come.
 */
export async function storeStats(
  db: Db,
  node: string,
  post: EdgeStatsPostData,
  serves: (project: string) => boolean,
  now: number,
): Promise<{ accepted: string[]; duplicates: string[]; dropped_rows: number; clamped_rows: number }> {
  const accepted: string[] = []
  const duplicates: string[] = []
  let dropped = 0
  let clamped = 0
  const oldest = now - HOUR_RETENTION_DAYS * 24 * HOUR_MS
  const minutesFrom = now - MINUTE_RETENTION_HOURS * HOUR_MS
  const thisMinute = new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS).toISOString()
  for (const batch of post.batches) {
    const kept = batch.rows.filter((row) => serves(row.project) && Date.parse(row.minute) >= oldest)
    dropped += batch.rows.length - kept.length
    const ahead = kept.filter((row) => Date.parse(row.minute) > now + FUTURE_TOLERANCE_MS).length
    const rows = kept.map((row) =>
      Date.parse(row.minute) > now + FUTURE_TOLERANCE_MS ? { ...row, minute: thisMinute } : row,
    )
    const counted = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(edgeStatsBatches)
        .values({ id: batch.id, node })
        .onConflictDoNothing()
        .returning({ id: edgeStatsBatches.id })
      if (inserted.length === 0) return false
      for (const row of rows) {
        // A minute past the minute retention is counted in its hour only (the pruning would drop it).
        const periods: ['minute' | 'hour', string][] = [['hour', hourOf(row.minute)]]
        if (Date.parse(row.minute) >= minutesFrom) periods.push(['minute', new Date(row.minute).toISOString()])
        for (const [period, at] of periods) await addRow(tx as unknown as Db, period, at, node, row)
      }
      return true
    })
    ;(counted ? accepted : duplicates).push(batch.id)
    if (counted) clamped += ahead
  }
  return { accepted, duplicates, dropped_rows: dropped, clamped_rows: clamped }
}

async function addRow(db: Db, period: 'minute' | 'hour', at: string, node: string, row: EdgeStatsRowData) {
  const key = { period, at, project: row.project, website: row.website, node }
  await db
    .insert(edgeStats)
    .values({
      ...key,
      ...(Object.fromEntries(Object.keys(COLUMNS).map((name) => [camel(name), row[name as Count]])) as Record<
        string,
        number
      >),
    } as typeof edgeStats.$inferInsert)
    .onConflictDoUpdate({
      target: [edgeStats.period, edgeStats.project, edgeStats.at, edgeStats.website, edgeStats.node],
      set: Object.fromEntries(
        Object.entries(COLUMNS).map(([name, column]) => [
          camel(name),
          sql`${column} + excluded.${sql.identifier(column.name)}`,
        ]),
      ),
    })
  if (row.origin_histogram.length === 0) return
  await db
    .insert(edgeStatsLatency)
    .values(row.origin_histogram.map(([bucket, count]) => ({ ...key, bucket, count })))
    .onConflictDoUpdate({
      target: [
        edgeStatsLatency.period,
        edgeStatsLatency.project,
        edgeStatsLatency.at,
        edgeStatsLatency.website,
        edgeStatsLatency.node,
        edgeStatsLatency.bucket,
      ],
      set: { count: sql`${edgeStatsLatency.count} + excluded.count` },
    })
}

const camel = (name: string) => name.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())

/** Drops minute rows past 48 hours, hour rows past 90 days, and batch ids past their keeping (a job). */
export async function pruneStats(db: Db, now: number): Promise<void> {
  const minutes = new Date(now - MINUTE_RETENTION_HOURS * HOUR_MS).toISOString()
  const hours = new Date(now - HOUR_RETENTION_DAYS * 24 * HOUR_MS).toISOString()
  for (const table of [edgeStats, edgeStatsLatency]) {
    await db.delete(table).where(and(sql`${table.period} = 'minute'`, lt(table.at, minutes)))
    await db.delete(table).where(and(sql`${table.period} = 'hour'`, lt(table.at, hours)))
  }
  await db
    .delete(edgeStatsBatches)
    .where(lt(edgeStatsBatches.receivedAt, new Date(now - BATCH_IDS_KEPT_DAYS * 24 * HOUR_MS).toISOString()))
}

/**
 * Drops what agent nodes counted for a project being deleted (in its transaction): kept, it would be
 * answered to a project created later under the same name, whose websites may take the same names.
 */
export async function forgetStats(db: Db, project: string): Promise<void> {
  for (const table of [edgeStats, edgeStatsLatency]) await db.delete(table).where(eq(table.project, project))
}

/** One bucket's measured counts, with its latency histogram. */
export type MeasuredBucket = MeasuredCounts & { histogram: Map<number, number> }

/**
 * What the agent nodes `nodes` counted for `websites` of `project` over the buckets of `plan` that ended
 * (`ended` of them), grouped by `groupOf(website, node)`: minute rows for buckets finer than an hour
 * (they reach back 48 hours), hour rows otherwise.
 */
export async function measuredStats(
  db: Db,
  query: {
    project: string
    websites: readonly string[]
    nodes: readonly string[]
    plan: StatsPlan
    ended: number
    latency: boolean
    groupOf: (website: string, node: string) => string
  },
): Promise<Map<string, Map<number, MeasuredBucket>>> {
  const groups = new Map<string, Map<number, MeasuredBucket>>()
  const { plan } = query
  if (query.nodes.length === 0 || query.websites.length === 0 || query.ended === 0) return groups
  const period = plan.seconds < 3600 ? 'minute' : 'hour'
  const bucketMs = plan.seconds * 1000
  const from = new Date(plan.start).toISOString()
  const to = new Date(plan.start + query.ended * bucketMs).toISOString()
  const where = (table: typeof edgeStats | typeof edgeStatsLatency) =>
    and(
      sql`${table.period} = ${period}`,
      sql`${table.project} = ${query.project}`,
      gte(table.at, from),
      lt(table.at, to),
      inArray(table.website, [...query.websites]),
      inArray(table.node, [...query.nodes]),
    )
  const bucketOf = (at: string) => Math.floor((Date.parse(at) - plan.start) / bucketMs)
  const slot = (website: string, node: string, at: string): MeasuredBucket => {
    const group = query.groupOf(website, node)
    let buckets = groups.get(group)
    if (!buckets) {
      buckets = new Map()
      groups.set(group, buckets)
    }
    const b = bucketOf(at)
    let bucket = buckets.get(b)
    if (!bucket) {
      bucket = emptyBucket()
      buckets.set(b, bucket)
    }
    return bucket
  }
  const rows = await db.select().from(edgeStats).where(where(edgeStats))
  for (const row of rows) {
    const bucket = slot(row.website, row.node, new Date(row.at).toISOString())
    for (const [name, column] of Object.entries(COLUMNS)) {
      const key = name as Count
      bucket[key] += Number((row as Record<string, unknown>)[camel(column.name)] ?? 0)
    }
  }
  if (query.latency) {
    const latency = await db.select().from(edgeStatsLatency).where(where(edgeStatsLatency))
    for (const row of latency) {
      const { histogram } = slot(row.website, row.node, new Date(row.at).toISOString())
      histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + Number(row.count))
    }
  }
  return groups
}

/** The metrics of measured counts, exactly (latencies read from the histogram: within 12.5 %). */
export function measuredMetrics(bucket: MeasuredBucket, metrics: readonly StatsMetric[]): StatsValues {
  const fetches = bucket.misses + bucket.passes
  const all: StatsValues = {
    requests: bucket.requests,
    bytes_out: bucket.bytes_out,
    hit_ratio: bucket.requests > 0 ? Math.round((1 - fetches / bucket.requests) * 10_000) / 10_000 : null,
    status_2xx: bucket.status_2xx,
    status_3xx: bucket.status_3xx,
    status_4xx: bucket.status_4xx,
    status_5xx: bucket.status_5xx,
    origin_latency_p50: latencyQuantile(bucket.histogram, 0.5),
    origin_latency_p95: latencyQuantile(bucket.histogram, 0.95),
    waf_blocked: 0,
    challenged: 0,
    rate_limited: bucket.rate_limited,
  }
  return Object.fromEntries(metrics.map((metric) => [metric, all[metric] ?? null]))
}

/** The sum of buckets (a range's total). */
export function sumBuckets(buckets: Iterable<MeasuredBucket>): MeasuredBucket {
  const total = emptyBucket()
  for (const bucket of buckets) {
    for (const name of COUNTS) total[name] += bucket[name]
    for (const [b, count] of bucket.histogram) total.histogram.set(b, (total.histogram.get(b) ?? 0) + count)
  }
  return total
}

/** The job that keeps the statistics within their retention, on the cluster's job queue (every 10 min). */
export const statsRetentionJob = (everySeconds = 600): JobDefinition<{ db: Db; now(): number }> => ({
  name: 'edge-stats-retention',
  everySeconds,
  run: (ctx, now) => pruneStats(ctx.db, now),
})
