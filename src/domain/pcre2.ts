/**
 * Whether Varnish's PCRE2 compiles a regular expression, told without Varnish: a pattern JavaScript's
 * RegExp takes (the schemas' check) may still be one PCRE2 refuses, and one such pattern in a project's
 * VCL kept the whole project (every website in it) on its last good VCL on every node. This reads a
 * pattern as PCRE2 10.42 reads it the way Varnish compiles a VCL regex (8-bit code units, no UTF, no
 * options, the pattern written by `vclRegex`), and says the first thing PCRE2 refuses in it, in PCRE2's
 * words: an unknown escape (`\u0041`, `\i`, `\o`, `\x{100}`), a class PCRE2 does not close (`[]`, `[^]`),
 * a range or POSIX class it refuses (`[\d-z]`, `[[:foo:]]`), a reference to a group that is not there
 * (`\2` with one group, `\k<a>`), a group name it cannot read (`(?<é>a)`), a quantifier over 65535
 * (`a{99999}`), a lookbehind of no fixed length (`(?<=a+)b`), `\K` in a lookaround, nesting deeper than
 * 250, or a program over PCRE2's 64 KiB (`(ab){40000}`). Syntax PCRE2 has and JavaScript has not (and
 * so no stored pattern should hold), it does not guess at: such a pattern is said to be unchecked.
 * tests/tools/pcre2-cases.ts holds cases, read by tests/domain/pcre2.test.ts, and by
 * tests/server/edge-vcl.test.ts, which has Varnish's compiler agree on each where varnishd is installed.
 * The compiled size is estimated (a pattern within a few per cent of the limit may be misjudged).
 */

const MAX_QUANTIFIER = 65_535
const MAX_NESTING = 250
/** PCRE2's largest compiled pattern with its default 2-byte links, in code units. */
const MAX_COMPILED = 65_536
const POSIX_CLASSES = new Set([
  'alpha',
  'lower',
  'upper',
  'alnum',
  'ascii',
  'blank',
  'cntrl',
  'digit',
  'graph',
  'print',
  'punct',
  'space',
  'word',
  'xdigit',
])
/** Unicode properties for \p and \P: the general categories and the special ones (others are left unchecked). */
const PROPERTIES = new Set(
  'any l& lc c cc cf cn co cs l ll lm lo lt lu m mc me mn n nd nl no p pc pd pe pf pi po ps s sc sk sm so z zl zp zs xan xps xsp xwd xuc latin greek cyrillic arabic hebrew han common inherited'.split(
    ' ',
  ),
)

const G_MESSAGE = '\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number'

class Refused extends Error {}
class Unchecked extends Error {}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9'
const isOctal = (char: string | undefined) => char !== undefined && char >= '0' && char <= '7'
const isHex = (char: string | undefined) => char !== undefined && /^[0-9A-Fa-f]$/.test(char)
const isWord = (char: string | undefined) => char !== undefined && /^[A-Za-z0-9_]$/.test(char)
const isAlnum = (char: string | undefined) => char !== undefined && /^[A-Za-z0-9]$/.test(char)
/** How many bytes PCRE2 sees for a character (its UTF-8 encoding). */
const bytesOf = (char: string) => new TextEncoder().encode(char).length

/** An item's length in bytes when it is fixed (what a lookbehind needs), else null; its compiled size. */
type Item = { length: number | null; size: number; quantifiable: boolean; group?: boolean }

/** What an escape stands for, as PCRE2's check_escape reads it. */
type Escape =
  | { kind: 'char'; code: number }
  | { kind: 'type'; letter: string }
  | { kind: 'backref'; group: number }
  | { kind: 'named'; name: string; call: boolean }
  | { kind: 'call'; group: number }

/** `pattern` as PCRE2 reads it from the VCL: `"` and control characters written as `\xHH` (vclRegex). */
function asWritten(pattern: string): string {
  return [...pattern]
    .map((char) => {
      const code = char.charCodeAt(0)
      return char === '"' || code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : char
    })
    .join('')
}

