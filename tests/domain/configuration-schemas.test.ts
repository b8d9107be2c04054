import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { TLS_PROTOCOLS } from '../../src/domain/field-rules.ts'
import { CaptchaFields } from '../../src/types/captchas/fields.ts'
import { CODE_SNIPPET_MAX_BYTES, CodeSnippetFields, VCL_HOOKS } from '../../src/types/code-snippets/fields.ts'
import { DIRECTOR_TYPES, DirectorFields } from '../../src/types/directors/fields.ts'
import { IpListFields } from '../../src/types/ip-lists/fields.ts'
import {
  certificateAttention,
  certificateState,
  coversDomain,
  LeCertificateFields,
  unservedDomains,
} from '../../src/types/le-certificates/fields.ts'
import {
  CACHE_MODES,
  HEADER_OPS,
  HeaderName,
  MATCH_TYPES,
  PageRuleFields,
  REDIRECT_STATUSES,
} from '../../src/types/page-rules/fields.ts'
import { RateLimitFields, rateLimitKeyProblem } from '../../src/types/rate-limits/fields.ts'
import { SYNTHETIC_BODY_MAX_BYTES, SyntheticFields } from '../../src/types/synthetic-responses/fields.ts'
import { isPemCertificates, TlsPolicyFields } from '../../src/types/tls-policies/fields.ts'
import { WAF_CATEGORIES, WafPolicyFields } from '../../src/types/waf-policies/fields.ts'
import { WebsiteFields } from '../../src/types/websites/fields.ts'

type Schema = v.GenericSchema<unknown, unknown>

/** The parsed value; fails the test with the issues when the input is refused. */
function accept<S extends Schema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (!result.success) {
    throw new Error(`refused: ${JSON.stringify(result.issues.map((i) => [v.getDotPath(i), i.message]))}`)
  }
  return result.output
}

/** The `{field, message}` pairs of a refused input, as the API reports them. */
function problems(schema: Schema, input: unknown): { field: string; message: string }[] {
  const result = v.safeParse(schema, input)
  if (result.success) throw new Error(`accepted: ${JSON.stringify(result.output)}`)
  return result.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', message: issue.message }))
}

const website = (extra: Record<string, unknown> = {}) => ({
  domain_name: 'shop.example.com',
  default_director: 'shop-origin',
  ...extra,
})

const director = (extra: Record<string, unknown> = {}) => ({
  backends: [{ host: 'origin.example.com', port: 443 }],
  ...extra,
})

const pageRule = (extra: Record<string, unknown> = {}) => ({
  website: 'shop-example-com',
  priority: 10,
  action: { kind: 'cache' },
  ...extra,
})

const snippet = (extra: Record<string, unknown> = {}) => ({
  hook: 'vcl_recv',
  content: 'set req.http.X-A = "1";',
  ...extra,
})

describe('website fields', () => {
  it('fills every default rule, the cache settings and the empty lists', () => {
    expect(accept(WebsiteFields, website())).toEqual({
      domain_name: 'shop.example.com',
      domain_aliases: [],
      default_director: 'shop-origin',
      ssl_policies: [],
      rate_limits: [],
      challenges: [],
      page_rules: [],
      default_rules: {
        trust_x_forwarded_for: false,
        streaming_enabled: false,
        retry_on_5xx_error: true,
        debug_mode: false,
        api_path_enabled: false,
        api_path: '/api',
        geoip_lookup_country_enabled: false,
        geoip_lookup_continent_enabled: false,
        hsts_enabled: false,
        custom_vcl_recv: null,
        custom_vcl_synth: null,
        custom_vcl_backend_fetch: null,
        custom_vcl_backend_response: null,
        custom_vcl_deliver: null,
      },
      cache: { default_ttl_s: 3600, redirect_http_to_https: false },
    })
  })

  it('fills the defaults of default rules left out when some are given', () => {
    const parsed = accept(WebsiteFields, website({ default_rules: { hsts_enabled: true, custom_vcl_recv: 'strip' } }))
    expect(parsed.default_rules).toMatchObject({
      hsts_enabled: true,
      custom_vcl_recv: 'strip',
      retry_on_5xx_error: true,
    })
    expect(parsed.cache).toEqual({ default_ttl_s: 3600, redirect_http_to_https: false })
  })

  it('requires the API path to start with a slash and VCL snippet references to be names', () => {
    expect(problems(WebsiteFields, website({ default_rules: { api_path: 'api' } }))).toEqual([
      { field: 'default_rules.api_path', message: 'must start with /' },
    ])
    expect(problems(WebsiteFields, website({ default_rules: { custom_vcl_deliver: 'Not A Name' } }))[0]?.field).toBe(
      'default_rules.custom_vcl_deliver',
    )
  })

  it('keeps the default TTL between 0 and a year', () => {
    expect(accept(WebsiteFields, website({ cache: { default_ttl_s: 0 } })).cache.default_ttl_s).toBe(0)
    expect(accept(WebsiteFields, website({ cache: { default_ttl_s: '31536000' } })).cache.default_ttl_s).toBe(
      31_536_000,
    )
    expect(problems(WebsiteFields, website({ cache: { default_ttl_s: -1 } }))).toEqual([
      { field: 'cache.default_ttl_s', message: 'must be at least 0' },
    ])
    expect(problems(WebsiteFields, website({ cache: { default_ttl_s: 31_536_001 } }))).toEqual([
      { field: 'cache.default_ttl_s', message: 'must be at most 31536000' },
    ])
    expect(problems(WebsiteFields, website({ cache: { default_ttl_s: 1.5 } }))).toEqual([
      { field: 'cache.default_ttl_s', message: 'must be a whole number' },
    ])
  })

  it('lowercases the domain name and refuses what is not a host name', () => {
    expect(accept(WebsiteFields, website({ domain_name: ' Shop.Example.COM ' })).domain_name).toBe('shop.example.com')
    for (const domain_name of ['shop example.com', '-shop.example.com', '*.example.com', 'shop..example.com', '']) {
      expect(problems(WebsiteFields, website({ domain_name }))).toEqual([
        { field: 'domain_name', message: 'must be a host name such as shop.example.com' },
      ])
    }
  })

  it('validates every alias as a host name', () => {
    expect(problems(WebsiteFields, website({ domain_aliases: ['www.example.com', 'not valid'] }))).toEqual([
      { field: 'domain_aliases.1', message: 'must be a host name such as shop.example.com' },
    ])
  })

  it('takes each alias once, also when they differ only in case', () => {
    expect(problems(WebsiteFields, website({ domain_aliases: ['www.example.com', 'WWW.example.com'] }))).toEqual([
      { field: 'domain_aliases', message: 'each alias once' },
    ])
  })

  it('refuses an alias equal to the domain name', () => {
    expect(problems(WebsiteFields, website({ domain_aliases: ['Shop.example.com'] }))).toEqual([
      { field: 'domain_aliases', message: 'an alias must differ from the domain name' },
    ])
  })

  it('requires a domain name and a default director', () => {
    const fields = problems(WebsiteFields, {}).map((p) => p.field)
    expect(fields).toEqual(['domain_name', 'default_director'])
  })

  it('takes each referenced page rule once', () => {
    expect(problems(WebsiteFields, website({ page_rules: ['a', 'a'] }))).toEqual([
      { field: 'page_rules', message: 'must not contain duplicates' },
    ])
  })
})

