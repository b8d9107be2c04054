import * as v from 'valibot'
import { Hostname, integer, jsonObject, Slug, uniqueItems } from '../common.ts'

const VclSnippetRef = v.optional(v.nullable(Slug), null)

export const DefaultRules = jsonObject({
  trust_x_forwarded_for: v.optional(v.boolean(), false),
  streaming_enabled: v.optional(v.boolean(), false),
  retry_on_5xx_error: v.optional(v.boolean(), true),
  debug_mode: v.optional(v.boolean(), false),
  api_path_enabled: v.optional(v.boolean(), false),
  api_path: v.optional(v.pipe(v.string(), v.startsWith('/', 'must start with /'), v.maxLength(256)), '/api'),
  geoip_lookup_country_enabled: v.optional(v.boolean(), false),
  geoip_lookup_continent_enabled: v.optional(v.boolean(), false),
  hsts_enabled: v.optional(v.boolean(), false),
  custom_vcl_recv: VclSnippetRef,
  custom_vcl_synth: VclSnippetRef,
  custom_vcl_backend_fetch: VclSnippetRef,
  custom_vcl_backend_response: VclSnippetRef,
  custom_vcl_deliver: VclSnippetRef,
})

export const WebsiteCache = jsonObject({
  default_ttl_s: v.optional(integer(0, 31_536_000), 3600),
  redirect_http_to_https: v.optional(v.boolean(), false),
})

const NameList = v.optional(v.pipe(v.array(Slug), uniqueItems<string>()), [])

export const WebsiteFields = v.pipe(
  jsonObject({
    domain_name: Hostname,
    domain_aliases: v.optional(v.pipe(v.array(Hostname), uniqueItems<string>('each alias once')), []),
    default_director: Slug,
    ssl_policies: NameList,
    rate_limits: NameList,
    challenges: NameList,
    page_rules: NameList,
    default_rules: v.optional(DefaultRules, () => v.parse(DefaultRules, {})),
    cache: v.optional(WebsiteCache, () => v.parse(WebsiteCache, {})),
  }),
  v.forward(
    v.check((w) => !w.domain_aliases.includes(w.domain_name), 'an alias must differ from the domain name'),
    ['domain_aliases'],
  ),
)
export type WebsiteData = v.InferOutput<typeof WebsiteFields>

/** Every domain a website answers for: its domain name and its aliases. */
export function websiteDomains(website: Pick<WebsiteData, 'domain_name' | 'domain_aliases'>): string[] {
  return [website.domain_name, ...website.domain_aliases]
}
