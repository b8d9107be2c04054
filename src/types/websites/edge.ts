import { regexQuote, seconds, vclName, vclRegex } from '../../domain/vcl.ts'
import { type WebsiteData, websiteDomains } from './fields.ts'

/** The hooks a website has VCL of its own in (its `custom_vcl_*` snippets run at the end of theirs). */
export type WebsiteHook = 'recv' | 'hash' | 'backend_fetch' | 'backend_response' | 'deliver' | 'synth'

/** What a website's VCL is made of beside its own fields, already written by the other types. */
export type WebsiteParts = {
  /** Its default director's pick. */
  pick: string
  /** Its page rules' blocks, by priority, per hook. */
  rules: Partial<Record<WebsiteHook, string[]>>
  /** The calls of its `custom_vcl_*` snippets (each a `call …;`), per hook. */
  snippets: Partial<Record<WebsiteHook, string>>
  /** Its rate limits' and blocklist's checks, run first in vcl_recv. */
  guards: string[]
}

/** Whether a request (or a backend request) is for this website: its host is one of its domains. */
export function hostCondition(website: Pick<WebsiteData, 'domain_name' | 'domain_aliases'>, side: 'req' | 'bereq') {
  return websiteDomains(website)
    .map((domain) => `${side}.http.host == "${domain}"`)
    .join(' || ')
}

/** The name of a website's subroutine for a hook. */
export const websiteSub = (name: string, hook: WebsiteHook) => `${vclName('website', name)}_${hook}`

const indent = (block: string) =>
  block
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n')

/**
 * A website's subroutines, one a hook: what its switches and cache defaults mean on a Varnish node
 * (EDGE.md), its page rules in priority order, and its own snippet last.
 */
export function websiteVcl(name: string, website: WebsiteData, parts: WebsiteParts): Record<WebsiteHook, string> {
  const rules = (hook: WebsiteHook) => (parts.rules[hook] ?? []).filter(Boolean).map(indent)
  const snippet = (hook: WebsiteHook) => (parts.snippets[hook] ? [`  ${parts.snippets[hook]}`] : [])
  const sub = (hook: WebsiteHook, body: string[]) => [`sub ${websiteSub(name, hook)} {`, ...body, '}'].join('\n')
  const switches = website.default_rules
  const api = switches.api_path_enabled
    ? [`  if (req.url ~ ${vclRegex(`^${regexQuote(switches.api_path)}`)}) {`, '    return (pass);', '  }']
    : []
  const https = website.cache.redirect_http_to_https
    ? [
        '  if (req.http.X-Forwarded-Proto != "https") {',
        '    set req.http.X-Wadp-Location = "https://" + req.http.host + req.url;',
        '    return (synth(301, "wadp-redirect"));',
        '  }',
      ]
    : []
  // On answers to HTTPS requests (behind the TLS terminator's X-Forwarded-Proto), delivered or synthetic.
  const hsts = switches.hsts_enabled
    ? [
        '  if (req.http.X-Forwarded-Proto == "https") {',
        '    set resp.http.Strict-Transport-Security = "max-age=31536000";',
        '  }',
      ]
    : []
  const forwardedFor = switches.trust_x_forwarded_for ? [] : ['  set req.http.X-Forwarded-For = client.ip;']
  return {
    recv: sub('recv', [
      ...forwardedFor,
      ...parts.guards.map(indent),
      ...https,
      `  set req.backend_hint = ${parts.pick};`,
      ...rules('recv'),
      ...snippet('recv'),
      ...api,
    ]),
    hash: sub('hash', [...rules('hash'), ...snippet('hash')]),
    backend_fetch: sub('backend_fetch', [...snippet('backend_fetch')]),
    backend_response: sub('backend_response', [
      ...(switches.retry_on_5xx_error
        ? ['  if (beresp.status >= 500 && bereq.retries < 1) {', '    return (retry);', '  }']
        : []),
      `  set beresp.do_stream = ${switches.streaming_enabled ? 'true' : 'false'};`,
      '  if (!beresp.http.Cache-Control && !beresp.http.Expires) {',
      `    set beresp.ttl = ${seconds(website.cache.default_ttl_s)};`,
      '  }',
      ...rules('backend_response'),
      ...snippet('backend_response'),
    ]),
    deliver: sub('deliver', [
      ...hsts,
      ...(switches.debug_mode
        ? [`  set resp.http.X-Wadp-Website = "${name}";`, '  set resp.http.X-Wadp-Hits = obj.hits;']
        : []),
      ...rules('deliver'),
      ...snippet('deliver'),
    ]),
    synth: sub('synth', [...hsts, ...snippet('synth')]),
  }
}