describe('director fields', () => {
  it('defaults to round robin with weight 1, the Medium probe, 30 s timeouts and TLS off', () => {
    expect(accept(DirectorFields, director())).toEqual({
      type: 'round_robin',
      sticky_cookie: null,
      sticky_header: null,
      backends: [{ host: 'origin.example.com', port: 443, weight: 1 }],
      probe: {
        enabled: true,
        method: 'GET',
        path: '/',
        host: null,
        status_code: 200,
        window: 3,
        threshold: 2,
        interval_seconds: 10,
        timeout_seconds: 5,
      },
      timeout: { connect_timeout: 30, read_timeout: 30, send_timeout: 30 },
      tls: { enabled: false, session_reuse: true, protocols: [] },
      waf_config: null,
    })
  })

  it('accepts all ten types', () => {
    expect(DIRECTOR_TYPES).toHaveLength(10)
    for (const type of DIRECTOR_TYPES) {
      const parsed = accept(DirectorFields, director({ type, sticky_cookie: 'session', sticky_header: 'X-User' }))
      expect(parsed.type).toBe(type)
    }
    expect(problems(DirectorFields, director({ type: 'random' }))).toEqual([
      { field: 'type', message: 'must be one of the director types' },
    ])
  })

  it('requires a cookie name for the cookie-sticky types', () => {
    for (const type of ['round_robin_sticky_cookie', 'shard_sticky_cookie']) {
      expect(problems(DirectorFields, director({ type }))).toEqual([
        { field: 'sticky_cookie', message: 'a cookie name is required for this director type' },
      ])
      expect(problems(DirectorFields, director({ type, sticky_cookie: '   ' }))[0]?.field).toBe('sticky_cookie')
      expect(accept(DirectorFields, director({ type, sticky_cookie: 'session' })).sticky_cookie).toBe('session')
    }
  })

  it('requires a header name for the header-sticky types', () => {
    for (const type of ['round_robin_sticky_header', 'shard_sticky_header']) {
      expect(problems(DirectorFields, director({ type }))).toEqual([
        { field: 'sticky_header', message: 'a header name is required for this director type' },
      ])
      expect(accept(DirectorFields, director({ type, sticky_header: 'X-User' })).sticky_header).toBe('X-User')
    }
  })

  it('takes as sticky header only a name a node can write in its VCL (it is written there as it is)', () => {
    const message = 'must be a header name of letters, digits, - and _, starting with a letter, such as X-User'
    const type = 'round_robin_sticky_header'
    for (const sticky_header of ['X-A); return (synth(200, std.fileread("/etc/passwd"))); #', 'X.User', '1-User', 'é'])
      expect(problems(DirectorFields, director({ type, sticky_header }))).toEqual([{ field: 'sticky_header', message }])
    expect(accept(DirectorFields, director({ type, sticky_header: 'X-Client_Id2' })).sticky_header).toBe('X-Client_Id2')
  })

  it('needs neither sticky name for the other types', () => {
    for (const type of DIRECTOR_TYPES.filter((t) => !t.endsWith('_cookie') && !t.endsWith('_header'))) {
      expect(accept(DirectorFields, director({ type })).type).toBe(type)
    }
  })

  it('takes 1 to 64 backends', () => {
    expect(problems(DirectorFields, director({ backends: [] }))).toEqual([
      { field: 'backends', message: 'add at least one backend' },
    ])
    const backends = (n: number) => Array.from({ length: n }, (_, i) => ({ host: `o${i}.example.com`, port: 80 }))
    expect(accept(DirectorFields, director({ backends: backends(64) })).backends).toHaveLength(64)
    expect(problems(DirectorFields, director({ backends: backends(65) }))).toEqual([
      { field: 'backends', message: 'at most 64 backends' },
    ])
    expect(problems(DirectorFields, {})[0]?.field).toBe('backends')
  })

  it('takes a host name or an IP address as backend host', () => {
    for (const host of ['origin.example.com', '192.0.2.10', '2001:db8::1']) {
      expect(accept(DirectorFields, director({ backends: [{ host, port: 80 }] })).backends[0]?.host).toBe(host)
    }
    expect(problems(DirectorFields, director({ backends: [{ host: 'not a host', port: 80 }] }))).toEqual([
      { field: 'backends.0.host', message: 'must be a host name or an IP address' },
    ])
  })

  it('keeps ports within 1-65535 and weights within 0-100', () => {
    const backend = (extra: Record<string, unknown>) => director({ backends: [{ host: 'o.example.com', ...extra }] })
    expect(accept(DirectorFields, backend({ port: 1 })).backends[0]?.port).toBe(1)
    expect(accept(DirectorFields, backend({ port: '65535' })).backends[0]?.port).toBe(65535)
    expect(problems(DirectorFields, backend({ port: 0 }))).toEqual([
      { field: 'backends.0.port', message: 'must be at least 1' },
    ])
    expect(problems(DirectorFields, backend({ port: 65536 }))).toEqual([
      { field: 'backends.0.port', message: 'must be at most 65535' },
    ])
    expect(accept(DirectorFields, backend({ port: 80, weight: 0 })).backends[0]?.weight).toBe(0)
    expect(accept(DirectorFields, backend({ port: 80, weight: 100 })).backends[0]?.weight).toBe(100)
    expect(problems(DirectorFields, backend({ port: 80, weight: 101 }))).toEqual([
      { field: 'backends.0.weight', message: 'must be at most 100' },
    ])
    expect(problems(DirectorFields, backend({ port: 80, weight: -1 }))).toEqual([
      { field: 'backends.0.weight', message: 'must be at least 0' },
    ])
  })

  it('keeps the probe threshold within the window and every probe number in bounds', () => {
    expect(problems(DirectorFields, director({ probe: { window: 2, threshold: 3 } }))).toEqual([
      { field: 'probe.threshold', message: 'must not exceed the window' },
    ])
    expect(accept(DirectorFields, director({ probe: { window: 5, threshold: 5 } })).probe).toMatchObject({
      window: 5,
      threshold: 5,
      interval_seconds: 10,
    })
    const bounds: [string, number, number][] = [
      ['window', 1, 20],
      ['interval_seconds', 1, 300],
      ['timeout_seconds', 1, 60],
      ['status_code', 100, 599],
    ]
    for (const [field, min, max] of bounds) {
      const extra = field === 'window' ? { threshold: 1 } : {}
      expect(accept(DirectorFields, director({ probe: { [field]: min, ...extra } })).probe).toMatchObject({
        [field]: min,
      })
      // A window of 0 is also below the threshold: that second message is expected, so look for the first.
      expect(problems(DirectorFields, director({ probe: { [field]: min - 1, ...extra } }))).toContainEqual({
        field: `probe.${field}`,
        message: `must be at least ${min}`,
      })
      expect(problems(DirectorFields, director({ probe: { [field]: max + 1, ...extra } }))).toEqual([
        { field: `probe.${field}`, message: `must be at most ${max}` },
      ])
    }
    expect(problems(DirectorFields, director({ probe: { path: 'health' } }))).toEqual([
      { field: 'probe.path', message: 'must start with /' },
    ])
    expect(problems(DirectorFields, director({ probe: { method: 'TRACE' } }))).toEqual([
      { field: 'probe.method', message: 'must be one of GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD' },
    ])
  })

  it('keeps each timeout within 1-600 seconds, 30 by default', () => {
    for (const field of ['connect_timeout', 'read_timeout', 'send_timeout']) {
      const parsed = accept(DirectorFields, director({ timeout: { [field]: 600 } }))
      expect(parsed.timeout).toEqual({ connect_timeout: 30, read_timeout: 30, send_timeout: 30, [field]: 600 })
      expect(problems(DirectorFields, director({ timeout: { [field]: 0 } }))).toEqual([
        { field: `timeout.${field}`, message: 'must be at least 1' },
      ])
      expect(problems(DirectorFields, director({ timeout: { [field]: 601 } }))).toEqual([
        { field: `timeout.${field}`, message: 'must be at most 600' },
      ])
    }
  })

  it('takes the TLS protocols from TLSv1 to TLSv1.3 only', () => {
    expect(accept(DirectorFields, director({ tls: { enabled: true, protocols: [...TLS_PROTOCOLS] } })).tls).toEqual({
      enabled: true,
      session_reuse: true,
      protocols: ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'],
    })
    expect(problems(DirectorFields, director({ tls: { protocols: ['SSLv3'] } }))).toEqual([
      { field: 'tls.protocols.0', message: 'must be TLSv1, TLSv1.1, TLSv1.2 or TLSv1.3' },
    ])
  })
})

