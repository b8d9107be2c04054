import { describe, expect, it } from 'vitest'
import { tokenizeVcl, type VclToken, type VclTokenKind } from '../../src/ui/vcl-highlight.ts'

const SNIPPET = String.raw`vcl 4.1;
import std;
include "shared/acl.vcl";

# Requests for www.* lose their query string before the cache sees them.
// A second comment style, also to the end of the line.
/* A block comment
   over two lines */
backend origin {
  .host = "10.0.0.1";
  .port = "8080";
  .first_byte_timeout = 500ms;
}

acl purgers {
  "127.0.0.1";
  "192.168.0.0"/16;
}

sub vcl_recv {
  if (req.http.host ~ "^www\.") {
    set req.http.X-Foo = regsub(req.url, "\?.*$", "");
    return (pass);
  } elsif (req.method == "PURGE" && client.ip !~ purgers) {
    return (synth(405, "Not allowed"));
  } else {
    unset req.http.Cookie;
    std.log("plain request: " + req.url);
  }
  hash_data(req.http.X-Forwarded-For);
}

sub vcl_backend_response {
  set beresp.ttl = 10s;
  set beresp.grace = 1h;
  if (beresp.status >= 500 || beresp.ttl <= 0s) {
    set beresp.ttl = 5m;
  }
}

sub vcl_synth {
  synthetic({"<!doctype html>
<p>Error "quoted" page</p>"});
  set resp.http.Retry-After = "2";
  return (deliver);
}
`

const joined = (tokens: VclToken[]) => tokens.map((token) => token.text).join('')

function kindOf(tokens: VclToken[], text: string): VclTokenKind | undefined {
  return tokens.find((token) => token.text === text)?.kind
}

