import * as v from 'valibot'
import { Hostname, integer, jsonObject, Slug, uniqueItems } from '../../domain/common.ts'
import { HTTP_METHODS, isRegExp, objectMessage } from '../../domain/field-rules.ts'
import { VCL_HEADER_NAME } from '../../domain/vcl.ts'

/** A C0 control character or DEL: what a header a node sends cannot hold (but a tab). */
const isControl = (char: string) => char < ' ' || char === '\u007f'

export const MATCH_TYPES = ['prefix', 'exact', 'glob', 'regex'] as const
export const CACHE_MODES = ['bypass', 'standard', 'cache_everything'] as const
export const REDIRECT_STATUSES = [301, 302, 307, 308] as const
export const HEADER_OPS = ['set', 'append', 'unset'] as const
export const ACTION_KINDS = ['cache', 'redirect', 'director', 'synthetic'] as const

export type MatchType = (typeof MATCH_TYPES)[number]
export type ActionKind = (typeof ACTION_KINDS)[number]

/** A year, the longest TTL the edge keeps anything. */
const MAX_TTL_S = 31_536_000

/**
 * An HTTP header name as a node's VCL names it (`resp.http.X-Cache`, written as it is): an RFC 7230 token
 * VCL can hold, so no `.`, `'`, `|` and the like, which broke the whole project's VCL on every node.
 */
export const HeaderName = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.maxLength(256, 'at most 256 characters'),
  v.regex(
    VCL_HEADER_NAME,
    'must be a header name of letters, digits, - and _, starting with a letter, such as X-Cache',
  ),
)

/** A header value: one line (a line break would inject another header), at most 4 KiB. */
export const HeaderValue = v.pipe(
  v.string('must be a string'),
  v.maxLength(4096, 'at most 4096 characters'),
  v.check((value) => !/[\r\n]/.test(value), 'must not contain line breaks'),
  // Varnish answers 503 'VCL failed' when VCL sets a header holding one (the NUL broke the VCL itself).
  v.check(
    (value) => ![...value].some((char) => isControl(char) && !['\t', '\r', '\n'].includes(char)),
    'must not contain control characters (a tab is fine)',
  ),
)