describe('page rule fields', () => {
  it('fills the defaults of the rule, its match and a cache action', () => {
    expect(accept(PageRuleFields, pageRule())).toEqual({
      website: 'shop-example-com',
      enabled: true,
      priority: 10,
      match: { path: '/', match_type: 'glob', methods: [], hosts: [] },
      action: { kind: 'cache', mode: 'standard', edge_ttl_s: 3600, browser_ttl_s: 0, ignore_query: false },
      request_headers: [],
      response_headers: [],
    })
  })

  it('requires the website, the priority and the action', () => {
    expect(problems(PageRuleFields, {})).toEqual([
      { field: 'website', message: 'is required' },
      { field: 'priority', message: 'is required' },
      { field: 'action', message: 'is required' },
    ])
    expect(problems(PageRuleFields, pageRule({ website: 'Shop Site' }))[0]?.field).toBe('website')
  })

  it('keeps the priority a whole number within 1-1000', () => {
    expect(accept(PageRuleFields, pageRule({ priority: 1 })).priority).toBe(1)
    expect(accept(PageRuleFields, pageRule({ priority: '1000' })).priority).toBe(1000)
    expect(problems(PageRuleFields, pageRule({ priority: 0 }))).toEqual([
      { field: 'priority', message: 'must be at least 1' },
    ])
    expect(problems(PageRuleFields, pageRule({ priority: 1001 }))).toEqual([
      { field: 'priority', message: 'must be at most 1000' },
    ])
    expect(problems(PageRuleFields, pageRule({ priority: 2.5 }))).toEqual([
      { field: 'priority', message: 'must be a whole number' },
    ])
    // A form's number field left empty sends '': said as a missing value, not as a wrong number.
    expect(problems(PageRuleFields, pageRule({ priority: '' }))).toEqual([
      { field: 'priority', message: 'is required' },
    ])
    expect(problems(PageRuleFields, pageRule({ priority: 'ten' }))).toEqual([
      { field: 'priority', message: 'must be a whole number' },
    ])
  })

  it('accepts each match type and requires a path starting with / for all but regex', () => {
    for (const match_type of MATCH_TYPES) {
      expect(accept(PageRuleFields, pageRule({ match: { path: '/images/', match_type } })).match.match_type).toBe(
        match_type,
      )
    }
    for (const match_type of ['prefix', 'exact', 'glob']) {
      expect(problems(PageRuleFields, pageRule({ match: { path: 'images/*', match_type } }))).toEqual([
        { field: 'match.path', message: 'must start with /' },
      ])
    }
    expect(problems(PageRuleFields, pageRule({ match: { match_type: 'wildcard' } }))).toEqual([
      { field: 'match.match_type', message: 'must be prefix, exact, glob or regex' },
    ])
  })

  it('takes an anchored regular expression and refuses one that does not compile', () => {
    const regex = accept(PageRuleFields, pageRule({ match: { path: '^/api/v[0-9]+/', match_type: 'regex' } }))
    expect(regex.match.path).toBe('^/api/v[0-9]+/')
    expect(problems(PageRuleFields, pageRule({ match: { path: '/(unclosed', match_type: 'regex' } }))).toEqual([
      { field: 'match.path', message: 'must be a valid regular expression' },
    ])
    expect(accept(PageRuleFields, pageRule({ match: { path: '/(unclosed', match_type: 'glob' } })).match.path).toBe(
      '/(unclosed',
    )
  })

  it('limits the path to 2048 characters', () => {
    expect(accept(PageRuleFields, pageRule({ match: { path: `/${'a'.repeat(2047)}` } })).match.path).toHaveLength(2048)
    expect(problems(PageRuleFields, pageRule({ match: { path: `/${'a'.repeat(2048)}` } }))).toEqual([
      { field: 'match.path', message: 'at most 2048 characters' },
    ])
  })

  it('takes HTTP methods and host names, each once', () => {
    const parsed = accept(
      PageRuleFields,
      pageRule({ match: { methods: ['GET', 'HEAD'], hosts: ['WWW.Example.com', 'static.example.com'] } }),
    )
    expect(parsed.match).toMatchObject({ methods: ['GET', 'HEAD'], hosts: ['www.example.com', 'static.example.com'] })
    expect(problems(PageRuleFields, pageRule({ match: { methods: ['GET', 'GET'] } }))).toEqual([
      { field: 'match.methods', message: 'each method once' },
    ])
    expect(problems(PageRuleFields, pageRule({ match: { methods: ['get'] } }))).toEqual([
      { field: 'match.methods.0', message: 'must be one of GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD' },
    ])
    expect(problems(PageRuleFields, pageRule({ match: { hosts: ['a.example.com', 'A.example.com'] } }))).toEqual([
      { field: 'match.hosts', message: 'each host once' },
    ])
    expect(problems(PageRuleFields, pageRule({ match: { hosts: ['not a host'] } }))).toEqual([
      { field: 'match.hosts.0', message: 'must be a host name such as shop.example.com' },
    ])
  })

  it('keeps the cache action to its modes and its TTLs within 0 and a year', () => {
    for (const mode of CACHE_MODES) {
      expect(accept(PageRuleFields, pageRule({ action: { kind: 'cache', mode } })).action).toMatchObject({ mode })
    }
    expect(problems(PageRuleFields, pageRule({ action: { kind: 'cache', mode: 'forever' } }))).toEqual([
      { field: 'action.mode', message: 'must be bypass, standard or cache_everything' },
    ])
    for (const field of ['edge_ttl_s', 'browser_ttl_s']) {
      expect(accept(PageRuleFields, pageRule({ action: { kind: 'cache', [field]: 31_536_000 } })).action).toMatchObject(
        { [field]: 31_536_000 },
      )
      expect(problems(PageRuleFields, pageRule({ action: { kind: 'cache', [field]: -1 } }))).toEqual([
        { field: `action.${field}`, message: 'must be at least 0' },
      ])
      expect(problems(PageRuleFields, pageRule({ action: { kind: 'cache', [field]: 31_536_001 } }))).toEqual([
        { field: `action.${field}`, message: 'must be at most 31536000' },
      ])
    }
  })

  it('redirects to an http(s) URL or a path, 301 with the query kept by default', () => {
    const redirect = (extra: Record<string, unknown>) => pageRule({ action: { kind: 'redirect', ...extra } })
    expect(accept(PageRuleFields, redirect({ target: 'https://www.example.com/new' })).action).toEqual({
      kind: 'redirect',
      target: 'https://www.example.com/new',
      status: 301,
      preserve_query: true,
    })
    expect(accept(PageRuleFields, redirect({ target: '/new-home' })).action).toMatchObject({ target: '/new-home' })
    expect(accept(PageRuleFields, redirect({ target: 'http://example.com' })).action).toMatchObject({
      target: 'http://example.com',
    })
    for (const target of ['ftp://example.com/file', 'example.com/new', '//evil.example.com/', 'javascript:alert(1)']) {
      expect(problems(PageRuleFields, redirect({ target }))).toEqual([
        { field: 'action.target', message: 'must be an http(s) URL or a path starting with /' },
      ])
    }
    expect(problems(PageRuleFields, redirect({}))).toEqual([{ field: 'action.target', message: 'is required' }])
    // The target is the Location header a node sends: a control character there was a 503 'VCL failed'.
    for (const target of ['/a\r\nSet-Cookie: x=1', '/a\u0000b', 'https://www.example.com/\u0001'])
      expect(problems(PageRuleFields, redirect({ target }))).toEqual([
        { field: 'action.target', message: 'must not contain control characters' },
      ])
  })

  it('takes only the four redirect statuses', () => {
    for (const status of REDIRECT_STATUSES) {
      expect(
        accept(PageRuleFields, pageRule({ action: { kind: 'redirect', target: '/', status } })).action,
      ).toMatchObject({ status })
    }
    expect(
      accept(PageRuleFields, pageRule({ action: { kind: 'redirect', target: '/', status: '308' } })).action,
    ).toMatchObject({ status: 308 })
    for (const status of [200, 303, '300']) {
      expect(problems(PageRuleFields, pageRule({ action: { kind: 'redirect', target: '/', status } }))).toEqual([
        { field: 'action.status', message: 'must be 301, 302, 307 or 308' },
      ])
    }
  })

  it('names a director or a synthetic response for those action kinds', () => {
    expect(accept(PageRuleFields, pageRule({ action: { kind: 'director', director: 'eu-origin' } })).action).toEqual({
      kind: 'director',
      director: 'eu-origin',
    })
    expect(
      accept(PageRuleFields, pageRule({ action: { kind: 'synthetic', synthetic: 'maintenance' } })).action,
    ).toEqual({ kind: 'synthetic', synthetic: 'maintenance' })
    expect(problems(PageRuleFields, pageRule({ action: { kind: 'director' } }))).toEqual([
      { field: 'action.director', message: 'is required' },
    ])
    expect(problems(PageRuleFields, pageRule({ action: { kind: 'synthetic', synthetic: 'No Name' } }))[0]?.field).toBe(
      'action.synthetic',
    )
  })

  it('refuses an unknown action kind on the kind field', () => {
    expect(problems(PageRuleFields, pageRule({ action: { kind: 'rewrite' } }))).toEqual([
      { field: 'action.kind', message: 'must be cache, redirect, director or synthetic' },
    ])
    expect(problems(PageRuleFields, pageRule({ action: {} }))).toEqual([
      { field: 'action.kind', message: 'must be cache, redirect, director or synthetic' },
    ])
  })

  it('drops the fields of other action kinds', () => {
    const parsed = accept(PageRuleFields, pageRule({ action: { kind: 'director', director: 'eu', mode: 'bypass' } }))
    expect(parsed.action).toEqual({ kind: 'director', director: 'eu' })
  })

  it('sets headers by default, and needs a value unless the header is unset', () => {
    const parsed = accept(
      PageRuleFields,
      pageRule({
        request_headers: [{ name: 'X-Edge', value: 'yes' }],
        response_headers: [
          { op: 'append', name: 'Vary', value: 'Accept' },
          { op: 'unset', name: 'Server' },
        ],
      }),
    )
    expect(parsed.request_headers).toEqual([{ op: 'set', name: 'X-Edge', value: 'yes' }])
    expect(parsed.response_headers).toEqual([
      { op: 'append', name: 'Vary', value: 'Accept' },
      { op: 'unset', name: 'Server', value: '' },
    ])
    for (const op of HEADER_OPS.filter((o) => o !== 'unset')) {
      expect(problems(PageRuleFields, pageRule({ response_headers: [{ op, name: 'X-Empty' }] }))).toEqual([
        { field: 'response_headers.0.value', message: 'a value is required unless the header is unset' },
      ])
    }
    expect(
      problems(PageRuleFields, pageRule({ request_headers: [{ op: 'remove', name: 'X-A', value: 'a' }] })),
    ).toEqual([{ field: 'request_headers.0.op', message: 'must be set, append or unset' }])
  })

  it('limits header values to 4096 characters on one line', () => {
    const header = (value: string) => pageRule({ response_headers: [{ name: 'X-Long', value }] })
    expect(accept(PageRuleFields, header('a'.repeat(4096))).response_headers[0]?.value).toHaveLength(4096)
    expect(problems(PageRuleFields, header('a'.repeat(4097)))).toEqual([
      { field: 'response_headers.0.value', message: 'at most 4096 characters' },
    ])
    expect(problems(PageRuleFields, header('a\r\nSet-Cookie: x=1'))).toEqual([
      { field: 'response_headers.0.value', message: 'must not contain line breaks' },
    ])
    // Varnish answers 503 'VCL failed' to every request that would send one: only a tab is a header's.
    for (const value of ['a\u0000b', 'a\u0001b', 'a\u007fb'])
      expect(problems(PageRuleFields, header(value))).toEqual([
        { field: 'response_headers.0.value', message: 'must not contain control characters (a tab is fine)' },
      ])
    expect(accept(PageRuleFields, header('a\tb é')).response_headers[0]?.value).toBe('a\tb é')
  })

  it('takes header names a node can write in its VCL (req.http.<name>), of at most 256 characters', () => {
    const message = 'must be a header name of letters, digits, - and _, starting with a letter, such as X-Cache'
    for (const name of ['X-Cache', 'content-type', 'x_y-Z9']) expect(accept(HeaderName, name)).toBe(name)
    // HTTP tokens VCL cannot name: each broke the whole project's VCL on every node.
    for (const name of ['X Cache', 'X-Cache:', '', 'Ünicode', 'a(b)', 'X.Debug', "x!#$%&'*+.^_`|~1", '1-X', '-X']) {
      expect(problems(HeaderName, name)).toEqual([{ field: '', message }])
    }
    expect(accept(HeaderName, 'a'.repeat(256))).toHaveLength(256)
    expect(problems(HeaderName, 'a'.repeat(257))).toEqual([{ field: '', message: 'at most 256 characters' }])
    expect(problems(PageRuleFields, pageRule({ request_headers: [{ name: 'X.Debug', value: 'x' }] }))).toEqual([
      { field: 'request_headers.0.name', message },
    ])
  })
})

