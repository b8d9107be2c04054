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
 * by every project), and the subroutines and names the platform writes.
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

/** The snippets of a project in the order a hook runs them: by priority, then name. */
export function byPriority<T extends { name: string; data: Pick<CodeSnippetData, 'priority'> }>(snippets: T[]): T[] {
  return [...snippets].sort((a, b) => a.data.priority - b.data.priority || a.name.localeCompare(b.name))
}
