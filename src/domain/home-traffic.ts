import type { StatsMetric, StatsQuery, StatsResult, StatsValues } from './stats.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

/**
 * Home's "Traffic, last 24 hours": the range Statistics' "Last 24 hours" shows, the 24 hours up to the
 * last whole minute, drawn by the hour. The server counts only buckets that have ended (their numbers never
 * change), so it is asked in three parts: the whole hours between (`hours`, the same query and cache entry
 * for the whole hour), and by the minute the part of the oldest hour within the range (`head`) and the hour
 * under way up to the last whole minute (`tail`), each drawn as one point. `head` is null when the range
 * starts on the hour (then a whole hour of `hours`), `tail` when it ends on the hour (nothing under way).
 */
export function homeTrafficQueries(
  project: string,
  metrics: readonly StatsMetric[],
  now: number,
): { head: StatsQuery | null; hours: StatsQuery; tail: StatsQuery | null } {
  const end = Math.floor(now / MINUTE_MS) * MINUTE_MS
  const hour = Math.floor(end / HOUR_MS) * HOUR_MS
  const start = end - DAY_MS
  // The first whole hour within the range.
  const first = Math.ceil(start / HOUR_MS) * HOUR_MS
  const query = (from: number, to: number, granularity: 'minute' | 'hour'): StatsQuery => ({
    project,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    metrics: [...metrics],
    granularity,
  })
  return {
    head: start < first ? query(start, first, 'minute') : null,
    hours: query(first, hour, 'hour'),
    tail: hour < end ? query(hour, end, 'minute') : null,
  }
}

/** Counts add up; the hit ratio is weighed by the requests it is of. */
function joinValues(parts: readonly StatsValues[], metrics: readonly StatsMetric[]): StatsValues {
  const values: StatsValues = {}
  const requests = parts.reduce((sum, part) => sum + (part.requests ?? 0), 0)
  for (const metric of metrics) {
    if (metric === 'hit_ratio') {
      const weighed = parts.filter((part) => typeof part.hit_ratio === 'number' && (part.requests ?? 0) > 0)
      values.hit_ratio =
        requests > 0 && weighed.length > 0
          ? weighed.reduce((sum, part) => sum + (part.hit_ratio ?? 0) * (part.requests ?? 0), 0) / requests
          : null
    } else {
      const known = parts.map((part) => part[metric]).filter((value) => typeof value === 'number')
      values[metric] = known.length > 0 ? known.reduce((sum, value) => sum + value, 0) : null
    }
  }
  return values
}

/** A part asked by the minute, as one point: the minutes' numbers joined, at its first minute (none without any). */
function asOnePoint(part: StatsResult | null, metrics: readonly StatsMetric[]) {
  const points = part?.series[0]?.points ?? []
  const first = points[0]
  return first
    ? [
        {
          ts: first.ts,
          values: joinValues(
            points.map((point) => point.values),
            metrics,
          ),
        },
      ]
    : []
}

/**
 * The three answers as one (hourly points, the first and the last a part of their hour; null for a part
 * not asked): the metrics are those Home asks for, counts and the hit ratio (not latencies, which cannot
 * be joined so).
 */
export function joinHomeTraffic(
  answers: { head: StatsResult | null; hours: StatsResult; tail: StatsResult | null },
  metrics: readonly StatsMetric[],
): StatsResult {
  const { head, hours, tail } = answers
  const points = [...asOnePoint(head, metrics), ...(hours.series[0]?.points ?? []), ...asOnePoint(tail, metrics)]
  const totals = [head, hours, tail].flatMap((part) => (part ? [part.totals] : []))
  return { granularity: 'hour', series: [{ points }], totals: joinValues(totals, metrics) }
}