describe('synthetic response fields', () => {
  it('defaults to an empty 200 HTML page that is not cached', () => {
    expect(accept(SyntheticFields, {})).toEqual({
      status: 200,
      content_type: 'text/html; charset=utf-8',
      body: '',
      headers: [],
      ttl_s: 0,
    })
  })

  it('takes any body a node can hold: not the NUL character, which broke the project’s VCL', () => {
    expect(accept(SyntheticFields, { body: 'a\u0001\tb "} é' }).body).toBe('a\u0001\tb "} é')
    expect(problems(SyntheticFields, { body: 'a\u0000b' })).toEqual([
      { field: 'body', message: 'must not contain the NUL character' },
    ])
  })

  it('keeps the status within 100-599', () => {
    expect(accept(SyntheticFields, { status: 100 }).status).toBe(100)
    expect(accept(SyntheticFields, { status: '503' }).status).toBe(503)
    expect(problems(SyntheticFields, { status: 99 })).toEqual([{ field: 'status', message: 'must be at least 100' }])
    expect(problems(SyntheticFields, { status: 600 })).toEqual([{ field: 'status', message: 'must be at most 599' }])
  })

  it('takes a media type of at most 255 characters', () => {
    expect(accept(SyntheticFields, { content_type: 'application/json' }).content_type).toBe('application/json')
    expect(problems(SyntheticFields, { content_type: 'json' })).toEqual([
      { field: 'content_type', message: 'must be a media type such as text/html; charset=utf-8' },
    ])
    expect(problems(SyntheticFields, { content_type: `text/plain; x=${'a'.repeat(250)}` })).toEqual([
      { field: 'content_type', message: 'at most 255 characters' },
    ])
    // Sent as the Content-Type header: a NUL broke the project's VCL, another control character was a 503.
    for (const content_type of ['text/plain; x=\u0000', 'text/plain; x=\u0001', 'text/plain; x=\u007f'])
      expect(problems(SyntheticFields, { content_type })).toEqual([
        { field: 'content_type', message: 'must not contain control characters' },
      ])
  })

  it('limits the body to 256 KiB counted in UTF-8 bytes', () => {
    expect(SYNTHETIC_BODY_MAX_BYTES).toBe(262_144)
    expect(accept(SyntheticFields, { body: 'a'.repeat(262_144) }).body).toHaveLength(262_144)
    expect(problems(SyntheticFields, { body: 'a'.repeat(262_145) })).toEqual([
      { field: 'body', message: 'must be at most 256 KiB' },
    ])
    // 'é' is two bytes: 131073 of them are fewer characters than the limit but more bytes.
    expect(problems(SyntheticFields, { body: 'é'.repeat(131_073) })).toEqual([
      { field: 'body', message: 'must be at most 256 KiB' },
    ])
    expect(accept(SyntheticFields, { body: 'é'.repeat(131_072) }).body).toHaveLength(131_072)
  })

  it('takes headers by token name with values of at most 4096 characters', () => {
    expect(
      accept(SyntheticFields, { headers: [{ name: 'Retry-After', value: '120' }, { name: 'X-Empty' }] }),
    ).toMatchObject({
      headers: [
        { name: 'Retry-After', value: '120' },
        { name: 'X-Empty', value: '' },
      ],
    })
    expect(problems(SyntheticFields, { headers: [{ name: 'Retry.After', value: '1' }] })).toEqual([
      {
        field: 'headers.0.name',
        message: 'must be a header name of letters, digits, - and _, starting with a letter, such as X-Cache',
      },
    ])
    expect(problems(SyntheticFields, { headers: [{ name: 'X-A', value: 'a'.repeat(4097) }] })).toEqual([
      { field: 'headers.0.value', message: 'at most 4096 characters' },
    ])
    expect(problems(SyntheticFields, { headers: [{ value: 'x' }] })).toEqual([
      { field: 'headers.0.name', message: 'is required' },
    ])
  })

  it('leaves the content type and length to the response itself', () => {
    expect(problems(SyntheticFields, { headers: [{ name: 'Content-Type', value: 'text/plain' }] })).toEqual([
      { field: 'headers.0.name', message: 'is set from the response itself' },
    ])
  })

  it('keeps the TTL within 0 and a year', () => {
    expect(accept(SyntheticFields, { ttl_s: 31_536_000 }).ttl_s).toBe(31_536_000)
    expect(problems(SyntheticFields, { ttl_s: -1 })).toEqual([{ field: 'ttl_s', message: 'must be at least 0' }])
    expect(problems(SyntheticFields, { ttl_s: 31_536_001 })).toEqual([
      { field: 'ttl_s', message: 'must be at most 31536000' },
    ])
  })
})

