import { RATE_LIMITED_REASON } from '../../domain/edge-stats.ts'
import { pcre2Problem } from '../../domain/pcre2.ts'
import {
  pathPattern,
  regexQuote,
  seconds,
  unreadRegex,
  VCL_HEADER_NAME,
  vclRegex,
  vclString,
} from '../../domain/vcl.ts'
import { ipListAcl } from '../ip-lists/edge.ts'
import type { RateLimitData } from './fields.ts'
import { rateLimitNotEnforced } from './not-enforced.ts'

/**
 * The value a key counts a request by (country, which a node cannot know, and a header VCL cannot name, by
 * nothing: both said by rateLimitNotEnforced).
 */
function keyExpression(key: string): string | null {
  const colon = key.indexOf(':')
  const kind = colon === -1 ? key : key.slice(0, colon)
  const name = key.slice(colon + 1)
  if (kind === 'ip') return '"" + client.ip'
  // An IPv4 address's /24, an IPv6 address's first four groups (/64).
  if (kind === 'ip_prefix')
    return `regsub(regsub("" + client.ip, ${vclRegex('^(\\d+\\.\\d+\\.\\d+)\\.\\d+$')}, "\\1"), ${vclRegex('^(([0-9a-f]*:){4}).*$')}, "\\1")`
  if (kind === 'header') return VCL_HEADER_NAME.test(name) ? `req.http.${name}` : null
  if (kind === 'cookie')
    return `regsub(req.http.cookie, ${vclRegex(`^(?:.*;\\s*)?${regexQuote(name)}=([^;]*).*$|^.*$`)}, "\\1")`
  if (kind === 'query')
    return `regsub(req.url, ${vclRegex(`^[^?]*\\?(?:.*&)?${regexQuote(name)}=([^&]*).*$|^.*$`)}, "\\1")`
  return null
}

/**
 * Rate limit `name` of a project's website on a Varnish node (vmod vsthrottle): the requests it matches, counted
 * per key on each node, over the limit in the period: answered with its status for its penalty (block), or
 * logged (log). What a node cannot do (a challenge, a country key, a counter shared by the nodes) is said.
 */
export function rateLimitVcl(project: string, name: string, limit: RateLimitData) {
  const notEnforced = rateLimitNotEnforced(limit)
  if (!limit.enabled) return { guard: '', notEnforced }
  const keys = limit.keys.map(keyExpression).filter((key): key is string => key !== null)
  const conditions: string[] = []
  const { match_type: type, methods } = limit.match
  // A regex path Varnish's PCRE2 does not take (stored before the save-time check asked Varnish, or where
  // the API has none) is left out, and said, instead of the whole project's VCL failing on every node; a
  // limit left with none of its paths is not applied (it would count every path).
  const paths = limit.match.paths.filter((path) => {
    const problem = type === 'regex' ? pcre2Problem(path) : null
    if (problem !== null) notEnforced.push(`the path ${unreadRegex(path, problem)}`)
    return problem === null
  })
  if (paths.length === 0 && limit.match.paths.length > 0) {
    notEnforced.push('the whole limit: none of its paths can be written for Varnish nodes')
    return { guard: '', notEnforced }
  }
  if (paths.length > 0) {
    conditions.push(`(${paths.map((path) => `req.url ~ ${vclRegex(pathPattern(path, type))}`).join(' || ')})`)
  }
  if (methods.length > 0) conditions.push(`(${methods.map((method) => `req.method == "${method}"`).join(' || ')})`)
  for (const list of limit.bypass_iplists) conditions.push(`client.ip !~ ${ipListAcl(list)}`)
  // The node's counters are shared by every project: the key starts with the project's name.
  const key = [vclString(`${project}|${name}|`), ...keys].join(' + "|" + ')
  conditions.push(
    `vsthrottle.is_denied(${key}, ${limit.limit}, ${seconds(limit.period_s)}, ${seconds(limit.penalty_s)})`,
  )
  let action: string
  if (limit.action === 'block') action = `  return (synth(${limit.response_status}, "${RATE_LIMITED_REASON}"));`
  else action = `  std.log(${vclString(`rate limit ${name} exceeded`)});`
  return { guard: [`if (${conditions.join(' && ')}) {`, action, '}'].join('\n'), notEnforced }
}
