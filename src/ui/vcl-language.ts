import { StreamLanguage, type StreamParser, type StringStream } from '@codemirror/language'

/**
 * VCL for CodeMirror 6: a stream parser, which CodeMirror runs line by line, incrementally, and only as far
 * as the editor shows (a 1 MiB snippet is never tokenised whole on a keystroke). Loaded with the editor
 * (src/ui/CodeEditor.tsx), never up front. Token names are CodeMirror's highlighting tags
 * (`variableName.function` is the `function` modifier on `variableName`).
 */

export type VclState = {
  /** Inside a `/* … *\/` comment that began on an earlier line. */
  comment: boolean
  /** Inside a long string begun on an earlier line: what closes it (`"}` or `"""`). */
  longString: '"}' | '"""' | null
  /** Open braces: the indentation of the next line. */
  depth: number
  /** The last word was `sub` or `call`: the next one names a subroutine. */
  subroutineNext: boolean
}

const KEYWORDS = new Set([
  'acl',
  'backend',
  'call',
  'declare',
  'director',
  'elif',
  'else',
  'elseif',
  'elsif',
  'error',
  'if',
  'import',
  'include',
  'new',
  'probe',
  'restart',
  'return',
  'set',
  'sub',
  'unset',
  'vcl',
])

// VCL 4 spells these as calls (`hash_data(req.url)`), so they read as functions even without the parenthesis.
const BUILTIN_FUNCTIONS = new Set(['ban', 'hash_data', 'regsub', 'regsuball', 'synthetic'])

/** First segment of the built-in variables: `req.http.Host`, `beresp.ttl`, `client.ip`… */
const VARIABLE_OBJECTS = new Set([
  'bereq',
  'beresp',
  'client',
  'local',
  'obj',
  'remote',
  'req',
  'req_top',
  'resp',
  'server',
  'sess',
  'storage',
])

// Varnish's lexer (vct_isident) lets identifiers carry `_`, `-` and `.`: `req.http.X-Forwarded-For` is one token.
const WORD = /^[A-Za-z_][\w.-]*/
// Durations and sizes: `10s`, `500ms`, `1.5h`, `64KB`. Longest unit first, so `ms` wins over `m`.
// `10.0.0.1` outside a string is one number too, not four.
const NUMBER = /^\d+(?:\.\d+)*(?:(ms|s|m|h|d|w|y|KB|MB|GB|TB|B)(?![\w-]))?/
const OPERATOR = /^(?:==|!=|<=|>=|!~|&&|\|\||\+=|-=|\*=|\/=|[=~!<>+\-*/%])/

/** Reads up to `close` (consumed) or to the end of the line; true when it closed. */
function skipPast(stream: StringStream, close: string): boolean {
  const at = stream.string.indexOf(close, stream.pos)
  if (at === -1) {
    stream.skipToEnd()
    return false
  }
  stream.pos = at + close.length
  return true
}

function word(stream: StringStream, state: VclState, text: string): string {
  const subroutine = state.subroutineNext
  state.subroutineNext = text === 'sub' || text === 'call'
  if (KEYWORDS.has(text)) return 'keyword'
  if (text === 'true' || text === 'false') return 'bool'
  if (subroutine) return 'variableName.function.definition'
  if (BUILTIN_FUNCTIONS.has(text)) return 'variableName.function'
  const dot = text.indexOf('.')
  if (text === 'now' || (dot > 0 && VARIABLE_OBJECTS.has(text.slice(0, dot)))) return 'variableName.standard'
  // `std.log(…)`, `directors.round_robin()`, `vdir.backend()`, `synth(404)`.
  if (text.startsWith('std.') || stream.match(/^\s*\(/, false)) return 'variableName.function'
  return 'variableName'
}

function token(stream: StringStream, state: VclState): string | null {
  if (state.comment) {
    state.comment = !skipPast(stream, '*/')
    return 'comment'
  }
  if (state.longString) {
    if (skipPast(stream, state.longString)) state.longString = null
    return 'string'
  }
  if (stream.eatSpace()) return null
  if (stream.match('#') || stream.match('//')) {
    stream.skipToEnd()
    return 'comment'
  }
  if (stream.match('/*')) {
    state.comment = !skipPast(stream, '*/')
    return 'comment'
  }
  const long = stream.match('{"') ? '"}' : stream.match('"""') ? '"""' : null
  if (long) {
    state.subroutineNext = false
    if (!skipPast(stream, long)) state.longString = long
    return 'string'
  }
  if (stream.eat('"')) {
    state.subroutineNext = false
    // An unterminated string stops at the end of its line, so one stray quote does not swallow the file.
    for (let char = stream.next(); char !== undefined && char !== '"'; char = stream.next()) {
      if (char === '\\') stream.next()
    }
    return 'string'
  }
  const number = stream.match(NUMBER)
  if (number) {
    state.subroutineNext = false
    return Array.isArray(number) && number[1] ? 'unit' : 'number'
  }
  const text = stream.match(WORD)
  if (Array.isArray(text)) return word(stream, state, text[0])
  state.subroutineNext = false
  // `.host = "…"` in a backend or a probe.
  if (stream.match(/^\.[A-Za-z_][\w-]*/)) return 'propertyName'
  if (stream.match(OPERATOR)) return 'operator'
  const char = stream.next()
  if (char === '{') {
    state.depth++
    return 'brace'
  }
  if (char === '}') {
    state.depth = Math.max(0, state.depth - 1)
    return 'brace'
  }
  if (char === '(' || char === ')') return 'paren'
  if (char === '[' || char === ']') return 'squareBracket'
  if (char === ';' || char === ',' || char === '.') return 'punctuation'
  return null
}

export const vclParser: StreamParser<VclState> = {
  name: 'vcl',
  startState: () => ({ comment: false, longString: null, depth: 0, subroutineNext: false }),
  copyState: (state) => ({ ...state }),
  token,
  indent(state, textAfter, context) {
    if (state.comment || state.longString) return null
    return context.unit * Math.max(0, state.depth - (/^\s*\}/.test(textAfter) ? 1 : 0))
  },
  languageData: {
    commentTokens: { line: '#', block: { open: '/*', close: '*/' } },
    indentOnInput: /^\s*\}$/,
  },
}

export const vcl = StreamLanguage.define(vclParser)