describe('VCL snippet fields', () => {
  it('defaults to priority 100, enabled, without a comment', () => {
    expect(accept(CodeSnippetFields, snippet())).toEqual({
      hook: 'vcl_recv',
      priority: 100,
      content: 'set req.http.X-A = "1";',
      enabled: true,
      comment: '',
    })
  })

  it('requires a hook and content', () => {
    expect(problems(CodeSnippetFields, {})).toEqual([
      { field: 'hook', message: 'is required' },
      { field: 'content', message: 'is required' },
    ])
  })

  it('accepts the twelve hooks and nothing else', () => {
    expect(VCL_HOOKS).toHaveLength(12)
    for (const hook of VCL_HOOKS) expect(accept(CodeSnippetFields, snippet({ hook })).hook).toBe(hook)
    expect(problems(CodeSnippetFields, snippet({ hook: 'vcl_fetch' }))).toEqual([
      { field: 'hook', message: 'must be one of the VCL hooks, such as vcl_recv, or global' },
    ])
  })

  it('keeps the priority within 0-999', () => {
    expect(accept(CodeSnippetFields, snippet({ priority: 0 })).priority).toBe(0)
    expect(accept(CodeSnippetFields, snippet({ priority: 999 })).priority).toBe(999)
    expect(problems(CodeSnippetFields, snippet({ priority: -1 }))).toEqual([
      { field: 'priority', message: 'must be at least 0' },
    ])
    expect(problems(CodeSnippetFields, snippet({ priority: 1000 }))).toEqual([
      { field: 'priority', message: 'must be at most 999' },
    ])
  })

  it('refuses blank content', () => {
    for (const content of ['', '   ', '\n\t\n']) {
      expect(problems(CodeSnippetFields, snippet({ content }))).toEqual([
        { field: 'content', message: 'must not be empty' },
      ])
    }
  })

  it('limits the content to 1 MiB counted in UTF-8 bytes', () => {
    expect(CODE_SNIPPET_MAX_BYTES).toBe(1_048_576)
    expect(accept(CodeSnippetFields, snippet({ content: 'a'.repeat(1_048_576) })).content).toHaveLength(1_048_576)
    expect(problems(CodeSnippetFields, snippet({ content: 'a'.repeat(1_048_577) }))).toEqual([
      { field: 'content', message: 'must be at most 1 MiB' },
    ])
    // '€' is three bytes: fewer characters than the limit, more bytes.
    expect(problems(CodeSnippetFields, snippet({ content: '€'.repeat(349_526) }))).toEqual([
      { field: 'content', message: 'must be at most 1 MiB' },
    ])
  })

  it('limits the comment to 1000 characters', () => {
    expect(accept(CodeSnippetFields, snippet({ comment: 'c'.repeat(1000) })).comment).toHaveLength(1000)
    expect(problems(CodeSnippetFields, snippet({ comment: 'c'.repeat(1001) }))).toEqual([
      { field: 'comment', message: 'at most 1000 characters' },
    ])
  })

  it('takes enabled as a boolean', () => {
    expect(accept(CodeSnippetFields, snippet({ enabled: false })).enabled).toBe(false)
    expect(problems(CodeSnippetFields, snippet({ enabled: 'no' }))).toEqual([
      { field: 'enabled', message: 'must be true or false' },
    ])
  })
})

