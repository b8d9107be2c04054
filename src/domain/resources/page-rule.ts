import * as v from 'valibot'
import { Hostname, integer, jsonObject, Slug, uniqueItems } from '../common.ts'

export const MATCH_TYPES = ['prefix', 'exact', 'glob', 'regex'] as const
export const CACHE_MODES = ['bypass', 'standard', 'cache_everything'] as const
export const REDIRECT_STATUSES = [301, 302, 307, 308] as const
export const HEADER_OPS = ['set', 'append', 'unset'] as const
export const ACTION_KINDS = ['cache', 'redirect', 'director', 'synthetic'] as const
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const

export type MatchType = (typeof MATCH_TYPES)[number]
export type ActionKind = (typeof ACTION_KINDS)[number]

/** A year, the longest TTL the edge keeps anything. */
const MAX_TTL_S = 31_536_000

/**
 * The message of a nested object's own issues: a missing key says `is required` (on the key's path),
 * anything else that is not an object says so.
 */
export function objectMessage(issue: v.BaseIssue<unknown>): string {
  return issue.input === undefined && issue.path ? 'is required' : 'must be an object'
}

/** An HTTP header name: an RFC 7230 token. */
export const HeaderName = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.maxLength(256, 'at most 256 characters'),
  v.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be a header name such as X-Cache'),
)

/** A header value: one line (a line break would inject another header), at most 4 KiB. */
export const HeaderValue = v.pipe(
  v.string('must be a string'),
  v.maxLength(4096, 'at most 4096 characters'),
  v.check((value) => !/[\r\n]/.test(value), 'must not contain line breaks'),
)

/** Whether a pattern compiles as a JavaScript regular expression. */
export function isRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern)
    return true
  } catch {
    return false
  }
}

export const PageRuleMatch = v.pipe(
  jsonObject(
    {
      // A regex may start with an anchor (`^/api/`), so the leading slash is checked below, per match type.
      path: v.optional(v.pipe(v.string('must be a string'), v.maxLength(2048, 'at most 2048 characters')), '/'),
      match_type: v.optional(v.picklist(MATCH_TYPES, 'must be prefix, exact, glob or regex'), 'glob'),
      /** No methods: the rule applies to every method. */
      methods: v.optional(
        v.pipe(
          v.array(v.picklist(HTTP_METHODS, 'must be one of GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD')),
          uniqueItems<(typeof HTTP_METHODS)[number]>('each method once'),
        ),
        [],
      ),
      /** No hosts: the rule applies to every domain of its website. */
      hosts: v.optional(v.pipe(v.array(Hostname), uniqueItems<string>('each host once')), []),
    },
    objectMessage,
  ),
  v.forward(
    v.check((match) => match.match_type === 'regex' || match.path.startsWith('/'), 'must start with /'),
    ['path'],
  ),
  v.forward(
    v.check((match) => match.match_type !== 'regex' || isRegExp(match.path), 'must be a valid regular expression'),
    ['path'],
  ),
)

/** Absolute http(s) URLs and paths of the same site; `//host` (protocol-relative) is neither. */
function isRedirectTarget(target: string): boolean {
  if (target.startsWith('/')) return !target.startsWith('//')
  if (!URL.canParse(target)) return false
  const url = new URL(target)
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
}

const REDIRECT_STATUS_MESSAGE = 'must be 301, 302, 307 or 308'

/** Numeric strings are accepted from forms, as with every other number. */
const RedirectStatus = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.regex(/^\d+$/, REDIRECT_STATUS_MESSAGE), v.transform(Number))],
    REDIRECT_STATUS_MESSAGE,
  ),
  v.picklist(REDIRECT_STATUSES, REDIRECT_STATUS_MESSAGE),
)

export const CacheAction = jsonObject(
  {
    kind: v.literal('cache'),
    mode: v.optional(v.picklist(CACHE_MODES, 'must be bypass, standard or cache_everything'), 'standard'),
    edge_ttl_s: v.optional(integer(0, MAX_TTL_S), 3600),
    browser_ttl_s: v.optional(integer(0, MAX_TTL_S), 0),
    ignore_query: v.optional(v.boolean('must be true or false'), false),
  },
  objectMessage,
)

export const RedirectAction = jsonObject(
  {
    kind: v.literal('redirect'),
    target: v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.maxLength(2048, 'at most 2048 characters'),
      v.check(isRedirectTarget, 'must be an http(s) URL or a path starting with /'),
    ),
    status: v.optional(RedirectStatus, 301),
    preserve_query: v.optional(v.boolean('must be true or false'), true),
  },
  objectMessage,
)

/** Sends the matching requests to another director than the website's default one. */
export const DirectorAction = jsonObject({ kind: v.literal('director'), director: Slug }, objectMessage)

/** Answers the matching requests at the edge with a synthetic response. */
export const SyntheticAction = jsonObject({ kind: v.literal('synthetic'), synthetic: Slug }, objectMessage)

export const PageRuleAction = v.variant(
  'kind',
  [CacheAction, RedirectAction, DirectorAction, SyntheticAction],
  'must be cache, redirect, director or synthetic',
)

export const HeaderOperation = v.pipe(
  jsonObject(
    {
      op: v.optional(v.picklist(HEADER_OPS, 'must be set, append or unset'), 'set'),
      name: HeaderName,
      value: v.optional(HeaderValue, ''),
    },
    objectMessage,
  ),
  v.forward(
    v.check((header) => header.op === 'unset' || header.value !== '', 'a value is required unless the header is unset'),
    ['value'],
  ),
)

const HeaderOperations = v.optional(
  v.pipe(v.array(HeaderOperation, 'must be a list of headers'), v.maxLength(100, 'at most 100 headers')),
  [],
)

/**
 * A rule of a website, applied to the requests it matches; the rules of a website run by priority,
 * lower first, and no two share a priority (checked by the server across the project's rules).
 */
export const PageRuleFields = jsonObject(
  {
    website: Slug,
    enabled: v.optional(v.boolean('must be true or false'), true),
    priority: integer(1, 1000),
    match: v.optional(PageRuleMatch, () => v.parse(PageRuleMatch, {})),
    action: PageRuleAction,
    request_headers: HeaderOperations,
    response_headers: HeaderOperations,
  },
  objectMessage,
)
export type PageRuleInput = v.InferInput<typeof PageRuleFields>
export type PageRuleData = v.InferOutput<typeof PageRuleFields>
