import * as v from 'valibot'

/**
 * Live traffic (issue 24): the last requests through edge agent nodes as they happen. The agent reads
 * them from Varnish's shared log; cookies and authorisation headers are never read, and a query string's
 * values that look like secrets are replaced before a line leaves the node.
 */

/** How a node answered: from its cache (hit), from the origin (miss, pass, pipe), or by itself (synth). */
export const CACHE_RESULTS = ['hit', 'miss', 'pass', 'pipe', 'synth'] as const
export type CacheResult = (typeof CACHE_RESULTS)[number]

/** The most lines a node sends at a time; past it, it sends an even sample and says how many it saw. */
export const MAX_TRAFFIC_BATCH = 50
/** The most lines the console keeps on screen. */
export const LIVE_TRAFFIC_SHOWN = 200

const text = (max: number, description: string) => v.pipe(v.string(), v.maxLength(max), v.description(description))

/** One request as a node saw it. */
export const TrafficLine = v.object({
  at: v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 time'), v.description('When the node answered')),
  host: text(253, 'The Host it was asked for'),
  method: text(16, 'The HTTP method'),
  path: text(2048, 'The path, without the query string'),
  query: text(2048, 'The query string without its "?", secret-looking values replaced; empty for none'),
  status: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(999), v.description('The status it answered')),
  cache: v.pipe(v.picklist(CACHE_RESULTS), v.description('hit, miss, pass, pipe or synth')),
  bytes: v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Body bytes sent')),
  duration_ms: v.pipe(v.number(), v.minValue(0), v.description('Time to the first byte, in milliseconds')),
  client_country: v.pipe(
    v.nullable(v.pipe(v.string(), v.regex(/^[a-z]{2}$/))),
    v.description('The client’s country (ISO 3166 alpha-2, lower case); null where the node has no geo database'),
  ),
})
export type TrafficLineData = v.InferOutput<typeof TrafficLine>

/** `POST /edge/nodes/{node}/traffic`: what a node saw since its last batch. */
export const TrafficBatch = v.object({
  lines: v.pipe(
    v.array(
      v.object({
        ...TrafficLine.entries,
        project: v.pipe(v.string(), v.maxLength(100), v.description('The project whose website answered the host')),
      }),
    ),
    v.maxLength(MAX_TRAFFIC_BATCH),
    v.description('The requests, oldest first, each with the project whose host it was'),
  ),
  seen: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(0),
    v.description('How many requests it saw since its last batch (more than the lines when it sampled)'),
  ),
})
export type TrafficBatchData = v.InferOutput<typeof TrafficBatch>

/** One `request` event of the live stream: a line, the node that answered, and whether the node sampled. */
export const LiveTrafficLineSchema = v.object({
  ...TrafficLine.entries,
  id: v.pipe(v.string(), v.description('The request’s id, growing with each request the platform keeps')),
  node: v.pipe(v.string(), v.description('The node that answered it')),
  sampled: v.pipe(v.boolean(), v.description('The node sent a sample of a busy moment: not every request shows')),
})
export type LiveTrafficLine = v.InferOutput<typeof LiveTrafficLineSchema>

/** A query parameter whose name says it carries a credential. */
const SECRET_NAME =
  /(^|[_-])(token|secret|password|passwd|pwd|pass|key|apikey|api_key|auth|authorization|signature|sig|session|sessionid|sid|code|credential|jwt|otp)s?($|[_-])|token|secret|password|apikey|session/i
/** A value that looks like a credential whatever its name: a JWT, or a long random-looking string. */
const SECRET_VALUE = /^(eyJ[\w-]+\.[\w-]+\.[\w-]*|[A-Za-z0-9+/_=-]{32,})$/

export const REDACTED = 'REDACTED'

/**
 * A query string fit to show: every value whose name or shape looks like a secret replaced by REDACTED,
 * the rest as it was. Used by the agent before a line leaves the node, and by the platform again.
 */
export function redactQuery(query: string): string {
  if (query === '') return ''
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals < 0) return SECRET_VALUE.test(safeDecode(pair)) ? REDACTED : pair
      const name = pair.slice(0, equals)
      const value = pair.slice(equals + 1)
      if (value === '') return pair
      return SECRET_NAME.test(safeDecode(name)) || SECRET_VALUE.test(safeDecode(value)) ? `${name}=${REDACTED}` : pair
    })
    .join('&')
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return text
  }
}

/** `count` items evenly spread over `items` (all of them when there are no more). */
export function evenSample<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items]
  const step = items.length / count
  return Array.from({ length: count }, (_, index) => items[Math.floor(index * step)] as T)
}