describe('WAF policy fields', () => {
  it('fills every default of RESOURCES.md, each category on', () => {
    expect(accept(WafPolicyFields, {})).toEqual({
      mode: 'detect',
      ruleset: 'owasp_crs_4',
      paranoia_level: 1,
      inbound_threshold: 5,
      outbound_threshold: 4,
      action_on_match: 'block',
      block_status: 403,
      categories: Object.fromEntries(WAF_CATEGORIES.map((category) => [category, true])),
      rule_overrides: [],
      exclusions: [],
      request_body_limit_bytes: 131_072,
    })
  })

  it('takes a rule id as a number or text and refuses anything but six digits', () => {
    expect(accept(WafPolicyFields, { rule_overrides: [{ rule_id: 942100, action: 'log' }] }).rule_overrides).toEqual([
      { rule_id: '942100', action: 'log' },
    ])
    expect(problems(WafPolicyFields, { rule_overrides: [{ rule_id: '94', action: 'log' }] })).toEqual([
      { field: 'rule_overrides.0.rule_id', message: 'must be a six-digit rule id such as 942100' },
    ])
  })

  it('refuses a paranoia level outside 1-4, an unknown mode and a rule overridden twice', () => {
    expect(problems(WafPolicyFields, { paranoia_level: 0 }).map((p) => p.field)).toEqual(['paranoia_level'])
    expect(problems(WafPolicyFields, { mode: 'panic' })).toEqual([
      { field: 'mode', message: 'must be block, detect or off' },
    ])
    expect(
      problems(WafPolicyFields, {
        rule_overrides: [
          { rule_id: '942100', action: 'log' },
          { rule_id: '942100', action: 'disable' },
        ],
      }),
    ).toEqual([{ field: 'rule_overrides', message: 'each rule may be overridden once' }])
  })

  it('asks an exclusion for a path, at least one rule and a reason', () => {
    expect(problems(WafPolicyFields, { exclusions: [{ path: 'search', rule_ids: [], reason: '' }] })).toEqual([
      { field: 'exclusions.0.path', message: 'must start with /' },
      { field: 'exclusions.0.rule_ids', message: 'name at least one rule' },
      { field: 'exclusions.0.reason', message: 'say why the exclusion is safe' },
    ])
  })
})

