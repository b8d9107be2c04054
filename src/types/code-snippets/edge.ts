import { vclName } from '../../domain/vcl.ts'
import type { CodeSnippetData } from './fields.ts'

/** A place in a snippet's text: line and column from 1, as the console's editor counts them. */
export type SnippetProblem = { line: number; column: number; message: string }

/**
 * The snippet's text with comments and string literals blanked (same length, line breaks kept), so that
 * what is checked below is code, never a word in a comment or a string.
 */
function codeOnly(text: string): string {
  let out = ''
  let i = 0
  const blank = (piece: string) => piece.replace(/[^\n]/g, ' ')
  while (i < text.length) {
    const rest = text.slice(i)
    const take = (end: number) => {
      const piece = rest.slice(0, end)
      out += blank(piece)
      i += piece.length
    }
    if (rest.startsWith('{"')) {
      const end = rest.indexOf('"}', 2)
      take(end === -1 ? rest.length : end + 2)
    } else if (rest.startsWith('"')) {
      const end = rest.slice(1).search(/["\n]/)
      take(end === -1 ? rest.length : end + 2)
    } else if (rest.startsWith('#') || rest.startsWith('//')) {
      const end = rest.indexOf('\n')
      take(end === -1 ? rest.length : end)
    } else if (rest.startsWith('/*')) {
      const end = rest.indexOf('*/', 2)
      take(end === -1 ? rest.length : end + 2)
    } else {
      out += text[i]
      i += 1
    }
  }
  return out
}

/**
 * What a tenant's VCL may not do on a node it shares (EDGE.md): inline C, importing modules or
 * including files, functions that reach the node (its files, its environment), switching to another
 * VCL, bans (which would reach every project's objects in the cache), the rate limits' counters (shared
 * by every project), the shard director's settings that panic the node out of their range, and the
 * subroutines and names the platform writes.
 */
const FORBIDDEN: { pattern: RegExp; message: string }[] = [
  { pattern: /C\{|\}C/, message: 'inline C is not allowed in a shared edge' },
  {
    pattern: /(?:^|[;{}])\s*import\s/,
    message: 'import is not allowed: std and directors are already imported',
  },
  {
    pattern: /(?:^|[;{}])\s*include\b/,
    message: 'include is not allowed: a snippet cannot read the node’s files',
  },
  {
    pattern: /\bstd\s*\.\s*(fileread|blobread|getenv|syslog)\b/,
    message: 'std.$1 is not allowed: it reaches the node itself',
  },
  { pattern: /\bvcl\s*\(/, message: 'return (vcl(…)) is not allowed: a project’s VCL cannot switch to another' },
  { pattern: /\b(std\s*\.\s*)?ban\s*\(/, message: 'bans are not allowed in snippets: use the Invalidation page' },
  { pattern: /\b(vtc|debug|unix|blob)\s*\./, message: 'the $1 module is not available to snippets' },
  {
    // Varnish 7.1's shard director asserts these values' range: one out of it panics the node's Varnish,
    // every project's traffic with it, instead of failing the VCL.
    pattern: /\.\s*set_(rampup|warmup)\s*\(/,
    message:
      'set_$1 is not available to snippets: a value out of its range stops the node’s Varnish for every project; use a director of the platform',
  },
  {
    pattern: /\bvsthrottle\s*\./,
    message:
      'vsthrottle is not available to snippets: its counters are shared by every project on the node; use a rate limit',
  },
  {
    // Varnish runs every definition of a vcl_* subroutine, a global snippet's first: it would come before
    // the platform's own (the hash's project, the blocklist). The other names are those the platform writes.
    pattern: /\b(?:sub|acl|backend|probe)\s+((?:vcl|website|snippet|project|iplist|wadp|d|b)_\w*)/,
    message:
      '$1 is a name the platform uses: a snippet cannot define vcl_* subroutines (use the hook) or names starting website_, snippet_, project_, iplist_, wadp_, d_ or b_',
  },
]

/** Line and column (from 1) of an offset in `text`. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n')
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 }
}

/**
 * What keeps a snippet out of a shared node, before any compiler sees it: a forbidden construct, or a
 * brace that would close the subroutine it is placed in (and let the rest run outside it).
 */
export function snippetProblems(content: string, hook?: string): SnippetProblem[] {
  const code = codeOnly(content)
  const problems: SnippetProblem[] = []
  for (const { pattern, message } of FORBIDDEN) {
    const found = pattern.exec(code)
    if (found) problems.push({ ...position(code, found.index), message: found[0].replace(pattern, message) })
  }
  // Varnish's compiler takes it, but a VCL whose vcl_init fails is not loaded: every node would refuse
  // the project (keeping its last good VCL), whatever else changes in it.
  const failing = hook === 'vcl_init' ? /\breturn\s*\(\s*fail\b/.exec(code) : null
  if (failing)
    problems.push({
      ...position(code, failing.index),
      message: 'return (fail) is not allowed in vcl_init: no node would load the project',
    })
  let depth = 0
  for (let i = 0; i < code.length; i += 1) {
    if (code[i] === '{') depth += 1
    if (code[i] === '}') depth -= 1
    if (depth < 0) {
      problems.push({ ...position(code, i), message: 'this } closes more than the snippet opened' })
      break
    }
  }
  if (depth > 0) problems.push({ ...position(code, code.length), message: 'a { is not closed' })
  return problems.sort((a, b) => a.line - b.line || a.column - b.column)
}

/** One step from a vcl_init snippet to a `return (fail)`: a `call` (of `call`) or the return itself. */
export type InitStep = { snippet: string; line: number; column: number; call?: string }
/** A vcl_init snippet that reaches `return (fail)` through the subroutines it calls, and how. */
export type InitFailure = { snippet: string; steps: InitStep[] }

const RETURN_FAIL = /\breturn\s*\(\s*fail\b/g
const CALL = /\bcall\s+([A-Za-z][\w-]*)\s*;/g

/**
 * The vcl_init snippets of `snippets` (a project's enabled ones) that reach `return (fail)` through the
 * subroutines they call: a global snippet's own (`sub fail_init { return (fail); }`) or another
 * snippet's (`snippet_<name>`), followed call by call. VCC takes it, but no node loads a VCL whose
 * vcl_init fails (the project stays on its last good VCL on every node), so it is read here, without
 * Varnish, from the snippets' text (comments and strings not read).
 */
export function initFailures(
  snippets: { name: string; data: Pick<CodeSnippetData, 'hook' | 'content'> }[],
): InitFailure[] {
  type Body = { snippet: string; code: string; from: number; to: number }
  const subs = new Map<string, Body>()
  const codes = new Map(snippets.map(({ name, data }) => [name, codeOnly(data.content)]))
  for (const { name, data } of snippets) {
    const code = codes.get(name) ?? ''
    if (data.hook !== 'global') {
      subs.set(vclName('snippet', name), { snippet: name, code, from: 0, to: code.length })
      continue
    }
    for (const found of code.matchAll(/\bsub\s+([A-Za-z][\w-]*)\s*\{/g)) {
      const open = (found.index ?? 0) + found[0].length
      let depth = 1
      let end = open
      while (end < code.length && depth > 0) {
        if (code[end] === '{') depth += 1
        if (code[end] === '}') depth -= 1
        end += 1
      }
      subs.set(found[1] ?? '', { snippet: name, code, from: open, to: end })
    }
  }
  /** The steps from `body` to a return (fail), the first in the text's order; null when none is reached. */
  const reach = (body: Body, seen: Set<string>): InitStep[] | null => {
    const text = body.code.slice(0, body.to)
    const found: { index: number; call?: string }[] = []
    for (const pattern of [RETURN_FAIL, CALL]) {
      pattern.lastIndex = body.from
      for (let hit = pattern.exec(text); hit; hit = pattern.exec(text))
        found.push({ index: hit.index, ...(hit[1] === undefined ? {} : { call: hit[1] }) })
    }
    for (const { index, call } of found.sort((a, b) => a.index - b.index)) {
      const step = { snippet: body.snippet, ...position(body.code, index), ...(call === undefined ? {} : { call }) }
      if (call === undefined) return [step]
      const callee = subs.get(call)
      if (!callee || seen.has(call)) continue
      const rest = reach(callee, new Set([...seen, call]))
      if (rest) return [step, ...rest]
    }
    return null
  }
  return snippets.flatMap(({ name, data }) => {
    if (data.hook !== 'vcl_init') return []
    const code = codes.get(name) ?? ''
    const steps = reach({ snippet: name, code, from: 0, to: code.length }, new Set())
    return steps ? [{ snippet: name, steps }] : []
  })
}

/**
 * An init failure said in snippet `from`'s text: at its last step there (the return, or the call that
 * leads to it), with the way from the vcl_init snippet when `from` is another.
 */
export function initFailureProblem(failure: InitFailure, from: string): SnippetProblem | null {
  const at = failure.steps.findLast((step) => step.snippet === from)
  const first = failure.steps[0]
  const last = failure.steps.at(-1)
  if (!at || !first || !last) return null
  const place = (step: InitStep) =>
    `${step.snippet === from ? '' : `VCL snippet ${step.snippet}, `}line ${step.line}, column ${step.column}`
  const what =
    at.call === undefined ? 'return (fail)' : `call ${at.call}, which reaches return (fail) (${place(last)}),`
  const where =
    failure.snippet === from
      ? 'in vcl_init'
      : `in vcl_init, where VCL snippet ${failure.snippet} reaches it (line ${first.line}, column ${first.column}: call ${first.call})`
  return {
    line: at.line,
    column: at.column,
    message: `${what} is not allowed ${where}: no node would load the project`,
  }
}

/** The snippets of a project in the order a hook runs them: by priority, then name. */
export function byPriority<T extends { name: string; data: Pick<CodeSnippetData, 'priority'> }>(snippets: T[]): T[] {
  return [...snippets].sort((a, b) => a.data.priority - b.data.priority || a.name.localeCompare(b.name))
}