export const PageRuleMatch = v.pipe(
  jsonObject(
    {
      // A regex may start with an anchor (`^/api/`), so the leading slash is checked below, per match type.
      path: v.optional(
        v.pipe(
          v.string('must be a string'),
          v.maxLength(2048, 'at most 2048 characters'),
          v.description('Path pattern the request must match, read as match_type says'),
        ),
        '/',
      ),
      match_type: v.optional(
        v.pipe(
          v.picklist(MATCH_TYPES, 'must be prefix, exact, glob or regex'),
          v.description('How path is compared: prefix, exact, glob (* and ?) or a regular expression'),
        ),
        'glob',
      ),
      methods: v.optional(
        v.pipe(
          v.array(v.picklist(HTTP_METHODS, 'must be one of GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD')),
          uniqueItems<(typeof HTTP_METHODS)[number]>('each method once'),
          v.description('Request methods it applies to; none for every method'),
        ),
        [],
      ),
      hosts: v.optional(
        v.pipe(
          v.array(Hostname),
          uniqueItems<string>('each host once'),
          v.description('Host names it applies to; none for every domain of its website'),
        ),
        [],
      ),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck(
      [['match_type'], ['path']],
      (match) => match.match_type === 'regex' || match.path.startsWith('/'),
      'must start with /',
    ),
    ['path'],
  ),
  v.forward(
    v.partialCheck(
      [['match_type'], ['path']],
      (match) => match.match_type !== 'regex' || isRegExp(match.path),
      'must be a valid regular expression',
    ),
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
  // Before the second schema: openapi.json describes the input, which ends there.
  v.description('Redirect status: 301, 302, 307 or 308'),
  v.picklist(REDIRECT_STATUSES, REDIRECT_STATUS_MESSAGE),
)

export const CacheAction = jsonObject(
  {
    kind: v.pipe(v.literal('cache'), v.description('cache: change how the matching responses are cached')),
    mode: v.optional(
      v.pipe(
        v.picklist(CACHE_MODES, 'must be bypass, standard or cache_everything'),
        v.description('bypass never caches, standard follows the origin, cache_everything caches any answer'),
      ),
      'standard',
    ),
    edge_ttl_s: v.optional(v.pipe(integer(0, MAX_TTL_S), v.description('Seconds the edge keeps a response')), 3600),
    browser_ttl_s: v.optional(
      v.pipe(integer(0, MAX_TTL_S), v.description('Seconds browsers may keep it (Cache-Control max-age)')),
      0,
    ),
    ignore_query: v.optional(
      v.pipe(v.boolean('must be true or false'), v.description('Cache one copy whatever the query string')),
      false,
    ),
  },
  objectMessage,
)

export const RedirectAction = jsonObject(
  {
    kind: v.pipe(v.literal('redirect'), v.description('redirect: answer with a redirect')),
    target: v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.maxLength(2048, 'at most 2048 characters'),
      v.check(isRedirectTarget, 'must be an http(s) URL or a path starting with /'),
      // It is the Location header a node sends (see HeaderValue).
      v.check((value) => ![...value].some(isControl), 'must not contain control characters'),
      v.description('Where to: an http(s) URL or a path starting with /'),
    ),
    status: v.optional(RedirectStatus, 301),
    preserve_query: v.optional(
      v.pipe(v.boolean('must be true or false'), v.description('Keep the request’s query string on the target')),
      true,
    ),
  },
  objectMessage,
)

/** Sends the matching requests to another director than the website's default one. */
export const DirectorAction = jsonObject(
  {
    kind: v.pipe(v.literal('director'), v.description('director: send to another director')),
    director: v.pipe(Slug, v.description('The director to send them to')),
  },
  objectMessage,
)

/** Answers the matching requests at the edge with a synthetic response. */
export const SyntheticAction = jsonObject(
  {
    kind: v.pipe(v.literal('synthetic'), v.description('synthetic: answer with a synthetic response')),
    synthetic: v.pipe(Slug, v.description('The synthetic response to answer with')),
  },
  objectMessage,
)

export const PageRuleAction = v.variant(
  'kind',
  [CacheAction, RedirectAction, DirectorAction, SyntheticAction],
  'must be cache, redirect, director or synthetic',
)

export const HeaderOperation = v.pipe(
  jsonObject(
    {
      op: v.optional(
        v.pipe(
          v.picklist(HEADER_OPS, 'must be set, append or unset'),
          v.description('set replaces the header, append adds a value, unset removes it'),
        ),
        'set',
      ),
      name: v.pipe(HeaderName, v.description('Header name')),
      value: v.optional(v.pipe(HeaderValue, v.description('Header value; none with unset')), ''),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck(
      [['op'], ['value']],
      (header) => header.op === 'unset' || header.value !== '',
      'a value is required unless the header is unset',
    ),
    ['value'],
  ),
)

const headerOperations = (text: string) =>
  v.optional(
    v.pipe(
      v.array(HeaderOperation, 'must be a list of headers'),
      v.maxLength(100, 'at most 100 headers'),
      v.description(text),
    ),
    [],
  )

/**
 * A rule of a website, applied to the requests it matches; the rules of a website run by priority,
 * lower first, and no two share a priority (checked by the server across the project's rules).
 */
export const PageRuleFields = jsonObject(
  {
    website: v.pipe(Slug, v.description('The website whose requests it applies to')),
    enabled: v.optional(v.pipe(v.boolean('must be true or false'), v.description('Off keeps it but skips it')), true),
    priority: v.pipe(
      integer(1, 1000),
      v.description('Order among the website’s rules, lower first; unique in the project'),
    ),
    match: v.optional(v.pipe(PageRuleMatch, v.description('Which requests it applies to')), () =>
      v.parse(PageRuleMatch, {}),
    ),
    action: v.pipe(PageRuleAction, v.description('What it does with them, by kind')),
    request_headers: headerOperations('Changes to the request headers sent to the origin'),
    response_headers: headerOperations('Changes to the response headers sent to the client'),
  },
  objectMessage,
)
export type PageRuleInput = v.InferInput<typeof PageRuleFields>
export type PageRuleData = v.InferOutput<typeof PageRuleFields>
