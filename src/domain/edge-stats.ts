import * as v from 'valibot'
import { Slug } from './common.ts'

/**
 * Statistics measured on edge agent nodes (issue 24, EDGE.md): each node counts the requests it answers
 * per website and minute from Varnish's shared log, seals each closed minute into a batch with an id of
 * its own, keeps it on disk until the platform took it, and sends it again after a restart; the platform
 * counts a batch id once.
 */

/** The reason of a rate limit's answer in the VCL: how a node's log tells a rate-limited request. */
export const RATE_LIMITED_REASON = 'Too Many Requests'

/** A minute is sealed this long after it ended: the shared log's last lines of it have been read by then. */
export const SEAL_GRACE_MS = 2000
/** Minute rows are kept this long; hour rows (kept up to date with every batch) for HOUR_RETENTION_DAYS. */
export const MINUTE_RETENTION_HOURS = 48
export const HOUR_RETENTION_DAYS = 90
/** The most batches a node sends in one request, and the most rows (website and minute) in a batch. */
export const MAX_STATS_BATCHES = 20
export const MAX_STATS_ROWS = 5000

/**
 * Origin response times are counted in buckets 25 % wide, from 0.1 ms up (bucket 0 holds everything
 * below): a percentile read from them is within 12.5 % of the true value. Bucket `b` holds [lower(b), lower(b + 1)).
 */
const LATENCY_BASE_MS = 0.1
const LATENCY_RATIO = 1.25
export const LATENCY_BUCKETS = 64

export function latencyBucket(ms: number): number {
  if (!(ms > LATENCY_BASE_MS)) return 0
  return Math.min(LATENCY_BUCKETS - 1, 1 + Math.floor(Math.log(ms / LATENCY_BASE_MS) / Math.log(LATENCY_RATIO)))
}

const bucketLower = (bucket: number) => (bucket === 0 ? 0 : LATENCY_BASE_MS * LATENCY_RATIO ** (bucket - 1))

/**
 * The `q` quantile (0-1) of the times counted in `histogram` (bucket → count), read at the middle of its
 * bucket; null when nothing was counted.
 */
export function latencyQuantile(histogram: ReadonlyMap<number, number>, q: number): number | null {
  const total = [...histogram.values()].reduce((sum, count) => sum + count, 0)
  if (total === 0) return null
  const rank = Math.max(1, Math.ceil(q * total))
  let seen = 0
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket) ?? 0
    if (seen >= rank) {
      const middle = bucket === 0 ? LATENCY_BASE_MS / 2 : (bucketLower(bucket) + bucketLower(bucket + 1)) / 2
      return Math.round(middle * 10) / 10
    }
  }
  return null
}

const count = (description: string) => v.pipe(v.number(), v.integer(), v.minValue(0), v.description(description))

/** One website's minute on one node. */
export const EdgeStatsRow = v.object({
  minute: v.pipe(
    v.string(),
    v.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00(\.000)?Z$/, 'must be the start of a minute in UTC'),
    v.description('The minute counted (its start, UTC)'),
  ),
  project: v.pipe(Slug, v.description('The project whose website answered')),
  website: v.pipe(Slug, v.description('The website whose host was asked for')),
  requests: count('Requests answered'),
  bytes_out: count('Body bytes sent'),
  hits: count('Answered from the cache'),
  misses: count('Fetched from the origin and cached'),
  passes: count('Fetched from the origin without caching (pass and pipe)'),
  status_2xx: count('Answered 1xx or 2xx'),
  status_3xx: count('Answered 3xx'),
  status_4xx: count('Answered 4xx (rate limited included)'),
  status_5xx: count('Answered 5xx'),
  rate_limited: count('Refused by a rate limit'),
  origin_ms: v.pipe(v.number(), v.minValue(0), v.description('Sum of the origin fetches’ times to first byte, in ms')),
  origin_histogram: v.pipe(
    v.array(v.tuple([v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LATENCY_BUCKETS - 1)), count('')])),
    v.maxLength(LATENCY_BUCKETS),
    v.description('The origin fetches’ times to first byte as [bucket, count] pairs (buckets 25 % wide from 0.1 ms)'),
  ),
})
export type EdgeStatsRowData = v.InferOutput<typeof EdgeStatsRow>

export const EdgeStatsBatch = v.object({
  id: v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9._:-]{8,120}$/, 'must be 8 to 120 letters, digits or ._:-'),
    v.description('The batch’s own id: a batch sent twice is counted once'),
  ),
  rows: v.pipe(v.array(EdgeStatsRow), v.maxLength(MAX_STATS_ROWS), v.description('Each website’s counts a minute')),
})
export type EdgeStatsBatchData = v.InferOutput<typeof EdgeStatsBatch>

/** `POST /edge/nodes/{node}/stats`. */
export const EdgeStatsPost = v.object({
  batches: v.pipe(
    v.array(EdgeStatsBatch),
    v.minLength(1),
    v.maxLength(MAX_STATS_BATCHES),
    v.description('The sealed batches the node holds, oldest first (at most 20 a request)'),
  ),
})
export type EdgeStatsPostData = v.InferOutput<typeof EdgeStatsPost>

export const EdgeStatsAnswer = v.object({
  accepted: v.pipe(v.array(v.string()), v.description('The batches counted now')),
  duplicates: v.pipe(v.array(v.string()), v.description('The batches counted before: nothing was added')),
  dropped_rows: v.pipe(
    v.number(),
    v.description('Rows of projects the node does not serve, or of minutes older than the hour retention'),
  ),
  clamped_rows: v.pipe(
    v.number(),
    v.description(
      "Rows of minutes in the platform's future (the node's clock is ahead by more than 10 s), counted in the minute they arrived in",
    ),
  ),
})
