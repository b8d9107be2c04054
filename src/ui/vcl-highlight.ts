export type VclTokenKind =
  | 'keyword'
  | 'function'
  | 'variable'
  | 'string'
  | 'comment'
  | 'number'
  | 'operator'
  | 'punctuation'
  | 'identifier'
  | 'whitespace'

export type VclToken = { kind: VclTokenKind; text: string }

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
  'false',
  'if',
  'import',
  'include',
  'new',
  'probe',
  'restart',
  'return',
  'set',
  'sub',
  'true',
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

// Longest first, so `ms` wins over `m`.
const NUMBER_UNITS = ['ms', 's', 'm', 'h', 'd', 'w', 'y', 'KB', 'MB', 'GB', 'TB', 'B']

// Character classes of the ASCII range, looked up once per character.
const OTHER = 0
const SPACE = 1
const DIGIT = 2
const LETTER = 3
const OPERATOR = 4
const CLASSES = new Uint8Array(128)
for (const code of [9, 10, 11, 12, 13, 32]) CLASSES[code] = SPACE
for (let code = 48; code <= 57; code++) CLASSES[code] = DIGIT
for (let code = 65; code <= 90; code++) CLASSES[code] = LETTER
for (let code = 97; code <= 122; code++) CLASSES[code] = LETTER
CLASSES[95] = LETTER
for (const char of '=~!<>+-*/%&|') CLASSES[char.charCodeAt(0)] = OPERATOR

const classOf = (code: number) => (code < 128 ? (CLASSES[code] ?? OTHER) : OTHER)
const isDigit = (code: number) => code >= 48 && code <= 57
// Varnish's lexer (vct_isident) lets identifiers carry `_`, `-` and `.`: `req.http.X-Forwarded-For` is one token.
const isIdentifierPart = (code: number) =>
  (classOf(code) >= DIGIT && classOf(code) <= LETTER) || code === 45 || code === 46

/** Whether `at` holds plain punctuation, which starts no string or comment. */
function isPunctuation(source: string, at: number): boolean {
  const code = source.charCodeAt(at)
  if (code >= 128 || CLASSES[code] !== OTHER || code === 34 || code === 35) return false
  return !(code === 123 && source.charCodeAt(at + 1) === 34)
}

/** The length of the operator at `at`: `==`, `!~`, `+=`… before `=`, `!`, `+`; 0 for a lone `&` or `|`. */
function operatorLength(source: string, at: number, code: number): number {
  const next = source.charCodeAt(at + 1)
  if (next === 61 && code !== 126 && code !== 37 && code !== 38 && code !== 124) return 2 // `==` `!=` `<=` `+=`…
  if ((code === 33 && next === 126) || ((code === 38 || code === 124) && next === code)) return 2 // `!~` `&&` `||`
  return code === 38 || code === 124 ? 0 : 1
}

function classifyWord(word: string, next: number): VclTokenKind {
  if (KEYWORDS.has(word)) return 'keyword'
  if (BUILTIN_FUNCTIONS.has(word)) return 'function'
  const dot = word.indexOf('.')
  if (word === 'now' || (dot > 0 && VARIABLE_OBJECTS.has(word.slice(0, dot)))) return 'variable'
  // `std.log(…)`, `directors.round_robin()`, `vdir.backend()`, `synth(404)`.
  if (word.startsWith('std.') || next === 40) return 'function'
  return 'identifier'
}

/** The end (exclusive) of the line comment starting at `from`: the next newline, or the end of the source. */
function lineEnd(source: string, from: number): number {
  const newline = source.indexOf('\n', from)
  return newline === -1 ? source.length : newline
}

function stringEnd(source: string, start: number): number {
  if (source.startsWith('"""', start)) {
    const close = source.indexOf('"""', start + 3)
    return close === -1 ? source.length : close + 3
  }
  let at = start + 1
  while (at < source.length) {
    const code = source.charCodeAt(at)
    // An unterminated string stops at the end of its line, so one stray quote does not swallow the file.
    if (code === 10) return at
    if (code === 34) return at + 1
    at += code === 92 && source.charCodeAt(at + 1) !== 10 ? 2 : 1
  }
  return source.length
}

function numberEnd(source: string, start: number): number {
  let at = start
  while (isDigit(source.charCodeAt(at))) at++
  if (source.charCodeAt(at) === 46 && isDigit(source.charCodeAt(at + 1))) {
    at++
    while (isDigit(source.charCodeAt(at))) at++
  }
  for (const unit of NUMBER_UNITS) {
    if (source.startsWith(unit, at) && !isIdentifierPart(source.charCodeAt(at + unit.length))) return at + unit.length
  }
  return at
}

/**
 * Splits VCL source into tokens for highlighting. Total and lossless: every character belongs to exactly
 * one token, so joining the texts gives back the source, whatever it holds (unterminated strings and
 * comments included). One pass over the characters, with `indexOf` for comment and long-string ends.
 */
export function tokenizeVcl(source: string): VclToken[] {
  const tokens: VclToken[] = []
  const length = source.length
  let at = 0
  while (at < length) {
    const code = source.charCodeAt(at)
    const next = source.charCodeAt(at + 1)
    const type = classOf(code)
    let end = at + 1
    let kind: VclTokenKind = 'punctuation'
    if (type === SPACE) {
      while (end < length && classOf(source.charCodeAt(end)) === SPACE) end++
      kind = 'whitespace'
    } else if (type === LETTER) {
      while (end < length && isIdentifierPart(source.charCodeAt(end))) end++
      const word = source.slice(at, end)
      tokens.push({ kind: classifyWord(word, source.charCodeAt(end)), text: word })
      at = end
      continue
    } else if (type === DIGIT) {
      end = numberEnd(source, at)
      kind = 'number'
    } else if (code === 35 || (code === 47 && next === 47)) {
      end = lineEnd(source, at)
      kind = 'comment'
    } else if (code === 47 && next === 42) {
      const close = source.indexOf('*/', at + 2)
      end = close === -1 ? length : close + 2
      kind = 'comment'
    } else if (code === 34) {
      end = stringEnd(source, at)
      kind = 'string'
    } else if (code === 123 && next === 34) {
      const close = source.indexOf('"}', at + 2)
      end = close === -1 ? length : close + 2
      kind = 'string'
    } else if (type === OPERATOR && operatorLength(source, at, code) > 0) {
      end = at + operatorLength(source, at, code)
      kind = 'operator'
    } else if (code < 0x80) {
      // `);`, `}}`, `(.`: punctuation runs are one token, which halves the spans of dense code.
      while (end < length && isPunctuation(source, end)) end++
    } else {
      // Non-ASCII outside strings and comments is not VCL: keep it in one run so no surrogate pair is split.
      while (end < length && source.charCodeAt(end) >= 0x80) end++
      kind = 'identifier'
    }
    tokens.push({ kind, text: source.slice(at, end) })
    at = end
  }
  return tokens
}
