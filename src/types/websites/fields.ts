import * as v from 'valibot'
import { Hostname, integer, jsonObject, Slug, uniqueItems } from '../../domain/common.ts'

/** The VCL snippet a website runs in one hook, or null. */
const vclHook = (hook: string) =>
  v.optional(v.pipe(v.nullable(Slug), v.description(`VCL snippet to run in ${hook}, written for that hook`)), null)

const option = (text: string, on = false) => v.optional(v.pipe(v.boolean(), v.description(text)), on)

export const DefaultRules = jsonObject({
  trust_x_forwarded_for: option('Take the client address from X-Forwarded-For (behind another proxy)'),
  streaming_enabled: option('Stream responses to the client while they are fetched'),
  retry_on_5xx_error: option('Retry a request on another backend when the origin answers 5xx', true),
  debug_mode: option('Add debugging headers to responses'),
  api_path_enabled: option('Treat requests under api_path as API calls (never cached)'),
  api_path: v.optional(
    v.pipe(
      v.string(),
      v.startsWith('/', 'must start with /'),
      v.maxLength(256),
      v.description('Path prefix of the API calls, when api_path_enabled'),
    ),
    '/api',
  ),
  geoip_lookup_country_enabled: option('Look up the client’s country for rules and statistics'),
  geoip_lookup_continent_enabled: option('Look up the client’s continent for rules and statistics'),
  hsts_enabled: option('Send Strict-Transport-Security on HTTPS responses'),
  custom_vcl_recv: vclHook('vcl_recv'),
  custom_vcl_synth: vclHook('vcl_synth'),
  custom_vcl_backend_fetch: vclHook('vcl_backend_fetch'),
  custom_vcl_backend_response: vclHook('vcl_backend_response'),
  custom_vcl_deliver: vclHook('vcl_deliver'),
})

export const WebsiteCache = jsonObject({
  default_ttl_s: v.optional(
    v.pipe(integer(0, 31_536_000), v.description('Seconds a response is cached when the origin does not say')),
    3600,
  ),
  redirect_http_to_https: option('Answer plain HTTP requests with a redirect to HTTPS'),
})

const names = (text: string) => v.optional(v.pipe(v.array(Slug), uniqueItems<string>(), v.description(text)), [])

export const WebsiteFields = v.pipe(
  jsonObject({
    domain_name: v.pipe(Hostname, v.description('The main host name it answers for, such as shop.example.com')),
    domain_aliases: v.optional(
      v.pipe(
        v.array(Hostname),
        uniqueItems<string>('each alias once'),
        v.description('Other host names it answers for; each in one website of the project only'),
      ),
      [],
    ),
    default_director: v.pipe(Slug, v.description('The director that sends its requests to the origin')),
    ssl_policies: names('TLS policies its HTTPS listeners use'),
    rate_limits: names('Rate limits applied to its requests'),
    challenges: names('Captchas its rate limits and WAF may show'),
    page_rules: names('Its own page rules, applied by priority'),
    default_rules: v.optional(v.pipe(DefaultRules, v.description('Switches and custom VCL hooks')), () =>
      v.parse(DefaultRules, {}),
    ),
    cache: v.optional(v.pipe(WebsiteCache, v.description('Cache defaults')), () => v.parse(WebsiteCache, {})),
  }),
  v.forward(
    v.partialCheck(
      [['domain_name'], ['domain_aliases']],
      (w) => !w.domain_aliases.includes(w.domain_name),
      'an alias must differ from the domain name',
    ),
    ['domain_aliases'],
  ),
)
export type WebsiteData = v.InferOutput<typeof WebsiteFields>

/** Every domain a website answers for: its domain name and its aliases. */
export function websiteDomains(website: Pick<WebsiteData, 'domain_name' | 'domain_aliases'>): string[] {
  return [website.domain_name, ...website.domain_aliases]
}