const CERTIFICATE = `-----BEGIN CERTIFICATE-----\n${'MIIBszCCAVmgAwIBAgIUX'.repeat(4)}\n-----END CERTIFICATE-----`

describe('TLS policy fields', () => {
  it('fills the defaults of RESOURCES.md', () => {
    expect(accept(TlsPolicyFields, {})).toEqual({
      min_version: 'TLSv1.2',
      max_version: 'TLSv1.3',
      cipher_profile: 'intermediate',
      custom_ciphers: [],
      alpn: ['h2', 'http/1.1'],
      ocsp_stapling: true,
      hsts: { enabled: false, max_age_s: 31_536_000, include_subdomains: false, preload: false },
      client_auth: { mode: 'off', ca_pem: null, verify_depth: 2 },
    })
  })

  it('keeps the maximum version at or above the minimum', () => {
    expect(accept(TlsPolicyFields, { min_version: 'TLSv1.3', max_version: 'TLSv1.3' }).max_version).toBe('TLSv1.3')
    expect(problems(TlsPolicyFields, { min_version: 'TLSv1.3', max_version: 'TLSv1.2' })).toEqual([
      { field: 'max_version', message: 'must not be below the minimum version' },
    ])
  })

  it('takes custom ciphers only in a custom profile that allows TLS 1.2 or older', () => {
    const ciphers = ['ECDHE-RSA-AES128-GCM-SHA256']
    expect(accept(TlsPolicyFields, { cipher_profile: 'custom', custom_ciphers: ciphers }).custom_ciphers).toEqual(
      ciphers,
    )
    expect(problems(TlsPolicyFields, { cipher_profile: 'custom' })).toEqual([
      { field: 'custom_ciphers', message: 'name at least one cipher for a custom profile' },
    ])
    expect(problems(TlsPolicyFields, { custom_ciphers: ciphers })).toEqual([
      { field: 'custom_ciphers', message: 'only a custom profile that allows TLS 1.2 or older chooses ciphers' },
    ])
    expect(
      problems(TlsPolicyFields, { min_version: 'TLSv1.3', cipher_profile: 'custom', custom_ciphers: ciphers }),
    ).toEqual([
      { field: 'custom_ciphers', message: 'only a custom profile that allows TLS 1.2 or older chooses ciphers' },
    ])
  })

  it('allows HSTS preload only for a year or more with subdomains', () => {
    expect(problems(TlsPolicyFields, { hsts: { enabled: true, preload: true } })).toEqual([
      { field: 'hsts.preload', message: 'preload needs subdomains included and a max-age of at least one year' },
    ])
    expect(
      accept(TlsPolicyFields, { hsts: { enabled: true, preload: true, include_subdomains: true } }).hsts.preload,
    ).toBe(true)
  })

  it('checks the client CA as PEM when client certificates are asked for', () => {
    expect(isPemCertificates(CERTIFICATE)).toBe(true)
    expect(isPemCertificates(`${CERTIFICATE}\n${CERTIFICATE}`)).toBe(true)
    expect(isPemCertificates(`${CERTIFICATE}\nstray text`)).toBe(false)
    expect(accept(TlsPolicyFields, { client_auth: { mode: 'optional', ca_pem: CERTIFICATE } }).client_auth.mode).toBe(
      'optional',
    )
    expect(problems(TlsPolicyFields, { client_auth: { mode: 'required' } })).toEqual([
      { field: 'client_auth.ca_pem', message: 'must be the CA certificates in PEM (-----BEGIN CERTIFICATE----- …)' },
    ])
  })
})

describe('rate limit fields', () => {
  it('fills every default of RESOURCES.md', () => {
    expect(accept(RateLimitFields, {})).toEqual({
      enabled: true,
      match: { paths: [], match_type: 'prefix', methods: [] },
      keys: ['ip'],
      limit: 100,
      period_s: 60,
      action: 'block',
      challenge: null,
      penalty_s: 600,
      response_status: 429,
      counter_scope: 'per_node',
      bypass_iplists: [],
    })
  })

  it('takes every key kind of RESOURCES.md, names only for header, cookie and query', () => {
    const keys = ['ip', 'ip_prefix', 'country', 'header:X-Api-Key', 'cookie:session', 'query:api_key']
    expect(rateLimitKeyProblem('ip')).toBeNull()
    for (const key of keys) expect(rateLimitKeyProblem(key)).toBeNull()
    expect(rateLimitKeyProblem('ip:1')).toBe('ip takes no name')
    expect(rateLimitKeyProblem('query')).toBe('name the query parameter')
    expect(rateLimitKeyProblem('header:X Api')).toMatch(/^the header name must be/)
    // A header is named in the node's VCL (req.http.<name>): a name VCL cannot hold broke the project there.
    for (const key of ['header:X.Api', "header:x'y", 'header:1-Key'])
      expect(rateLimitKeyProblem(key)).toBe('the header name must be letters, digits, - and _, starting with a letter')
    expect(rateLimitKeyProblem("cookie:x'y.z")).toBeNull()
    expect(problems(RateLimitFields, { keys: keys })).toEqual([{ field: 'keys', message: 'at most 5 keys' }])
  })

  it('takes only the catalogue’s periods, from a form’s text too, and penalties of 60 s to a day', () => {
    for (const period of [1, 10, 60, 300, 3600])
      expect(accept(RateLimitFields, { period_s: String(period) }).period_s).toBe(period)
    expect(problems(RateLimitFields, { period_s: 120 })).toEqual([
      { field: 'period_s', message: 'must be 1, 10, 60, 300 or 3600 seconds' },
    ])
    expect(problems(RateLimitFields, { penalty_s: 86_401 })).toEqual([
      { field: 'penalty_s', message: 'must be at most 86400' },
    ])
    expect(accept(RateLimitFields, { counter_scope: 'global' }).counter_scope).toBe('global')
    expect(problems(RateLimitFields, { counter_scope: 'cluster' })).toEqual([
      { field: 'counter_scope', message: 'must be per_node or global' },
    ])
  })

  it('needs a captcha to challenge with, and keeps one only for that action', () => {
    expect(problems(RateLimitFields, { action: 'challenge' })).toEqual([
      { field: 'challenge', message: 'pick the captcha to show' },
    ])
    expect(accept(RateLimitFields, { action: 'challenge', challenge: 'login' }).challenge).toBe('login')
    expect(accept(RateLimitFields, { action: 'log', challenge: 'login' }).challenge).toBeNull()
  })
})

