import * as v from 'valibot'
import { jsonObject, Slug, Timestamp } from './common.ts'
import { NODE_KINDS } from './nodes.ts'
import { STATS_GRANULARITIES, STATS_GROUPS, type StatisticsView, type StatsGranularity } from './stats-view.ts'

/** What a statistics query may ask for (RESOURCES.md, Tools; API.md, Statistics). */
export const STATS_METRICS = [
  'requests',
  'bytes_out',
  'hit_ratio',
  'status_2xx',
  'status_3xx',
  'status_4xx',
  'status_5xx',
  'origin_latency_p50',
  'origin_latency_p95',
  'waf_blocked',
  'challenged',
  'rate_limited',
] as const
export type StatsMetric = (typeof STATS_METRICS)[number]

export const GRANULARITY_SECONDS: Record<StatsGranularity, number> = { minute: 60, '5m': 300, hour: 3600, day: 86_400 }

/** The server picks the finest granularity that keeps a series within this many points (API.md). */
export const MAX_AUTO_POINTS = 1500
/**
 * A granularity the caller chooses may give more points than the automatic one, up to this many: 30 days
 * at 5 minutes (8,640 points, the benchmark's query) is a fair request, 30 days by the minute is not.
 */
export const MAX_POINTS = 10_000
export const MAX_RANGE_DAYS = 400
const DAY_MS = 86_400_000

const list = (items: readonly string[]) => `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`

/** An ISO 8601 date and time with its offset (`2026-11-24T10:00:00Z`): a shared view means one instant. */
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/i
const Instant = v.pipe(
  v.string('must be an ISO 8601 date and time'),
  v.check(
    (value) => INSTANT.test(value) && Number.isFinite(Date.parse(value)),
    'must be an ISO 8601 date and time with its offset, such as 2026-11-24T10:00:00Z',
  ),
)

/** The buckets a query covers: `[start, end)` widened to whole buckets of `granularity`. */
export type StatsPlan = { granularity: StatsGranularity; seconds: number; start: number; end: number; points: number }

/** How many buckets of `seconds` cover `[from, to)` (ms). */
export function bucketCount(from: number, to: number, seconds: number): number {
  const ms = seconds * 1000
  return Math.ceil(to / ms) - Math.floor(from / ms)
}

/** The finest granularity that keeps `[from, to)` within MAX_AUTO_POINTS points. */
export function autoGranularity(from: number, to: number): StatsGranularity {
  return STATS_GRANULARITIES.find((g) => bucketCount(from, to, GRANULARITY_SECONDS[g]) <= MAX_AUTO_POINTS) ?? 'day'
}

export function planOf(from: number, to: number, chosen: StatsGranularity | undefined): StatsPlan {
  const granularity = chosen ?? autoGranularity(from, to)
  const seconds = GRANULARITY_SECONDS[granularity]
  const ms = seconds * 1000
  const start = Math.floor(from / ms) * ms
  const end = Math.ceil(to / ms) * ms
  return { granularity, seconds, start, end, points: (end - start) / ms }
}

/** A valibot issue path to one field of the query, so the error lands on it. */
function pathTo(input: Record<string, unknown>, key: string): [v.IssuePathItem] {
  return [{ type: 'object', origin: 'value', input, key, value: input[key] }]
}

/** A statistics query (`POST /api/stats/v0/queries`): the same schema checks the page and the server. */
export const statsQuerySchema = v.pipe(
  v.object(
    {
      project: v.pipe(Slug, v.description('The project whose websites are counted')),
      from: v.pipe(Instant, v.description('Start of the range (ISO 8601 with offset); widened to its bucket')),
      to: v.pipe(Instant, v.description('End of the range, excluded; at most 400 days after from')),
      granularity: v.optional(
        v.pipe(
          v.picklist(STATS_GRANULARITIES, `must be ${list(STATS_GRANULARITIES)}`),
          v.description('Bucket size; without it the finest that keeps a series within 1,500 points'),
        ),
      ),
      metrics: v.pipe(
        v.array(v.picklist(STATS_METRICS, `is not a metric: use ${list(STATS_METRICS)}`), 'must be a list of metrics'),
        v.minLength(1, 'name at least one metric'),
        v.description('The metrics to return; values and totals list them in this order'),
      ),
      group_by: v.optional(
        v.pipe(
          v.picklist(STATS_GROUPS, `must be ${list(STATS_GROUPS)}`),
          v.description('One series per group, largest first; past 12 the rest are summed as other'),
        ),
      ),
      filters: v.optional(
        v.pipe(
          jsonObject(
            { website: v.optional(v.pipe(Slug, v.description('Only this website of the project'))) },
            'must be an object such as {"website": "name"}',
          ),
          v.description('Narrows what is counted'),
        ),
      ),
    },
    'must be an object with project, from, to and metrics',
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const query = dataset.value
    const from = Date.parse(query.from)
    const to = Date.parse(query.to)
    if (from >= to) {
      addIssue({ message: 'must be after from', path: pathTo(query, 'to') })
      return
    }
    if (to - from > MAX_RANGE_DAYS * DAY_MS) {
      addIssue({ message: `the range may span at most ${MAX_RANGE_DAYS} days`, path: pathTo(query, 'to') })
      return
    }
    const plan = planOf(from, to, query.granularity)
    if (plan.points > MAX_POINTS) {
      addIssue({
        message: `gives ${plan.points.toLocaleString('en-US')} points a series, more than ${MAX_POINTS.toLocaleString('en-US')}: choose a coarser granularity or a shorter range`,
        path: pathTo(query, 'granularity'),
      })
    }
  }),
)
export type StatsQuery = v.InferOutput<typeof statsQuerySchema>

