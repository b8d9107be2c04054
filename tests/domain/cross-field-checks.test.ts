import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AuditQuery } from '../../src/domain/audit.ts'
import { AccessTokenFields } from '../../src/types/access-tokens/fields.ts'
import { BlocklistFields } from '../../src/types/blocklist/fields.ts'
import { CaptchaFields } from '../../src/types/captchas/fields.ts'
import { DirectorFields } from '../../src/types/directors/fields.ts'
import { LeCertificateFields } from '../../src/types/le-certificates/fields.ts'
import { PageRuleFields } from '../../src/types/page-rules/fields.ts'
import { RateLimitFields } from '../../src/types/rate-limits/fields.ts'
import { SsoMappingFields } from '../../src/types/sso-mappings/fields.ts'
import { SyntheticFields } from '../../src/types/synthetic-responses/fields.ts'
import { TlsPolicyFields } from '../../src/types/tls-policies/fields.ts'
import { WafPolicyFields } from '../../src/types/waf-policies/fields.ts'
import { WebsiteFields } from '../../src/types/websites/fields.ts'

/** Every issue of a parse as `path: message`, the way the form and the server's 400 name them. */
function issues(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input)
  return (result.issues ?? []).map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`)
}

/**
 * A rule between two fields (a cookie name for a sticky-cookie director, a wildcard domain with dns-01…)
 * is reported on the first save together with every other mistake in the form, not only once the rest
 * is put right: the operator corrects everything in one pass. Each input breaks the rule and gives a
 * field the rule does not read a value of the wrong type, which stops valibot's `check` on the whole
 * object; the rules are `partialCheck`s, which run once the fields they read are right.
 */
const cases: { name: string; schema: v.GenericSchema; input: unknown; rule: string; other: string }[] = [
  {
    name: 'a sticky-cookie director without its cookie',
    schema: DirectorFields,
    input: { type: 'round_robin_sticky_cookie', backends: [{ host: 'origin.example.com', port: 'https' }] },
    rule: 'sticky_cookie: a cookie name is required for this director type',
    other: 'backends.0.port',
  },
  {
    name: 'a sticky-header director without its header',
    schema: DirectorFields,
    input: { type: 'shard_sticky_header', backends: 'origin.example.com' },
    rule: 'sticky_header: a header name is required for this director type',
    other: 'backends',
  },
  {
    name: "a probe's threshold over its window",
    schema: DirectorFields,
    input: {
      backends: [{ host: 'origin.example.com', port: 443 }],
      probe: { window: 2, threshold: 5, method: 'FETCH' },
    },
    rule: 'probe.threshold: must not exceed the window',
    other: 'probe.method',
  },
  {
    name: 'a website alias equal to its domain',
    schema: WebsiteFields,
    input: { domain_name: 'shop.example.com', domain_aliases: ['shop.example.com'], default_director: 42 },
    rule: 'domain_aliases: an alias must differ from the domain name',
    other: 'default_director',
  },
  {
    name: 'a challenge rate limit without its captcha',
    schema: RateLimitFields,
    input: { match: { paths: ['/api/'] }, keys: ['ip'], limit: 'many', period_s: 60, action: 'challenge' },
    rule: 'challenge: pick the captcha to show',
    other: 'limit',
  },
  {
    name: 'a prefix rate limit path without its slash',
    schema: RateLimitFields,
    input: { match: { paths: ['api'], methods: ['FETCH'] }, keys: ['ip'], limit: 10, period_s: 60 },
    rule: 'match.paths: each path must start with /',
    other: 'match.methods',
  },
  {
    name: 'a page rule header set without a value',
    schema: PageRuleFields,
    input: {
      website: 'shop-example-com',
      priority: 20,
      match: { path: '/checkout' },
      action: { kind: 'cache', mode: 'bypass' },
      response_headers: [{ op: 'set', name: 7, value: '' }],
    },
    rule: 'response_headers.0.value: a value is required unless the header is unset',
    other: 'response_headers.0.name',
  },
  {
    name: 'HSTS preload without subdomains',
    schema: TlsPolicyFields,
    input: {
      hsts: { enabled: 'yes', preload: true, include_subdomains: false, max_age_s: 63_072_000 },
    },
    rule: 'hsts.preload: preload needs subdomains included and a max-age of at least one year',
    other: 'hsts.enabled',
  },
  {
    name: 'a custom cipher profile without ciphers',
    schema: TlsPolicyFields,
    input: { cipher_profile: 'custom', custom_ciphers: [], hsts: { max_age_s: 'long' } },
    rule: 'custom_ciphers: name at least one cipher for a custom profile',
    other: 'hsts.max_age_s',
  },
  {
    name: 'a provider captcha without its site key',
    schema: CaptchaFields,
    input: { type: 'turnstile', secret: 'x', clearance_ttl_s: 'an hour' },
    rule: 'site_key: the provider’s site key is required for this type',
    other: 'clearance_ttl_s',
  },
  {
    name: 'a project SSO mapping without its project',
    schema: SsoMappingFields,
    input: { group: 'shop-team', role: 'no-such-role', scope: 'project', scope_name: null },
    rule: 'scope_name: is required: name the organization, customer or project the role applies in',
    other: 'role',
  },
  {
    name: 'a blocklist address that is not one',
    schema: BlocklistFields,
    input: { target: 'ip', value: '300.1.1.1', action: 'drop' },
    rule: 'value: ',
    other: 'action',
  },
  {
    name: 'a project blocklist entry without its project',
    schema: BlocklistFields,
    input: { value: '198.51.100.23', scope: 'project', notes: 7 },
    rule: 'project: choose the project it applies to',
    other: 'notes',
  },
  {
    name: 'a wildcard certificate over http-01',
    schema: LeCertificateFields,
    input: { domains: ['*.shop.example.com'], challenge: 'http-01', key_type: 'dsa' },
    rule: 'domains: a wildcard domain needs the dns-01 challenge',
    other: 'key_type',
  },
  {
    name: 'an access token query name with a space',
    schema: AccessTokenFields,
    input: { websites: ['shop-example-com'], transport: 'query', parameter_name: 'a b', bypass: ['everything'] },
    rule: "parameter_name: use letters, digits and - . _ ~ (a header or cookie name may also hold ! # $ % & ' * + ^ ` |)",
    other: 'bypass',
  },
  {
    name: 'a synthetic response setting Content-Type as a header',
    schema: SyntheticFields,
    input: { headers: [{ name: 'Content-Type', value: 5 }] },
    rule: 'headers.0.name: is set from the response itself',
    other: 'headers.0.value',
  },
  {
    name: 'a WAF rule overridden twice',
    schema: WafPolicyFields,
    input: {
      mode: 'shout',
      rule_overrides: [
        { rule_id: '942100', action: 'log' },
        { rule_id: '942100', action: 'block' },
      ],
    },
    rule: 'rule_overrides: each rule may be overridden once',
    other: 'mode',
  },
  {
    name: 'an audit range that ends before it starts',
    schema: AuditQuery,
    input: { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z', page: 'first' },
    rule: 'from: ',
    other: 'page',
  },
]

describe('rules between fields are reported with the other mistakes', () => {
  it.each(cases)('$name', ({ schema, input, rule, other }) => {
    const found = issues(schema, input)
    expect(found.some((issue) => issue.startsWith(`${other}: `) || issue.startsWith(`${other}.`))).toBe(true)
    expect(found.some((issue) => issue.startsWith(rule))).toBe(true)
  })
})
