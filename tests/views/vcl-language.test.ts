import { StringStream } from '@codemirror/language'
import { describe, expect, it } from 'vitest'
import { type VclState, vclParser } from '../../src/ui/vcl-language.ts'

/** Runs the stream parser over `source` line by line, as CodeMirror does: the styled tokens, spaces left out. */
function tokens(source: string): [string, string][] {
  const state = vclParser.startState?.(2) as VclState
  const found: [string, string][] = []
  for (const line of source.split('\n')) {
    const stream = new StringStream(line, 4, 2)
    while (!stream.eol()) {
      const style = vclParser.token(stream, state)
      const text = stream.current()
      if (text === '') throw new Error(`no progress at ${stream.pos} of ${JSON.stringify(line)}`)
      if (style) found.push([text, style])
      stream.start = stream.pos
    }
  }
  return found
}

const styleOf = (source: string, text: string) => tokens(source).find(([token]) => token === text)?.[1]

/** The indentation the mode asks for on the line after `before`, which starts with `textAfter`. */
function indentAfter(before: string, textAfter = ''): number | null {
  const state = vclParser.startState?.(2) as VclState
  for (const line of before.split('\n')) {
    const stream = new StringStream(line, 4, 2)
    while (!stream.eol()) {
      vclParser.token(stream, state)
      stream.start = stream.pos
    }
  }
  const context = { unit: 2 } as Parameters<NonNullable<typeof vclParser.indent>>[2]
  return vclParser.indent?.(state, textAfter, context) ?? null
}

describe('the VCL mode of the editor', () => {
  it('styles a subroutine: keywords, its name, variables, calls, strings, operators and brackets', () => {
    expect(tokens('sub vcl_recv {\n  if (req.http.host ~ "^www\\.") {\n    return (pass);\n  }\n}')).toEqual([
      ['sub', 'keyword'],
      ['vcl_recv', 'variableName.function.definition'],
      ['{', 'brace'],
      ['if', 'keyword'],
      ['(', 'paren'],
      ['req.http.host', 'variableName.standard'],
      ['~', 'operator'],
      ['"^www\\."', 'string'],
      [')', 'paren'],
      ['{', 'brace'],
      ['return', 'keyword'],
      ['(', 'paren'],
      ['pass', 'variableName'],
      [')', 'paren'],
      [';', 'punctuation'],
      ['}', 'brace'],
      ['}', 'brace'],
    ])
  })

  it('reads calls, built-in functions and variables with dashes in their names', () => {
    const source =
      'set req.http.X-Foo = regsub(req.url, "\\?.*$", "");\nstd.log("x");\nhash_data(req.http.X-Forwarded-For);\ncall my_sub;\nreturn (synth(405));'
    expect(styleOf(source, 'req.http.X-Foo')).toBe('variableName.standard')
    expect(styleOf(source, 'req.http.X-Forwarded-For')).toBe('variableName.standard')
    expect(styleOf(source, 'regsub')).toBe('variableName.function')
    expect(styleOf(source, 'std.log')).toBe('variableName.function')
    expect(styleOf(source, 'hash_data')).toBe('variableName.function')
    expect(styleOf(source, 'synth')).toBe('variableName.function')
    expect(styleOf(source, 'my_sub')).toBe('variableName.function.definition')
    expect(styleOf(source, '"\\?.*$"')).toBe('string')
    expect(styleOf(source, '=')).toBe('operator')
  })

  it('reads the three comment styles, a block comment over several lines included', () => {
    expect(tokens('# hash\n// slashes\n/* a block\n   over two */ set')).toEqual([
      ['# hash', 'comment'],
      ['// slashes', 'comment'],
      ['/* a block', 'comment'],
      ['   over two */', 'comment'],
      ['set', 'keyword'],
    ])
  })

  it('reads long strings over several lines, quotes inside included, and triple-quoted ones', () => {
    expect(tokens('synthetic({"<p>Error "quoted"\npage</p>"});')).toEqual([
      ['synthetic', 'variableName.function'],
      ['(', 'paren'],
      ['{"<p>Error "quoted"', 'string'],
      ['page</p>"}', 'string'],
      [')', 'paren'],
      [';', 'punctuation'],
    ])
    expect(tokens('"""a "b" c""" x')).toEqual([
      ['"""a "b" c"""', 'string'],
      ['x', 'variableName'],
    ])
  })

  it('reads numbers, durations and sizes', () => {
    expect(tokens('4.1 405 10s 500ms 1.5h 2d 1w 100KB 3x 10.0.0.1')).toEqual([
      ['4.1', 'number'],
      ['405', 'number'],
      ['10s', 'unit'],
      ['500ms', 'unit'],
      ['1.5h', 'unit'],
      ['2d', 'unit'],
      ['1w', 'unit'],
      ['100KB', 'unit'],
      ['3', 'number'],
      ['x', 'variableName'],
      ['10.0.0.1', 'number'],
    ])
  })

  it('reads operators longest first, booleans and backend properties', () => {
    expect(tokens('== != !~ && || ! += <= >= < true false').map(([text, style]) => `${text}:${style}`)).toEqual([
      '==:operator',
      '!=:operator',
      '!~:operator',
      '&&:operator',
      '||:operator',
      '!:operator',
      '+=:operator',
      '<=:operator',
      '>=:operator',
      '<:operator',
      'true:bool',
      'false:bool',
    ])
    expect(tokens('backend origin { .host = "10.0.0.1"; }').slice(0, 5)).toEqual([
      ['backend', 'keyword'],
      ['origin', 'variableName'],
      ['{', 'brace'],
      ['.host', 'propertyName'],
      ['=', 'operator'],
    ])
  })

  it('stops an unterminated string at the end of its line and keeps going through odd characters', () => {
    expect(tokens('set x = "no end\nset y = "a \\" b";\ncafé 😀 @')).toEqual([
      ['set', 'keyword'],
      ['x', 'variableName'],
      ['=', 'operator'],
      ['"no end', 'string'],
      ['set', 'keyword'],
      ['y', 'variableName'],
      ['=', 'operator'],
      ['"a \\" b"', 'string'],
      [';', 'punctuation'],
      ['caf', 'variableName'],
    ])
  })

  it('indents one step per open brace, and a closing brace back', () => {
    expect(indentAfter('sub vcl_recv {')).toBe(2)
    expect(indentAfter('sub vcl_recv {\n  if (x) {')).toBe(4)
    expect(indentAfter('sub vcl_recv {\n  if (x) {', '}')).toBe(2)
    expect(indentAfter('sub vcl_recv {\n}')).toBe(0)
    // Inside a comment or a long string the mode has no opinion: the line keeps what it has.
    expect(indentAfter('/* open')).toBeNull()
    expect(indentAfter('synthetic({"open')).toBeNull()
  })
})