/** One bucket's numbers: counts are whole numbers, ratios and latencies null when nothing was measured. */
export type StatsValues = Partial<Record<StatsMetric, number | null>>
export type StatsPoint = { ts: string; values: StatsValues }
export type StatsSeries = { group?: string; points: StatsPoint[] }
/**
 * Which part of the numbers a kind of node gave: agent nodes as Varnish counted, simulated ones as modelled;
 * as the console reads it, any other word for a kind of node another implementation of the API knows.
 */
export type StatsSource = { kind: string; nodes: string[]; totals: StatsValues }
export type StatsResult = {
  granularity: StatsGranularity
  series: StatsSeries[]
  totals: StatsValues
  sources?: StatsSource[]
}

const Values = v.pipe(
  v.record(v.picklist(STATS_METRICS), v.nullable(v.number())),
  v.description(
    'The metrics asked for: counts, bytes_out in bytes, hit_ratio 0-1, latencies in ms (null without origin traffic)',
  ),
)
/**
 * One kind of node's part of the totals, as the console reads it: `kind` is `agent` or `simulated` from
 * this platform (`PlatformStatsResult`, server/services/stats.ts, what its documents give), or any other
 * word, a kind of node another implementation of the API knows, which the page then shows as it comes
 * where a strict reading refused the whole answer.
 */
export const StatsSourceSchema = v.object({
  // The kinds this console knows, or any other word (named: their picklist is then the start's).
  kind: v.union([v.picklist(NODE_KINDS), v.string()]),
  nodes: v.pipe(v.array(v.string()), v.description('The nodes of that kind')),
  totals: Values,
})
/**
 * The answer of a statistics query, as the console parses it; openapi.json documents the platform's
 * (`PlatformStatsResult`, server/services/stats.ts: the node kinds it sends).
 */
export const StatsResultSchema = v.object({
  granularity: v.pipe(v.picklist(STATS_GRANULARITIES), v.description('The bucket size the points use')),
  series: v.array(
    v.object({
      group: v.optional(
        v.pipe(v.string(), v.description('The group (website, pop, country or status class); absent without group_by')),
      ),
      points: v.array(
        v.object({ ts: v.pipe(Timestamp, v.description('Start of the bucket (ISO 8601, UTC)')), values: Values }),
      ),
    }),
  ),
  totals: Values,
  sources: v.optional(v.array(StatsSourceSchema)),
})

/** The ranges the page offers, relative to now. */
export const STATS_PRESETS = { '1h': 3_600_000, '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS } as const

export type StatsViewError = { field: 'from' | 'to' | 'granularity'; message: string }

/** Why a custom range (two instants, as the URL holds them) cannot be asked for; null when it can. */
export function customRangeProblem(from: string | undefined, to: string | undefined): StatsViewError | null {
  const start = from ? Date.parse(from) : Number.NaN
  const end = to ? Date.parse(to) : Number.NaN
  if (!Number.isFinite(start)) return { field: 'from', message: 'Enter the start of the range.' }
  if (!Number.isFinite(end)) return { field: 'to', message: 'Enter the end of the range.' }
  if (end <= start) return { field: 'to', message: 'The end must be after the start.' }
  if (end - start > MAX_RANGE_DAYS * DAY_MS)
    return { field: 'to', message: `The range may span at most ${MAX_RANGE_DAYS} days.` }
  return null
}

/**
 * The query a view asks at `now`: a preset ends at `now` rounded down to the bucket of the granularity it
 * resolves to, so the same preset gives the same query (and the same cache entry) for a whole bucket.
 * A view that cannot be asked for is reported with the field it concerns.
 */
export function queryOfView(
  view: StatisticsView,
  project: string,
  metrics: readonly StatsMetric[],
  now: number,
): { query: StatsQuery; error: null } | { query: null; error: StatsViewError } {
  let from: number
  let to: number
  const chosen = view.granularity === 'auto' ? undefined : view.granularity
  if (view.range === 'custom') {
    const problem = customRangeProblem(view.from, view.to)
    if (problem) return { query: null, error: problem }
    from = Date.parse(view.from ?? '')
    to = Date.parse(view.to ?? '')
  } else {
    const span = STATS_PRESETS[view.range]
    const bucket = GRANULARITY_SECONDS[chosen ?? autoGranularity(now - span, now)] * 1000
    to = Math.floor(now / bucket) * bucket
    from = to - span
  }
  const query = {
    project,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    metrics: [...metrics],
    ...(chosen ? { granularity: chosen } : {}),
    ...(view.group_by !== 'none' ? { group_by: view.group_by } : {}),
    ...(view.website ? { filters: { website: view.website } } : {}),
  }
  const result = v.safeParse(statsQuerySchema, query)
  if (result.success) return { query: result.output, error: null }
  // The range holds by now: what remains is a granularity too fine for it (or a bad website name).
  const issue = result.issues[0]
  const field = v.getDotPath(issue) === 'granularity' ? 'granularity' : 'to'
  return {
    query: null,
    error: { field, message: `This ${field === 'granularity' ? 'granularity' : 'view'} ${issue.message}.` },
  }
}