class Reader {
  private at = 0
  private groups = 0
  private readonly names = new Set<string>()
  private readonly references: { group?: number; name?: string }[] = []
  private lookarounds = 0
  private depth = 0
  /** Each capturing group's fixed length (a back reference's in a lookbehind), by number, and its number by name. */
  readonly lengths = new Map<number, number | null>()
  readonly numbers = new Map<string, number>()

  /**
   * `known`: what a first reading found of the groups (a reference may come before its group); without
   * it, a reading only gathers that (nothing is refused for a lookbehind or a reference).
   */
  constructor(
    private readonly text: string,
    private readonly known: Reader | null = null,
  ) {}

  private refuse(message: string): never {
    throw new Refused(message)
  }

  private peek(offset = 0): string | undefined {
    return this.text[this.at + offset]
  }

  read(): void {
    const { size } = this.alternation(false)
    if (this.at < this.text.length) this.refuse('unmatched closing parenthesis')
    if (!this.known) return
    for (const reference of this.references) {
      if (reference.group !== undefined && reference.group > this.groups)
        this.refuse('reference to non-existent subpattern')
      if (reference.name !== undefined && !this.names.has(reference.name))
        this.refuse('reference to non-existent subpattern')
    }
    if (size > MAX_COMPILED) this.refuse('regular expression is too large')
  }

  /** Branches up to a `)` (inside a group) or the end; each branch's fixed length, or null. */
  private alternation(inGroup: boolean): { lengths: (number | null)[]; size: number } {
    const lengths: (number | null)[] = []
    let size = 3
    for (;;) {
      const branch = this.branch()
      lengths.push(branch.length)
      size += branch.size + 3
      if (this.peek() === '|') {
        this.at += 1
        continue
      }
      if (this.peek() === ')' && inGroup) return { lengths, size }
      if (this.peek() === undefined) {
        if (inGroup) this.refuse('missing closing parenthesis')
        return { lengths, size }
      }
      this.refuse('unmatched closing parenthesis')
    }
  }

  private branch(): { length: number | null; size: number } {
    let length: number | null = 0
    let size = 0
    let previous: Item | null = null
    for (;;) {
      const char = this.peek()
      if (char === undefined || char === '|' || char === ')') break
      const quantifier = this.quantifier()
      if (quantifier) {
        if (!previous?.quantifiable) this.refuse('quantifier does not follow a repeatable item')
        const { min, max } = quantifier
        if (this.peek() === '?' || this.peek() === '+') this.at += 1
        const one = previous
        const repeated: Item = {
          length: min === max && one.length !== null ? one.length * min : null,
          // A group is written once for each time it must match and once more for the optional rest.
          size: one.group
            ? one.size * (max === Infinity ? Math.max(min, 1) : max) + (max === Infinity || max === min ? 1 : max - min)
            : one.size + 8,
          quantifiable: false,
        }
        length = length === null || one.length === null ? null : length - one.length
        length = length === null || repeated.length === null ? null : length + repeated.length
        size += repeated.size - one.size
        previous = repeated
        continue
      }
      const item = this.item()
      // \E and an empty \Q\E are nothing: a quantifier after them is the item's before.
      if (item === null) continue
      length = length === null || item.length === null ? null : length + item.length
      size += item.size
      previous = item
    }
    return { length, size }
  }

