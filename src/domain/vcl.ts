/**
 * Writing VCL (Varnish Configuration Language, 4.1) from validated data: literals that no value can
 * break out of, identifiers from resource names, and a program that remembers where each piece of
 * user-written VCL starts, so that the compiler's line and column are reported inside that field's own
 * text (EDGE.md, "Configuration and its errors").
 */

/** A control character (C0 or DEL): what a plain VCL string or a request line cannot hold. */
export const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f

const hexEscape = (char: string) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`

/**
 * A VCL string expression holding exactly `text`. A plain string ("…") cannot hold `"` or a line break; a
 * long string ({"…"}) holds anything but the pair `"}`; so the text is cut at every `"}`, and the `"`
 * and `}` between the pieces are written as strings of their own.
 */
export function vclString(text: string): string {
  if (![...text].some((char) => char === '"' || isControl(char))) return `"${text}"`
  return text
    .split('"}')
    .map((piece) => `{"${piece}"}`)
    .join(' + {"""} + "}" + ')
}

/**
 * A VCL regular-expression literal (a plain string, as VCL requires for `~`) for the PCRE `pattern`: a
 * `"` becomes `\x22` and control characters their `\xHH`, which PCRE reads as the same characters.
 */
export function vclRegex(pattern: string): string {
  const escaped = [...pattern].map((char) => (char === '"' || isControl(char) ? hexEscape(char) : char)).join('')
  return `"${escaped}"`
}

/** `text` as a PCRE pattern matching itself literally. */
export function regexQuote(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')
}

/** A glob (`*` any run of characters, `?` one) as an anchored PCRE pattern. */
export function globRegex(glob: string): string {
  return `^${glob
    .split('')
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : regexQuote(char)))
    .join('')}$`
}

/**
 * The PCRE pattern a request URL (path and query) is matched with, for a path compared as a prefix,
 * exactly (any query allowed), as a glob (`*`, `?`; any query allowed) or as a regular expression.
 */
export function pathPattern(path: string, type: 'prefix' | 'exact' | 'glob' | 'regex'): string {
  const query = '(\\?.*)?$'
  if (type === 'regex') return path
  if (type === 'prefix') return `^${regexQuote(path)}`
  if (type === 'exact') return `^${regexQuote(path)}${query}`
  return `${globRegex(path).slice(0, -1)}${query}`
}

/**
 * A VCL identifier for a resource name: names are slugs (`[a-z0-9-]`), which VCL takes as they are but
 * for the dash, written `_` (no name holds `_`, so no two names meet). `kind` keeps the kinds apart.
 */
export function vclName(kind: string, name: string): string {
  return `${kind}_${name.replaceAll('-', '_')}`
}

/**
 * A header name a node's VCL writes as it is (`req.http.X-User`): a letter, then letters, digits, - and _.
 * The schemas take no other (each type's fields.ts), and the VCL is written only with names that pass, so
 * a name stored before they took this rule (any text, for a director's sticky header) is left out, and
 * said (`unnamedHeader`), instead of writing VCL of its own into the project.
 */
export const VCL_HEADER_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/

/** What is said of a header left out of the node's VCL (its name is not one VCL_HEADER_NAME takes). */
export const unnamedHeader = (name: string) =>
  `the header ${JSON.stringify(name)} (Varnish nodes name headers with letters, digits, - and _ only: edit it)`

/**
 * Whether a stored value is one a node cannot send (a header value, a redirect target, a content type):
 * it holds a control character other than a tab. The schemas refuse such values (page rules' HeaderValue
 * and redirect target, a synthetic response's content type); one stored before they did is left out of
 * the node's VCL, and said (`unsentValue`): its NUL broke the whole project's VCL on every node, another
 * had Varnish answer 503 'VCL failed'.
 */
export const unsendable = (value: string) => [...value].some((char) => isControl(char) && char !== '\t')

/** What is said of a value left out of the node's VCL because it holds a control character. */
export const unsentValue = (what: string) =>
  `${what} (it holds a control character, which Varnish nodes cannot send: edit it)`

/**
 * What is said of a regular expression left out of the node's VCL: Varnish's PCRE2 refuses it (`pcre2Problem`).
 * The pattern is quoted as it was typed (its backslashes not doubled), its control characters as \u0000.
 */
export const unreadRegex = (pattern: string, problem: string) => {
  const typed = [...pattern].map((char) =>
    isControl(char) ? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}` : char,
  )
  return `the regular expression "${typed.join('')}" (Varnish's PCRE2 does not take it: ${problem}; edit it)`
}

/** Seconds as a VCL duration. */
export const seconds = (value: number) => `${value}s`

/** Where a piece of user-written VCL came from: a resource's field. */
export type VclOrigin = { type: string; name: string; field: string }

/** A piece of user VCL placed in the program: its origin and the program line its first line is on. */
type Placed = VclOrigin & { firstLine: number; lines: number }

/**
 * A VCL program being written line by line. User-written VCL goes in through `user`, unindented, so that
 * a compiler's line and column map back to the line and column inside the field it came from.
 */
export class VclProgram {
  private readonly lines: string[] = []
  private readonly placed: Placed[] = []

  /** Adds generated lines (each given string may hold several). */
  add(...text: string[]): this {
    for (const piece of text) this.lines.push(...piece.split('\n'))
    return this
  }

  /** Adds a field's own VCL as it is, remembering where it went. */
  user(text: string, origin: VclOrigin): this {
    const own = text.replace(/\r\n?/g, '\n').split('\n')
    this.placed.push({ ...origin, firstLine: this.lines.length + 1, lines: own.length })
    this.lines.push(...own)
    return this
  }

  get text(): string {
    return `${this.lines.join('\n')}\n`
  }

  /** The field, and the line within its text, that a program line belongs to; null for a generated line. */
  locate(line: number): (VclOrigin & { line: number }) | null {
    const piece = this.placed.find((placed) => line >= placed.firstLine && line < placed.firstLine + placed.lines)
    if (!piece) return null
    return { type: piece.type, name: piece.name, field: piece.field, line: line - piece.firstLine + 1 }
  }
}
