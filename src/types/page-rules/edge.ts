import { pcre2Problem } from '../../domain/pcre2.ts'
import {
  pathPattern,
  seconds,
  unnamedHeader,
  unreadRegex,
  unsendable,
  unsentValue,
  VCL_HEADER_NAME,
  vclRegex,
  vclString,
} from '../../domain/vcl.ts'
import type { PageRuleData } from './fields.ts'

/** The request a condition reads: the client's (`req`) or the one sent to the origin (`bereq`). */
export type RequestSide = 'req' | 'bereq'

/** Whether a request matches the rule's path, methods and hosts, on either side. */
export function ruleCondition(rule: PageRuleData, side: RequestSide): string {
  const { path, match_type: type, methods, hosts } = rule.match
  const parts = [`${side}.url ~ ${vclRegex(pathPattern(path, type))}`]
  if (methods.length > 0) parts.push(`(${methods.map((method) => `${side}.method == "${method}"`).join(' || ')})`)
  if (hosts.length > 0) parts.push(`(${hosts.map((host) => `${side}.http.host == "${host}"`).join(' || ')})`)
  return parts.join(' && ')
}

type HeaderOps = PageRuleData['request_headers']

/** Whether a node can apply a header operation: a name VCL can write, a value it can send (but for unset). */
const writable = (op: HeaderOps[number]) =>
  VCL_HEADER_NAME.test(op.name) && (op.op === 'unset' || !unsendable(op.value))

/**
 * The statements that apply header operations to `target` (`req.http`, `resp.http`); one on a header VCL
 * cannot name or with a value a node cannot send (stored before the schema's rules) is left out, and said
 * (`pageRuleNotEnforced`).
 */
function headerStatements(ops: HeaderOps, target: string, indent: string): string[] {
  return ops.flatMap((op) => {
    if (!writable(op)) return []
    const header = `${target}.${op.name}`
    if (op.op === 'unset') return [`${indent}unset ${header};`]
    if (op.op === 'set') return [`${indent}set ${header} = ${vclString(op.value)};`]
    return [
      `${indent}if (${header}) {`,
      `${indent}  set ${header} = ${header} + ", " + ${vclString(op.value)};`,
      `${indent}} else {`,
      `${indent}  set ${header} = ${vclString(op.value)};`,
      `${indent}}`,
    ]
  })
}

/** What the rule's action needs from the rest of the program: another director's pick, a synthetic's answer. */
export type RuleContext = { pickOf: (director: string) => string; answerOf: (synthetic: string) => string }

/**
 * Why a node cannot run the rule at all, or null: a regex path Varnish's PCRE2 does not take, or a redirect
 * target it cannot send, stored before the schemas' rules (the save-time check asks Varnish only where
 * the API has it). Such a rule is left out of the node's VCL, and said, instead of the whole project's
 * VCL failing on every node.
 */
export function pageRuleLeftOut(rule: PageRuleData): string | null {
  const { path, match_type: type } = rule.match
  const problem = type === 'regex' ? pcre2Problem(path) : null
  if (problem !== null) return `the whole rule: ${unreadRegex(path, problem)}`
  if (rule.action.kind === 'redirect' && unsendable(rule.action.target))
    return `the whole rule: ${unsentValue(`its redirect target ${JSON.stringify(rule.action.target)}`)}`
  return null
}

/** A rule's statements in each hook it acts in; each block runs only for the requests the rule matches. */
export function pageRuleVcl(rule: PageRuleData, context: RuleContext) {
  if (pageRuleLeftOut(rule) !== null) return { recv: '', hash: '', backendResponse: '', deliver: '' }
  const recv: string[] = [...headerStatements(rule.request_headers, 'req.http', '  ')]
  const backendResponse: string[] = []
  const deliver: string[] = [...headerStatements(rule.response_headers, 'resp.http', '  ')]
  let hash: string[] = []
  const action = rule.action
  if (action.kind === 'cache') {
    if (action.mode === 'bypass') recv.push('  return (pass);')
    else {
      if (action.mode === 'cache_everything') {
        recv.push('  unset req.http.Cookie;', '  unset req.http.Authorization;')
        backendResponse.push('  unset beresp.http.Set-Cookie;', '  set beresp.uncacheable = false;')
      }
      backendResponse.push(`  set beresp.ttl = ${seconds(action.edge_ttl_s)};`)
      if (action.mode === 'cache_everything') backendResponse.push('  return (deliver);')
      if (action.browser_ttl_s !== undefined)
        deliver.push(`  set resp.http.Cache-Control = "max-age=${action.browser_ttl_s}";`)
      if (action.ignore_query)
        hash = ['  hash_data(regsub(req.url, "\\?.*$", ""));', '  hash_data(req.http.host);', '  return (lookup);']
    }
  } else if (action.kind === 'redirect') {
    const query = action.preserve_query ? ' + regsub(req.url, "^[^?]*", "")' : ''
    recv.push(
      `  set req.http.X-Wadp-Location = ${vclString(action.target)}${query};`,
      `  return (synth(${action.status}, "wadp-redirect"));`,
    )
  } else if (action.kind === 'director') {
    recv.push(`  set req.backend_hint = ${context.pickOf(action.director)};`)
  } else {
    recv.push(`  ${context.answerOf(action.synthetic)}`)
  }
  const when = (side: RequestSide, body: string[]) =>
    body.length === 0 ? '' : [`if (${ruleCondition(rule, side)}) {`, ...body, '}'].join('\n')
  return {
    recv: when('req', recv),
    hash: when('req', hash),
    backendResponse: when('bereq', backendResponse),
    deliver: when('req', deliver),
  }
}

/**
 * What of a page rule a Varnish node does not do: the whole rule when it cannot be written (`pageRuleLeftOut`),
 * else header operations on names VCL cannot write or with values a node cannot send.
 */
export function pageRuleNotEnforced(rule: PageRuleData): string[] {
  const leftOut = pageRuleLeftOut(rule)
  if (leftOut !== null) return [leftOut]
  return [...rule.request_headers, ...rule.response_headers]
    .filter((op) => !writable(op))
    .map((op) =>
      VCL_HEADER_NAME.test(op.name) ? unsentValue(`the value of the header ${op.name}`) : unnamedHeader(op.name),
    )
}