  /** A quantifier at the reader (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`), read; null when there is none. */
  private quantifier(): { min: number; max: number } | null {
    const char = this.peek()
    if (char === '*' || char === '+' || char === '?') {
      this.at += 1
      return { min: char === '+' ? 1 : 0, max: char === '?' ? 1 : Infinity }
    }
    if (char !== '{') return null
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.text.slice(this.at))
    if (!match) return null
    const min = Number(match[1])
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3])
    if (min > MAX_QUANTIFIER || (max !== Infinity && max > MAX_QUANTIFIER))
      this.refuse('number too big in {} quantifier')
    if (max < min) this.refuse('numbers out of order in {} quantifier')
    this.at += match[0].length
    return { min, max }
  }

  private item(): Item | null {
    const char = this.peek() as string
    this.at += 1
    if (char === '(') return this.group()
    if (char === '[') return this.characterClass()
    if (char === '^' || char === '$') return { length: 0, size: 1, quantifiable: false }
    if (char === '.') return { length: 1, size: 1, quantifiable: true }
    if (char === '\\') {
      if (this.peek() === 'Q') {
        this.at += 1
        const end = this.text.indexOf('\\E', this.at)
        const quoted = this.text.slice(this.at, end === -1 ? this.text.length : end)
        this.at = end === -1 ? this.text.length : end + 2
        const bytes = [...quoted].reduce((sum, one) => sum + bytesOf(one), 0)
        return bytes === 0 ? null : { length: bytes, size: 2 * bytes, quantifiable: true }
      }
      if (this.peek() === 'E') {
        this.at += 1
        return null
      }
      return this.escapeItem(this.escape(false))
    }
    const bytes = bytesOf(char)
    return { length: bytes, size: 2 * bytes, quantifiable: true }
  }

  private escapeItem(read: Escape): Item {
    if (read.kind === 'char') return { length: 1, size: 2, quantifiable: true }
    if (read.kind === 'backref' || read.kind === 'named' || read.kind === 'call') {
      if (read.kind === 'named') this.references.push({ name: read.name })
      else this.references.push({ group: read.group })
      // A reference in a lookbehind is of fixed length when its group is.
      const group = read.kind === 'named' ? this.known?.numbers.get(read.name) : read.group
      const length = read.kind === 'call' || group === undefined ? null : (this.known?.lengths.get(group) ?? null)
      return { length, size: 4, quantifiable: true }
    }
    const letter = read.letter
    if ('bBAzZG'.includes(letter)) return { length: 0, size: 1, quantifiable: false }
    if (letter === 'K') {
      if (this.lookarounds > 0)
        this.refuse('\\K is not allowed in lookarounds (but see PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK)')
      return { length: 0, size: 1, quantifiable: false }
    }
    if (letter === 'R' || letter === 'X') return { length: null, size: 2, quantifiable: true }
    // \d \D \s \S \w \W \h \H \v \V \N \C \p \P: one byte each.
    return { length: 1, size: 3, quantifiable: true }
  }

  /** What follows a backslash (the reader past it), as check_escape reads it; refuses what PCRE2 does. */
  private escape(inClass: boolean): Escape {
    const char = this.peek()
    if (char === undefined) this.refuse('\\ at end of pattern')
    this.at += 1
    if (!isAlnum(char)) return { kind: 'char', code: char.charCodeAt(0) }
    const simple: Record<string, number> = { a: 7, e: 27, f: 12, n: 10, r: 13, t: 9 }
    if (simple[char] !== undefined) return { kind: 'char', code: simple[char] }
    if ('ABCDEGHKNPQRSVWXZbdhkpsvwz'.includes(char)) {
      if (char === 'N' && this.peek() === '{') {
        if (this.peek(1) === 'U' && this.peek(2) === '+')
          this.refuse('\\N{U+dddd} is supported only in Unicode (UTF) mode')
        if (!/^\{\d+(,\d*)?\}/.test(this.text.slice(this.at)))
          this.refuse('PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u')
      }
      if (char === 'p' || char === 'P') this.property()
      if (char === 'k') return inClass ? { kind: 'type', letter: 'k' } : this.named('k')
      return { kind: 'type', letter: char }
    }
    if ('FlLuU'.includes(char)) this.refuse('PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u')
    if (char === 'g') return inClass ? { kind: 'char', code: 103 } : this.gReference()
    if (isDigit(char)) return this.digits(char, inClass)
    if (char === 'o') {
      if (this.peek() !== '{') this.refuse('missing opening brace after \\o')
      const match = /^\{([^}]*)(\})?/.exec(this.text.slice(this.at)) as RegExpExecArray
      if (match[1] === '') this.refuse('digits missing in \\x{} or \\o{} or \\N{U+}')
      if (!/^[0-7]+$/.test(match[1] ?? '') || !match[2])
        this.refuse('non-octal character in \\o{} (closing brace missing?)')
      const code = Number.parseInt(match[1] ?? '', 8)
      if (code > 0xff) this.refuse('character code point value in \\x{} or \\o{} is too large')
      this.at += match[0].length
      return { kind: 'char', code }
    }
    if (char === 'x') {
      if (this.peek() === '{') {
        const match = /^\{([0-9A-Fa-f]*)(\}?)/.exec(this.text.slice(this.at)) as RegExpExecArray
        if (match[1] === '' && match[2] === '}') this.refuse('digits missing in \\x{} or \\o{} or \\N{U+}')
        const code = Number.parseInt(match[1] || '0', 16)
        if (code > 0xff) this.refuse('character code point value in \\x{} or \\o{} is too large')
        if (!match[2]) this.refuse('non-hex character in \\x{} (closing brace missing?)')
        this.at += match[0].length
        return { kind: 'char', code }
      }
      let code = 0
      for (let count = 0; count < 2 && isHex(this.peek()); count += 1) {
        code = code * 16 + Number.parseInt(this.peek() as string, 16)
        this.at += 1
      }
      return { kind: 'char', code }
    }
    if (char === 'c') {
      const next = this.peek()
      if (next === undefined) this.refuse('\\c at end of pattern')
      const code = next.toUpperCase().charCodeAt(0)
      if (next.charCodeAt(0) < 32 || next.charCodeAt(0) > 126)
        this.refuse('\\c must be followed by a printable ASCII character')
      this.at += 1
      return { kind: 'char', code: code ^ 0x40 }
    }
    this.refuse('unrecognized character follows \\')
  }

  /** A backslash and digits: a back reference outside a class when PCRE2 reads it so, else an octal code. */
  private digits(first: string, inClass: boolean): Escape {
    if (!inClass && first !== '0') {
      const number = /^\d+/.exec(this.text.slice(this.at - 1))?.[0] ?? first
      const value = Number(number)
      if (value <= MAX_QUANTIFIER && (value < 10 || first >= '8' || value <= this.groups)) {
        this.at += number.length - 1
        return { kind: 'backref', group: value }
      }
    }
    if (first >= '8') return { kind: 'char', code: first.charCodeAt(0) }
    let code = first.charCodeAt(0) - 48
    for (let count = 0; count < 2 && isOctal(this.peek()); count += 1) {
      code = code * 8 + (this.peek() as string).charCodeAt(0) - 48
      this.at += 1
    }
    if (code > 0xff) this.refuse('octal value is greater than \\377 in 8-bit non-UTF-8 mode')
    return { kind: 'char', code }
  }

  /** \g outside a class: \gN, \g{N}, \g{-N}, \g{name} (references), \g<…>, \g'…' (calls). */
  private gReference(): Escape {
    const rest = this.text.slice(this.at)
    const numbered = /^\{([+-]?)(\d+)\}/.exec(rest) ?? /^([+-]?)(\d+)/.exec(rest)
    if (numbered) {
      this.at += numbered[0].length
      return { kind: 'backref', group: this.relative(numbered[1] ?? '', Number(numbered[2])) }
    }
    const open = rest[0]
    if (open === '{' && !/^\{[+-]?\d/.test(rest)) return this.named('g')
    if (open === '<' || open === "'") {
      const call = /^[<']([+-]?)(\d+)([>'])/.exec(rest)
      if (call) {
        this.at += call[0].length
        return { kind: 'call', group: this.relative(call[1] ?? '', Number(call[2])) }
      }
      throw new Unchecked('a \\g subroutine call')
    }
    this.refuse(G_MESSAGE)
  }

  private relative(sign: string, number: number): number {
    const group = sign === '-' ? this.groups - number + 1 : sign === '+' ? this.groups + number : number
    if (group <= 0) this.refuse('reference to non-existent subpattern')
    return group
  }

  /** \k<name>, \k'name', \k{name} (and \g{name}): a named back reference. */
  private named(letter: 'k' | 'g'): Escape {
    const open = this.peek()
    const close = open === '<' ? '>' : open === "'" ? "'" : open === '{' ? '}' : null
    if (!close)
      this.refuse(letter === 'k' ? '\\k is not followed by a braced, angle-bracketed, or quoted name' : G_MESSAGE)
    this.at += 1
    const name = this.name(close)
    return { kind: 'named', name, call: false }
  }

  /** A group name up to `close` (the reader past it), as read_name reads it. */
  private name(close: string): string {
    const start = this.at
    while (isWord(this.peek())) this.at += 1
    const name = this.text.slice(start, this.at)
    if (name === '') this.refuse('subpattern name expected')
    if (isDigit(name[0])) this.refuse('subpattern name must start with a non-digit')
    if (name.length > 32) this.refuse('subpattern name is too long (maximum 32 code units)')
    if (this.peek() !== close) this.refuse('syntax error in subpattern name (missing terminator?)')
    this.at += 1
    return name
  }

  /** \p and \P's property (the reader past the letter). */
  private property(): void {
    const next = this.peek()
    let name: string
    if (next === '{') {
      const match = /^\{\^?([^}]*)\}/.exec(this.text.slice(this.at))
      if (!match) this.refuse('malformed \\P or \\p sequence')
      name = (match[1] ?? '').replace(/[\s_-]/g, '').toLowerCase()
      this.at += match[0].length
    } else if (next !== undefined && /^[A-Za-z]$/.test(next)) {
      name = next.toLowerCase()
      this.at += 1
    } else this.refuse('malformed \\P or \\p sequence')
    if (!PROPERTIES.has(name)) throw new Unchecked(`the Unicode property ${name}`)
  }

  private group(): Item {
    this.depth += 1
    if (this.depth > MAX_NESTING) this.refuse('parentheses are too deeply nested')
    let kind: 'capture' | 'plain' | 'lookahead' | 'lookbehind' = 'plain'
    const rest = this.text.slice(this.at)
    if (rest[0] === '*') throw new Unchecked('a (* verb')
    let number = 0
    if (rest[0] !== '?') {
      kind = 'capture'
      this.groups += 1
      number = this.groups
    } else if (/^\?[=!]/.test(rest)) {
      kind = 'lookahead'
      this.at += 2
    } else if (/^\?<[=!]/.test(rest)) {
      kind = 'lookbehind'
      this.at += 3
    } else if (/^\?(P?<|')/.test(rest)) {
      this.at += rest[1] === 'P' ? 3 : 2
      const name = this.name(rest[1] === "'" ? "'" : '>')
      if (this.names.has(name)) this.refuse('two named subpatterns have the same name (PCRE2_DUPNAMES not set)')
      this.names.add(name)
      kind = 'capture'
      this.groups += 1
      number = this.groups
      this.numbers.set(name, number)
    } else if (/^\?[:>]/.test(rest)) this.at += 2
    else if (/^\?#/.test(rest)) {
      const end = this.text.indexOf(')', this.at)
      if (end === -1) this.refuse('missing ) at end of (?# comment')
      this.at = end + 1
      this.depth -= 1
      return { length: 0, size: 0, quantifiable: false }
    } else {
      const flags = /^\?[imnsx]*(-[imnsx]*)?([:)])/.exec(rest)
      if (!flags) throw new Unchecked(`the group (${rest.slice(0, 3)}`)
      this.at += flags[0].length
      if (flags[2] === ')') {
        this.depth -= 1
        return { length: 0, size: 0, quantifiable: false }
      }
    }
    const around = kind === 'lookahead' || kind === 'lookbehind'
    if (around) this.lookarounds += 1
    const { lengths, size } = this.alternation(true)
    this.at += 1
    if (around) this.lookarounds -= 1
    this.depth -= 1
    if (kind === 'lookbehind' && this.known && lengths.some((length) => length === null))
      this.refuse('lookbehind assertion is not fixed length')
    const fixed = lengths.every((length) => length !== null && length === lengths[0]) ? (lengths[0] ?? 0) : null
    if (kind === 'capture') this.lengths.set(number, fixed)
    return {
      length: around ? 0 : fixed,
      size: size + (kind === 'capture' ? 2 : 0),
      quantifiable: kind !== 'lookbehind',
      group: true,
    }
  }

  /** A class after its `[` (the reader past its `]`), as parse_regex reads one. */
  private characterClass(): Item {
    // At the top, a POSIX class outside any class is refused.
    if (/^\[:[<>]:\]\]/.test(this.text.slice(this.at))) {
      this.at += 6
      return { length: 0, size: 1, quantifiable: false }
    }
    const posix = this.posixAt(this.at)
    if (posix !== null)
      this.refuse(
        this.peek() === ':'
          ? 'POSIX named classes are supported only within a class'
          : 'POSIX collating elements are not supported',
      )
    if (this.peek() === '^') this.at += 1
    // A ] first is a character of the class.
    let state: 'none' | 'char' | 'started' = 'none'
    let start = -1
    let first = true
    for (;;) {
      const char = this.peek()
      if (char === undefined) this.refuse('missing terminating ] for character class')
      if (char === ']' && !first) {
        this.at += 1
        break
      }
      first = false
      this.at += 1
      if (char === '[' && this.text.length - this.at >= 3 && ':.='.includes(this.peek() as string)) {
        const end = this.posixAt(this.at)
        if (end !== null) {
          if (state === 'started') this.refuse('invalid range in character class')
          if (this.peek() !== ':') this.refuse('POSIX collating elements are not supported')
          const name = this.text.slice(this.at + 1, end).replace(/^\^/, '')
          if (!POSIX_CLASSES.has(name)) this.refuse('unknown POSIX class name')
          this.at = end + 2
          if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined)
            this.refuse('invalid range in character class')
          state = 'none'
          continue
        }
      }
      if (char === '-' && state === 'char') {
        state = 'started'
        continue
      }
      let code: number
      if (char === '\\') {
        if (this.peek() === 'Q') {
          this.at += 1
          const end = this.text.indexOf('\\E', this.at)
          if (end === -1) this.refuse('missing terminating ] for character class')
          const quoted = this.text.slice(this.at, end)
          this.at = end + 2
          if (quoted === '') continue
          // Each quoted character is a character of the class (a range may end on the first).
          code = quoted.charCodeAt(quoted.length - 1)
          state = 'char'
          start = code
          continue
        }
        if (this.peek() === 'E') {
          this.at += 1
          continue
        }
        const read = this.escape(true)
        if (read.kind === 'type' && read.letter === 'b') code = 8
        else if (read.kind === 'char') code = read.code
        else {
          const letter = read.kind === 'type' ? read.letter : ''
          if ('BRX'.includes(letter) || !'dDsSwWhHvVpPN'.includes(letter) || letter === '')
            this.refuse('escape sequence is invalid in character class')
          if (state === 'started') this.refuse('invalid range in character class')
          if (letter === 'N') this.refuse('\\N is not supported in a class')
          if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined)
            this.refuse('invalid range in character class')
          state = 'none'
          continue
        }
      } else code = new TextEncoder().encode(char)[0] ?? 0
      const bytes = char === '\\' ? [code] : [...new TextEncoder().encode(char)]
      for (const [index, byte] of bytes.entries()) {
        if (state === 'started' && index === 0) {
          if (start > byte) this.refuse('range out of order in character class')
          state = 'none'
        } else {
          state = 'char'
          start = byte
        }
      }
    }
    // A class of one byte, or a bitmap of 32 bytes.
    return { length: 1, size: 33, quantifiable: true }
  }

  /** Where a POSIX class's `:]` (or `.]`, `=]`) is, when `[` at at-1 starts one (check_posix_syntax). */
  private posixAt(at: number): number | null {
    const terminator = this.text[at]
    if (terminator !== ':' && terminator !== '.' && terminator !== '=') return null
    for (let index = at + 1; this.text.length - index >= 2; index += 1) {
      const char = this.text[index]
      const next = this.text[index + 1]
      if (char === '\\' && (next === ']' || next === '\\')) index += 1
      else if ((char === '[' && next === terminator) || char === ']') return null
      else if (char === terminator && next === ']') return index
    }
    return null
  }
}

/**
 * Why Varnish's PCRE2 refuses `pattern` (a VCL regex as `vclRegex` writes it), in PCRE2's words, or null
 * when it compiles. Syntax this does not read (PCRE2's own, which JavaScript has not) is said as such.
 */
export function pcre2Problem(pattern: string): string | null {
  try {
    const text = asWritten(pattern)
    const first = new Reader(text)
    first.read()
    new Reader(text, first).read()
    return null
  } catch (error) {
    if (error instanceof Refused) return error.message
    if (error instanceof Unchecked) return `uses ${error.message}, which the platform does not check`
    throw error
  }
}
