import * as v from 'valibot'
import { integer, jsonObject, Slug, uniqueItems } from '../../domain/common.ts'
import { HTTP_METHODS, isRegExp, objectMessage } from '../../domain/field-rules.ts'
import { VCL_HEADER_NAME } from '../../domain/vcl.ts'

export const RATE_LIMIT_MATCH_TYPES = ['prefix', 'exact', 'regex'] as const
export const RATE_LIMIT_PERIODS = [1, 10, 60, 300, 3600] as const
export const RATE_LIMIT_ACTIONS = ['block', 'challenge', 'log'] as const
export const COUNTER_SCOPES = ['per_node', 'global'] as const

/**
 * What a request is counted by. Keys without a name stand alone (`ip`); the others name the header,
 * cookie or query parameter whose value counts (`header:X-Api-Key`).
 */
export const RATE_LIMIT_KEY_KINDS = ['ip', 'ip_prefix', 'header', 'cookie', 'query', 'country'] as const
export const NAMED_KEY_KINDS: readonly string[] = ['header', 'cookie', 'query']
/** At most this many keys: each one multiplies the counters an edge node keeps. */
export const MAX_RATE_LIMIT_KEYS = 5

/** A header, cookie or query parameter name: an RFC 7230 token, which covers all three. */
const KEY_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/

/** Why a key is not one of ip, ip_prefix, country, header:NAME, cookie:NAME or query:NAME; null if it is. */
export function rateLimitKeyProblem(key: string): string | null {
  const colon = key.indexOf(':')
  const kind = colon === -1 ? key : key.slice(0, colon)
  if (!(RATE_LIMIT_KEY_KINDS as readonly string[]).includes(kind)) {
    return 'must be ip, ip_prefix, country, header:NAME, cookie:NAME or query:NAME'
  }
  if (!NAMED_KEY_KINDS.includes(kind)) return colon === -1 ? null : `${kind} takes no name`
  const name = colon === -1 ? '' : key.slice(colon + 1)
  if (name === '') return `name the ${kind === 'query' ? 'query parameter' : kind}`
  if (!KEY_NAME.test(name)) return `the ${kind} name must be letters, digits and -_.!#$%&'*+^\`|~ (at most 128)`
  // A header is named in the node's VCL as it is (req.http.<name>); a cookie or parameter only in a pattern.
  if (kind === 'header' && !VCL_HEADER_NAME.test(name))
    return 'the header name must be letters, digits, - and _, starting with a letter'
  return null
}

const RateLimitKey = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.check(
    (key) => rateLimitKeyProblem(key) === null,
    (issue) => rateLimitKeyProblem(String(issue.input)) ?? '',
  ),
)

const Period = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))],
    'must be 1, 10, 60, 300 or 3600 seconds',
  ),
  // Before the second schema: openapi.json describes the input, which ends there.
  v.description('The counting period in seconds: 1, 10, 60, 300 or 3600'),
  v.picklist(RATE_LIMIT_PERIODS, 'must be 1, 10, 60, 300 or 3600 seconds'),
)

const Match = v.pipe(
  jsonObject(
    {
      paths: v.optional(
        v.pipe(
          v.array(
            v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(2048)),
            'must be a list of paths',
          ),
          uniqueItems<string>('each path once'),
          v.maxLength(100, 'at most 100 paths'),
          v.description('Paths whose requests count; none for every path'),
        ),
        [],
      ),
      match_type: v.optional(
        v.pipe(
          v.picklist(RATE_LIMIT_MATCH_TYPES, 'must be prefix, exact or regex'),
          v.description('How paths are compared: prefix, exact or a regular expression'),
        ),
        'prefix',
      ),
      methods: v.optional(
        v.pipe(
          v.array(v.picklist(HTTP_METHODS, 'must be one of GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD')),
          uniqueItems<(typeof HTTP_METHODS)[number]>('each method once'),
          v.description('Methods whose requests count; none for every method'),
        ),
        [],
      ),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck(
      [['match_type'], ['paths']],
      (match) => match.match_type === 'regex' || match.paths.every((path) => path.startsWith('/')),
      'each path must start with /',
    ),
    ['paths'],
  ),
  v.forward(
    v.partialCheck(
      [['match_type'], ['paths']],
      (match) => match.match_type !== 'regex' || match.paths.every(isRegExp),
      'each path must be a valid regular expression',
    ),
    ['paths'],
  ),
)

/** A request rate limit a website applies (RESOURCES.md, Security). */
export const RateLimitFields = v.pipe(
  jsonObject(
    {
      enabled: v.optional(v.pipe(v.boolean('must be true or false'), v.description('Off keeps it but skips it')), true),
      match: v.optional(v.pipe(Match, v.description('Which requests count')), () => v.parse(Match, {})),
      keys: v.optional(
        v.pipe(
          v.array(RateLimitKey, 'must be a list of keys'),
          v.minLength(1, 'count requests by at least one key'),
          v.maxLength(MAX_RATE_LIMIT_KEYS, `at most ${MAX_RATE_LIMIT_KEYS} keys`),
          uniqueItems<string>('each key once'),
          v.description('What requests are counted by: ip, ip_prefix, country, header:NAME, cookie:NAME, query:NAME'),
        ),
        ['ip'],
      ),
      limit: v.optional(v.pipe(integer(1, 1_000_000_000), v.description('Requests allowed per key and period')), 100),
      period_s: v.optional(Period, 60),
      action: v.optional(
        v.pipe(
          v.picklist(RATE_LIMIT_ACTIONS, 'must be block, challenge or log'),
          v.description('What happens past the limit'),
        ),
        'block',
      ),
      challenge: v.optional(
        v.pipe(v.nullable(Slug), v.description('The captcha shown when the action is challenge')),
        null,
      ),
      penalty_s: v.optional(v.pipe(integer(60, 86_400), v.description('Seconds a key stays limited')), 600),
      response_status: v.optional(v.pipe(integer(400, 599), v.description('Status of a blocked request')), 429),
      counter_scope: v.optional(
        v.pipe(
          v.picklist(COUNTER_SCOPES, 'must be per_node or global'),
          v.description('Count on each node alone, or across the platform'),
        ),
        'per_node',
      ),
      bypass_iplists: v.optional(
        v.pipe(
          v.array(Slug, 'must be a list of IP list names'),
          uniqueItems<string>(),
          v.description('IP lists whose addresses are never limited'),
        ),
        [],
      ),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck(
      [['action'], ['challenge']],
      (limit) => limit.action !== 'challenge' || limit.challenge !== null,
      'pick the captcha to show',
    ),
    ['challenge'],
  ),
  // A captcha left over from an earlier challenge action is dropped, as the form hides it.
  v.transform((limit) => (limit.action === 'challenge' ? limit : { ...limit, challenge: null })),
)
export type RateLimitData = v.InferOutput<typeof RateLimitFields>