describe('captcha fields', () => {
  it('fills every default of RESOURCES.md, without a secret', () => {
    expect(accept(CaptchaFields, {})).toEqual({
      type: 'js_pow',
      site_key: null,
      secret: null,
      min_score: 0.7,
      clearance_ttl_s: 1800,
      solve_timeout_s: 60,
      bind_clearance_to: 'ip_ua',
      exempt: { iplists: [], paths: [], user_agents: [] },
    })
  })

  it('asks the provider types, and only them, for a site key; built-in types keep no keys', () => {
    for (const type of ['turnstile', 'hcaptcha', 'recaptcha_v3']) {
      expect(problems(CaptchaFields, { type })).toEqual([
        { field: 'site_key', message: 'the provider’s site key is required for this type' },
      ])
    }
    for (const type of ['js_pow', 'captcha', 'cookie']) {
      expect(accept(CaptchaFields, { type, site_key: 'k', secret: 's' })).toMatchObject({
        site_key: null,
        secret: null,
      })
    }
    expect(accept(CaptchaFields, { type: 'turnstile', site_key: 'k', secret: 's' })).toMatchObject({
      site_key: 'k',
      secret: 's',
    })
    expect(problems(CaptchaFields, { type: 'turnstile', site_key: 'k', secret: '' })).toEqual([
      { field: 'secret', message: 'must not be empty' },
    ])
  })

  it('holds the score, clearance and solve time to their bounds', () => {
    expect(accept(CaptchaFields, { min_score: '0.3' }).min_score).toBe(0.3)
    expect(problems(CaptchaFields, { min_score: -0.1, clearance_ttl_s: 86_401, solve_timeout_s: 5 })).toEqual([
      { field: 'min_score', message: 'must be at least 0' },
      { field: 'clearance_ttl_s', message: 'must be at most 86400' },
      { field: 'solve_timeout_s', message: 'must be at least 10' },
    ])
    expect(problems(CaptchaFields, { bind_clearance_to: 'ua' })).toEqual([
      { field: 'bind_clearance_to', message: 'must be ip or ip_ua' },
    ])
  })
})

describe('LE certificate fields and lifecycle', () => {
  it('fills every default of RESOURCES.md and needs domains', () => {
    expect(accept(LeCertificateFields, { domains: ['Shop.Example.com'] })).toEqual({
      domains: ['shop.example.com'],
      challenge: 'http-01',
      key_type: 'ecdsa_p256',
      ca: 'letsencrypt',
      auto_renew: true,
      renew_before_days: 30,
    })
    expect(problems(LeCertificateFields, { domains: [] })).toEqual([
      { field: 'domains', message: 'name at least one domain' },
    ])
    expect(problems(LeCertificateFields, { domains: ['a.example.com'], renew_before_days: 61 })).toEqual([
      { field: 'renew_before_days', message: 'must be at most 60' },
    ])
    expect(problems(LeCertificateFields, { domains: ['*.example.com'] })).toEqual([
      { field: 'domains', message: 'a wildcard domain needs the dns-01 challenge' },
    ])
  })

  it('covers a website domain with a wildcard one label deep only', () => {
    expect(coversDomain('*.shop.example.com', 'api.shop.example.com')).toBe(true)
    expect(coversDomain('*.shop.example.com', 'a.b.shop.example.com')).toBe(false)
    expect(coversDomain('*.shop.example.com', 'shop.example.com')).toBe(false)
    expect(unservedDomains(['shop.example.com', 'x.org'], ['shop.example.com'])).toEqual(['x.org'])
  })

  it('is a pure function of the order and the clock', () => {
    const order = { started_at: '2026-01-01T00:00:00.000Z', kind: 'issue' as const, error: null, previous: null }
    const t0 = Date.parse(order.started_at)
    const settings = { auto_renew: false, renew_before_days: 30, ca: 'letsencrypt_staging' as const }
    expect(certificateState('c', settings, order, t0, 1000).status).toBe('pending_validation')
    expect(certificateState('c', settings, order, t0 + 1500, 1000).status).toBe('issuing')
    const active = certificateState('c', settings, order, t0 + 2000, 1000)
    expect(active).toMatchObject({ status: 'active', issuer: '(STAGING) Ersatz Edamame E1', next_renewal_at: null })
    expect(certificateState('c', settings, order, t0 + 2000, 1000)).toEqual(active)
    expect(certificateState('c', settings, order, t0 + 2000 + 90 * 86_400_000, 1000).status).toBe('expired')
    expect(certificateAttention(active, settings, t0 + 2000 + 70 * 86_400_000)).toEqual({
      tone: 'warning',
      text: 'Expires in 20 days',
    })
    expect(certificateAttention(active, settings, t0 + 2000)).toBeNull()
    // Nothing renews it: pointed out a month ahead, whatever its (short) renewal window; with auto-renew, from the window.
    const inThreeDays = t0 + 2000 + 87 * 86_400_000
    expect(certificateAttention(active, { auto_renew: false, renew_before_days: 1 }, inThreeDays)).toEqual({
      tone: 'warning',
      text: 'Expires in 3 days',
    })
    expect(certificateAttention(active, { auto_renew: true, renew_before_days: 1 }, inThreeDays)).toBeNull()
  })
})

describe('times typed in a form or sent to the API', () => {
  it('are refused on a day their month has not, which JavaScript reads as the next month’s', () => {
    const expiring = (expires_at: string) =>
      v.safeParse(IpListFields, { entries: [{ cidr: '192.0.2.1', expires_at }] }).issues?.map((i) => i.message)
    expect(expiring('2026-02-30T10:00:00Z')).toEqual(['must be a day its month has'])
    expect(expiring('2025-02-29')).toEqual(['must be a day its month has'])
    expect(expiring('2026-04-31T00:00')).toEqual(['must be a day its month has'])
    expect(expiring('2028-02-29T10:00:00Z')).toBeUndefined()
    expect(expiring('2026-12-31T23:59:59.999Z')).toBeUndefined()
  })
})