describe('tokenizeVcl', () => {
  it('gives back the source exactly when its tokens are joined', () => {
    expect(joined(tokenizeVcl(SNIPPET))).toBe(SNIPPET)
  })

  it('returns no tokens for an empty source', () => {
    expect(tokenizeVcl('')).toEqual([])
  })

  it('classifies keywords, functions and variables', () => {
    const tokens = tokenizeVcl(SNIPPET)
    for (const keyword of [
      'vcl',
      'import',
      'include',
      'backend',
      'acl',
      'sub',
      'if',
      'elsif',
      'else',
      'set',
      'unset',
    ]) {
      expect(kindOf(tokens, keyword), keyword).toBe('keyword')
    }
    expect(kindOf(tokens, 'return')).toBe('keyword')
    for (const call of ['regsub', 'std.log', 'hash_data', 'synthetic', 'synth']) {
      expect(kindOf(tokens, call), call).toBe('function')
    }
    for (const variable of [
      'req.http.host',
      'req.http.X-Foo',
      'req.url',
      'client.ip',
      'beresp.ttl',
      'resp.http.Retry-After',
    ]) {
      expect(kindOf(tokens, variable), variable).toBe('variable')
    }
    expect(kindOf(tokens, 'req.http.X-Forwarded-For')).toBe('variable')
    expect(kindOf(tokens, 'vcl_recv')).toBe('identifier')
    expect(kindOf(tokens, 'pass')).toBe('identifier')
    expect(kindOf(tokens, 'purgers')).toBe('identifier')
  })

  it('reads strings with their escapes and long strings over several lines', () => {
    const tokens = tokenizeVcl(SNIPPET)
    expect(kindOf(tokens, String.raw`"^www\."`)).toBe('string')
    expect(kindOf(tokens, String.raw`"\?.*$"`)).toBe('string')
    expect(kindOf(tokens, '""')).toBe('string')
    expect(kindOf(tokens, '{"<!doctype html>\n<p>Error "quoted" page</p>"}')).toBe('string')
    expect(tokenizeVcl(String.raw`"a \" b" x`)[0]).toEqual({ kind: 'string', text: String.raw`"a \" b"` })
    expect(tokenizeVcl('"""a "quoted" word"""')).toEqual([{ kind: 'string', text: '"""a "quoted" word"""' }])
  })

  it('reads the three comment styles', () => {
    const tokens = tokenizeVcl(SNIPPET)
    expect(kindOf(tokens, '# Requests for www.* lose their query string before the cache sees them.')).toBe('comment')
    expect(kindOf(tokens, '// A second comment style, also to the end of the line.')).toBe('comment')
    expect(kindOf(tokens, '/* A block comment\n   over two lines */')).toBe('comment')
  })

  it('reads numbers with their duration and size units', () => {
    const tokens = tokenizeVcl(SNIPPET)
    for (const number of ['4.1', '10s', '1h', '5m', '0s', '500ms', '405', '16']) {
      expect(kindOf(tokens, number), number).toBe('number')
    }
    const durations = tokenizeVcl('2d 1w 1y 1.5s 100KB 3x').filter((token) => token.kind !== 'whitespace')
    expect(durations).toEqual([
      { kind: 'number', text: '2d' },
      { kind: 'number', text: '1w' },
      { kind: 'number', text: '1y' },
      { kind: 'number', text: '1.5s' },
      { kind: 'number', text: '100KB' },
      { kind: 'number', text: '3' },
      { kind: 'identifier', text: 'x' },
    ])
  })

  it('reads operators, longest first, and punctuation', () => {
    const tokens = tokenizeVcl('== != ~ !~ && || ! = += -= < > <= >= { } ( ) ; ,').filter(
      (token) => token.kind !== 'whitespace',
    )
    expect(tokens.map((token) => token.kind)).toEqual([...Array(14).fill('operator'), ...Array(6).fill('punctuation')])
    expect(tokens.slice(0, 14).map((token) => token.text)).toEqual([
      '==',
      '!=',
      '~',
      '!~',
      '&&',
      '||',
      '!',
      '=',
      '+=',
      '-=',
      '<',
      '>',
      '<=',
      '>=',
    ])
  })

  it('keeps runs of punctuation together but stops them before strings and comments', () => {
    expect(tokenizeVcl('));{"x"}').map((token) => [token.kind, token.text])).toEqual([
      ['punctuation', '));'],
      ['string', '{"x"}'],
    ])
    expect(tokenizeVcl('(#c').map((token) => token.kind)).toEqual(['punctuation', 'comment'])
    expect(tokenizeVcl('("a")').map((token) => token.kind)).toEqual(['punctuation', 'string', 'punctuation'])
  })

  it('survives unterminated strings and comments, still giving the source back', () => {
    for (const broken of [
      'set req.http.X = "no end\nset req.url = "/";',
      'sub x { /* never closed\n still comment',
      'synthetic({"long string without its end',
      '"""triple without end',
      '"ends on a backslash\\',
      '# comment without a newline',
      '{ } "',
      'caf\u00e9 \u{1F600} emoji',
    ]) {
      const tokens = tokenizeVcl(broken)
      expect(joined(tokens), broken).toBe(broken)
      expect(tokens.every((token) => token.text.length > 0)).toBe(true)
    }
    const [string, whitespace, keyword] = tokenizeVcl('"no end\nset')
    expect(string).toEqual({ kind: 'string', text: '"no end' })
    expect(whitespace?.kind).toBe('whitespace')
    expect(keyword).toEqual({ kind: 'keyword', text: 'set' })
    expect(tokenizeVcl('/* open\nset x')).toEqual([{ kind: 'comment', text: '/* open\nset x' }])
  })

  it('gives back any mix of VCL characters exactly', () => {
    const alphabet = [
      '"',
      '{',
      '}',
      '{"',
      '"}',
      '/',
      '*',
      '#',
      '\n',
      ' ',
      '\\',
      'req.',
      'a',
      '1',
      's',
      '-',
      '=',
      '!',
      '~',
      'é',
    ]
    let seed = 7
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    for (let run = 0; run < 200; run++) {
      const source = Array.from({ length: 60 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
      expect(joined(tokenizeVcl(source)), source).toBe(source)
    }
  })

  // Speed is for benchmarks, not assertions (a busy CI machine is not a slow tokenizer); a backtracking
  // tokenizer would still not finish these within the test's time-out.
  it('tokenizes a mebibyte of VCL, giving back every character', () => {
    const source = SNIPPET.repeat(Math.ceil((1024 * 1024) / SNIPPET.length))
    expect(joined(tokenizeVcl(source))).toBe(source)
  })

  it('stays linear on pathological input: an unclosed quote or comment on every line', () => {
    // A backtracking or rescanning tokenizer takes minutes here, past the test's time-out.
    for (const line of ['"x\n', '{"\n', '/*\n', '#\n', '"\\\n', '"""\n']) {
      const source = line.repeat(Math.ceil((1024 * 1024) / line.length))
      expect(joined(tokenizeVcl(source)), JSON.stringify(line)).toBe(source)
    }
  })
})
