/**
 * The edge's VCL (issue 23, EDGE.md): literals no value can break out of, the rules that keep a tenant's
 * snippet inside its project, every kind of configuration compiled by Varnish's own compiler, and the
 * API refusing a snippet that does not compile with the line and column inside its text.
 */
import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../server/base/errors.ts'
import type { Db } from '../../server/db/client.ts'
import { resources } from '../../server/db/schema.ts'
import { loadError } from '../../server/edge/load-error.ts'
import { parseVccOutput, Vcc } from '../../server/edge/vcc.ts'
import { globRegex, VclProgram, vclRegex, vclString } from '../../src/domain/vcl.ts'
import { BlocklistFields } from '../../src/types/blocklist/fields.ts'
import { snippetProblems } from '../../src/types/code-snippets/edge.ts'
import { checkRegexVcl } from '../../src/types/code-snippets/edge-check.ts'
import { CodeSnippetFields, type VclHook } from '../../src/types/code-snippets/fields.ts'
import { projectSnippetsKey } from '../../src/types/code-snippets/server.ts'
import { DIRECTOR_TYPES, DirectorFields } from '../../src/types/directors/fields.ts'
import { compileProject, type ProjectConfiguration } from '../../src/types/edge-program.ts'
import { IpListFields } from '../../src/types/ip-lists/fields.ts'
import { CACHE_MODES, MATCH_TYPES, PageRuleFields } from '../../src/types/page-rules/fields.ts'
import { RATE_LIMIT_ACTIONS, RateLimitFields } from '../../src/types/rate-limits/fields.ts'
import { SyntheticFields } from '../../src/types/synthetic-responses/fields.ts'
import { WebsiteFields } from '../../src/types/websites/fields.ts'
import { lockKeys } from '../../src/types/websites/server.ts'
import { PCRE2_CASES } from '../tools/pcre2-cases.ts'
import { type Json, setUpPlatform } from './support.ts'

/** Strings a user may type that would end a VCL string or a line if they were pasted as they are. */
const HOSTILE = ['"}', '"', '{"', '"} + req.http.x + {"', '\\', '%', '}', 'C{ }C', '#', '/* */', 'é ✓']

describe('VCL literals', () => {
  it('writes any text as a string expression that holds exactly it', () => {
    expect(vclString('plain text')).toBe('"plain text"')
    expect(vclString('say "hi"')).toBe('{"say "hi""}')
    expect(vclString('a"}b')).toBe('{"a"} + {"""} + "}" + {"b"}')
    expect(vclString('two\nlines')).toBe('{"two\nlines"}')
  })

  it('writes quotes and control characters of a regular expression as PCRE escapes', () => {
    expect(vclRegex('^/a"b\t')).toBe('"^/a\\x22b\\x09"')
    expect(globRegex('/static/*.css?v=?')).toBe('^/static/.*\\.css.v=.$')
  })

  it('maps a program line back to the field and the line inside its text', () => {
    const program = new VclProgram().add('vcl 4.1;', 'sub s {')
    program.user('first\nsecond', { type: 'codesnippets', name: 'x', field: 'content' }).add('}')
    expect(program.locate(4)).toEqual({ type: 'codesnippets', name: 'x', field: 'content', line: 2 })
    expect(program.locate(2)).toBeNull()
  })

  it("reads the compiler's message and place from what varnishd -C writes", () => {
    const output = [
      "Could not delete 'vcl_boot.1/vgc.sym': No such file or directory",
      'Message from VCC-compiler:',
      "Expected '=' got '}'",
      '(program line 177), at',
      "('/tmp/x.vcl' Line 43695 Pos 1)",
      '}',
      '#',
      '',
      'Running VCC-compiler failed, exited with 2',
    ].join('\n')
    expect(parseVccOutput(output)).toEqual({ line: 43695, column: 1, message: "Expected '=' got '}'" })
    const afterWarning = [
      'Message from VCC-compiler:',
      'Unused acl a, defined:',
      "('/tmp/x.vcl' Line 3 Pos 5)",
      'acl a { }',
      '----#----',
      '(That was just a warning)',
      "('/tmp/x.vcl' Line 5 Pos 5) -- (Pos 14)",
      'set req.http.x = "1";',
      '----##########-------',
      "Cannot be set in subroutine 'vcl_backend_fetch'.",
      'Running VCC-compiler failed, exited with 2',
    ].join('\n')
    expect(parseVccOutput(afterWarning)).toEqual({
      line: 5,
      column: 5,
      message: "Cannot be set in subroutine 'vcl_backend_fetch'.",
    })
  })
})

describe("a tenant's snippet on a shared node", () => {
  it('is refused inline C, imports, includes, the node’s files and environment, label switches and bans', () => {
    const first = (content: string) => snippetProblems(content)[0]
    expect(first('set req.http.x = "1";\nC{ abort(); }C')).toMatchObject({ line: 2, column: 1 })
    expect(first('import std;')?.message).toMatch(/import is not allowed/)
    expect(first('include "/etc/varnish/secret";')?.message).toMatch(/include is not allowed/)
    expect(first('set req.http.x = std.fileread("/etc/varnish/secret");')).toEqual({
      line: 1,
      column: 18,
      message: 'std.fileread is not allowed: it reaches the node itself',
    })
    expect(first('set req.http.x = std . getenv("HOME");')?.message).toMatch(/std.getenv is not allowed/)
    expect(first('return (vcl(other_project));')?.message).toMatch(/cannot switch to another/)
    expect(first('ban("obj.status != 0");')?.message).toMatch(/bans are not allowed/)
    expect(first('set req.http.x = vtc.typesize("p");')?.message).toMatch(/vtc module/)
  })

  it('is refused return (fail) in vcl_init, which no node would load, and only there', () => {
    expect(snippetProblems('if (true) {\n  return (fail);\n}', 'vcl_init')).toEqual([
      { line: 2, column: 3, message: 'return (fail) is not allowed in vcl_init: no node would load the project' },
    ])
    expect(snippetProblems('return (fail);', 'vcl_recv')).toEqual([])
    expect(snippetProblems('# return (fail);\nstd.log("init");', 'vcl_init')).toEqual([])
  })

  it("is refused the rate limits' shared counters and the names the platform writes", () => {
    const first = (content: string) => snippetProblems(content)[0]?.message
    expect(first('if (vsthrottle.is_denied("shop|rl|" + client.ip, 1, 60s, 60s)) { }')).toMatch(
      /^vsthrottle is not available to snippets/,
    )
    // A global snippet's vcl_hash would run before the platform's, which starts the hash with the project.
    expect(first('sub vcl_hash {\n  hash_data("shop.example.com");\n  return (lookup);\n}')).toMatch(
      /^vcl_hash is a name the platform uses/,
    )
    expect(first('sub website_shop_deliver { }')).toMatch(/^website_shop_deliver is a name the platform uses/)
    expect(first('acl wadp_blocklist_allow { "10.0.0.1"; }')).toMatch(/^wadp_blocklist_allow is a name/)
    expect(snippetProblems('sub tenant_helper {\n  set req.http.X-Helper = "1";\n}')).toEqual([])
  })

  it('is refused the shard director settings whose value out of range panics the node for every project', () => {
    // Varnish 7.1: `Assert error in shardcfg_set_rampup(), … Condition(duration >= 0) not true`, the child
    // stopped, every project's traffic with it (VCC compiles it, in vcl_init and elsewhere).
    expect(snippetProblems('new s = directors.shard();\ns.set_rampup(-1s);', 'vcl_init')).toEqual([
      {
        line: 2,
        column: 2,
        message:
          'set_rampup is not available to snippets: a value out of its range stops the node’s Varnish for every project; use a director of the platform',
      },
    ])
    expect(snippetProblems('d_shop_origin . set_warmup(2);')[0]?.message).toMatch(/^set_warmup is not available/)
    expect(snippetProblems('new s = directors.shard();\ns.reconfigure();', 'vcl_init')).toEqual([])
  })

  it('cannot close the subroutine it is placed in', () => {
    expect(snippetProblems('}\nsub vcl_recv { return (vcl(x)); }\nsub y {')[0]).toMatchObject({ line: 1, column: 1 })
    expect(snippetProblems('if (req.url == "/") {')).toEqual([{ line: 1, column: 22, message: 'a { is not closed' }])
  })

  it('is not refused for words in its comments and strings', () => {
    const content = [
      '# import std; std.fileread("x") C{ }C',
      '// ban("x")',
      '/* return (vcl(x)); } */',
      'set req.http.x-note = "import std; }";',
      'set req.http.x-long = {"std.fileread("/etc/passwd") }"};',
      'set req.http.import = "1";',
    ].join('\n')
    expect(snippetProblems(content)).toEqual([])
  })
})

const vcc = Vcc.ofMachine()
afterAll(() => vcc?.close())

it('has Varnish’s compiler in CI, where .ci/run installs it (elsewhere the compiling tests are skipped)', () => {
  if (process.env.CI) expect(vcc?.varnishd).toMatch(/varnishd$/)
})

const parse = <T>(schema: v.GenericSchema<unknown, T>, input: unknown) => v.parse(schema, input)

/** A snippet as the store holds it, whatever the rules on writes say of its content (stored before them). */
const storedSnippet = (name: string, hook: VclHook, content: string) => ({
  name,
  data: { ...parse(CodeSnippetFields, { hook: 'vcl_recv', content: 'std.log("x");' }), hook, content },
})

/** A project that uses every director type, page-rule match and action, switch and hook, with hostile text everywhere it may go. */
function everything(): ProjectConfiguration {
  const directors = DIRECTOR_TYPES.map((type, index) => ({
    name: `d-${index}`,
    data: parse(DirectorFields, {
      type,
      sticky_header: 'X-Sticky',
      sticky_cookie: 'session"}id',
      backends: [
        { host: 'origin.example.com', port: 8080, weight: 2 },
        { host: '2001:db8::1', port: 80, weight: 0 },
      ],
      probe: {
        enabled: index % 2 === 0,
        method: 'HEAD',
        path: '/health "}\\ ok?',
        host: index % 3 ? null : 'probe.example.com',
      },
      timeout: { connect_timeout: 1, read_timeout: 600 },
    }),
  }))
  const rules = MATCH_TYPES.flatMap((matchType, m) =>
    (['cache', 'redirect', 'director', 'synthetic'] as const).map((kind, k) => {
      const index = m * 4 + k
      const action =
        kind === 'cache'
          ? { kind, mode: CACHE_MODES[index % 3], edge_ttl_s: 60, browser_ttl_s: 5, ignore_query: index % 2 === 0 }
          : kind === 'redirect'
            ? {
                kind,
                target: `https://example.com/moved?x="}${HOSTILE[index % HOSTILE.length]}`,
                status: 308,
                preserve_query: true,
              }
            : kind === 'director'
              ? { kind, director: `d-${index % DIRECTOR_TYPES.length}` }
              : { kind, synthetic: 'maintenance' }
      const path = matchType === 'regex' ? '^/a"}(b|c)\\d+$' : `/p${index}/${HOSTILE[index % HOSTILE.length]}*?`
      return {
        name: `rule-${index}`,
        data: parse(PageRuleFields, {
          website: 'main',
          priority: index + 1,
          match: {
            path,
            match_type: matchType,
            methods: index % 2 ? ['GET', 'HEAD'] : [],
            hosts: index % 3 ? [] : ['shop.example.com'],
          },
          action,
          request_headers: HOSTILE.map((value, h) => ({
            op: (['set', 'append', 'unset'] as const)[h % 3],
            name: `X-Req-${h}`,
            value,
          })),
          response_headers: [{ op: 'set', name: 'X-Resp', value: HOSTILE.join('') }],
        }),
      }
    }),
  )
  const hooks = [
    'vcl_recv',
    'vcl_hash',
    'vcl_backend_fetch',
    'vcl_backend_response',
    'vcl_deliver',
    'vcl_synth',
  ] as const
  const snippetFor: Record<(typeof hooks)[number], string> = {
    vcl_recv: 'if (req.url ~ "^/x") {\n  set req.http.X-From-Snippet = "1";\n}',
    vcl_hash: 'hash_data(req.http.X-Variant);',
    vcl_backend_fetch: 'set bereq.http.X-Fetch = "1";',
    vcl_backend_response: 'set beresp.http.X-Fetched = "1";',
    vcl_deliver: 'set resp.http.X-Delivered = "1";',
    vcl_synth: 'set resp.http.X-Synth = "1";',
  }
  const snippets = [
    ...hooks.map((hook) => ({
      name: `own-${hook.replaceAll('_', '-')}`,
      data: parse(CodeSnippetFields, { hook, content: snippetFor[hook] }),
    })),
    {
      name: 'project-wide',
      data: parse(CodeSnippetFields, { hook: 'vcl_deliver', content: 'set resp.http.X-Project = "shop";' }),
    },
    { name: 'init', data: parse(CodeSnippetFields, { hook: 'vcl_init', content: 'std.log("loaded");' }) },
    {
      name: 'global',
      data: parse(CodeSnippetFields, {
        hook: 'global',
        content: 'sub tenant_helper {\n  set req.http.X-Helper = "1";\n}',
      }),
    },
    {
      name: 'off',
      data: parse(CodeSnippetFields, { hook: 'vcl_recv', content: 'this does not compile', enabled: false }),
    },
  ]
  const ipLists = [
    {
      name: 'office',
      data: parse(IpListFields, {
        entries: [
          { cidr: '10.0.0.0/8' },
          { cidr: '10.1.0.0/16', negated: true },
          { cidr: '2001:db8::/32', comment: 'v6 "} office' },
          { cidr: '192.0.2.7', expires_at: '2000-01-01T00:00:00Z' },
        ],
      }),
    },
    { name: 'empty', data: parse(IpListFields, {}) },
  ]
  const keys = [['ip'], ['ip_prefix', 'header:X-Api-Key'], ['cookie:session', 'query:token', 'country']]
  const rateLimits = RATE_LIMIT_ACTIONS.map((action, index) => ({
    name: `limit-${action}`,
    data: parse(RateLimitFields, {
      match: {
        paths: index === 2 ? ['^/login"}$'] : ['/login', '/api/'],
        match_type: (['prefix', 'exact', 'regex'] as const)[index],
        methods: index ? ['POST'] : [],
      },
      keys: keys[index],
      limit: 10,
      period_s: 60,
      action,
      challenge: action === 'challenge' ? 'human-check' : null,
      counter_scope: index === 1 ? 'global' : 'per_node',
      bypass_iplists: index === 0 ? ['office', 'empty'] : [],
    }),
  }))
  const blocklist = [
    { name: 'bad-host', data: parse(BlocklistFields, { target: 'ip', value: '198.51.100.7', action: 'block' }) },
    { name: 'bad-net', data: parse(BlocklistFields, { target: 'cidr', value: '203.0.113.0/24', action: 'block' }) },
    { name: 'partner', data: parse(BlocklistFields, { target: 'ip', value: '203.0.113.9', action: 'allow' }) },
    { name: 'v6', data: parse(BlocklistFields, { target: 'cidr', value: '2001:db8:bad::/48', action: 'block' }) },
    { name: 'by-country', data: parse(BlocklistFields, { target: 'country', value: 'FR', action: 'block' }) },
  ]
  const website = (name: string, on: boolean, domain: string) => ({
    name,
    data: parse(WebsiteFields, {
      domain_name: domain,
      domain_aliases: [`www.${domain}`],
      default_director: 'd-0',
      page_rules: name === 'main' ? rules.map((rule) => rule.name) : [],
      rate_limits: name === 'main' ? rateLimits.map((limit) => limit.name) : [],
      default_rules: {
        trust_x_forwarded_for: on,
        streaming_enabled: on,
        retry_on_5xx_error: on,
        debug_mode: on,
        api_path_enabled: on,
        api_path: '/api/"}v1',
        hsts_enabled: on,
        ...(on ? Object.fromEntries(hooks.map((hook) => [`custom_${hook}`, `own-${hook.replaceAll('_', '-')}`])) : {}),
      },
      cache: { default_ttl_s: on ? 0 : 31_536_000, redirect_http_to_https: on },
    }),
  })
  return {
    project: 'shop',
    directors,
    websites: [website('main', true, 'shop.example.com'), website('plain', false, 'plain.example.com')],
    pageRules: rules,
    synthetics: [
      {
        name: 'maintenance',
        data: parse(SyntheticFields, {
          status: 503,
          body: `<h1>Back soon</h1>\n${HOSTILE.join('\n')}`,
          headers: HOSTILE.map((value, h) => ({ name: `X-Synthetic-${h}`, value })),
          ttl_s: 30,
        }),
      },
    ],
    snippets,
    ipLists,
    rateLimits,
    blocklist,
    now: Date.parse('2026-11-26T00:00:00Z'),
  }
}

describe("a node's word on a VCL Varnish refused", () => {
  /** What varnishadm answers a vcl.load that VCC refused: the node's work file, its line and column. */
  const refusal = (vcl: string, line: number, column: number, words: string) =>
    [
      'Message from VCC-compiler:',
      words,
      '',
      `('/var/lib/wadp-edge/n/p_shop_6.vcl' Line ${line} Pos ${column})`,
      vcl.split('\n')[line - 1],
      `${'-'.repeat(column - 1)}#`,
      '',
      'Running VCC-compiler failed, exited with 2',
      'VCL compilation failed',
      'Command failed with error code 106',
    ].join('\n')

  it('names the snippet or rule the error falls in, with the compiler’s words, not the node’s file', () => {
    const { program } = compileProject(everything(), () => '127.0.0.1')
    const vcl = program.text
    const lines = vcl.split('\n')
    const snippet = lines.findIndex((_, index) => program.locate(index + 1)?.name === 'project-wide') + 2
    expect(loadError(vcl, refusal(vcl, snippet, 5, "Unknown token ';' when looking for STRING"))).toBe(
      "VCL snippet project-wide, line 2, column 5: Unknown token ';' when looking for STRING",
    )
    const regex = lines.findIndex((line) => line.includes('(b|c)')) + 1
    const words = 'Regexp compilation error:\n\nPCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u'
    expect(loadError(vcl, refusal(vcl, regex, 24, words))).toBe(
      'page rule rule-12: Regexp compilation error: PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u (line 1, column 24 of the VCL written from it)',
    )
    const own = lines.indexOf('sub vcl_hit {') + 1
    expect(loadError(vcl, refusal(vcl, own, 1, 'Something'))).toBe(
      `the VCL the platform writes for the project, line ${own}, column 1: Something`,
    )
  })

  it("names the project's vcl_init snippets when its vcl_init failed, with Varnish's words", () => {
    const init = [
      'VCL "p_shop_6" Failed initialization',
      'Message:',
      '\tstd.integer: conversion failed: Invalid number',
      '',
      'Command failed with error code 300',
    ].join('\n')
    const config = everything()
    expect(loadError(compileProject(config, () => '127.0.0.1').program.text, init)).toBe(
      `the project's vcl_init snippet init failed: ${init}`,
    )
    const more = { hook: 'vcl_init', content: 'std.log("more");', priority: 5 }
    config.snippets.push({ name: 'init-more', data: parse(CodeSnippetFields, more) })
    expect(loadError(compileProject(config, () => '127.0.0.1').program.text, init)).toBe(
      `one of the project's vcl_init snippets (init-more, init) failed: ${init}`,
    )
    // Without vcl_init snippets, the platform's own: said as it came.
    const none = { ...config, snippets: config.snippets.filter(({ data }) => data.hook !== 'vcl_init') }
    expect(loadError(compileProject(none, () => '127.0.0.1').program.text, init)).toBe(init)
  })
})

describe.skipIf(!vcc)("Varnish's own compiler (varnishd -C)", () => {
  it('compiles a project that uses every director type, rule, switch and hook, hostile text in every field', async () => {
    const { program, notEnforced } = compileProject(everything(), () => '127.0.0.1')
    expect(await vcc?.compile(program.text)).toEqual({ ok: true })
    // What a node cannot do is said, never pretended.
    expect(notEnforced).toContainEqual({
      type: 'access-list',
      name: 'by-country',
      what: 'an entry by country (no GeoIP database on Varnish nodes)',
    })
    expect(notEnforced).toContainEqual({
      type: 'ratelimits',
      name: 'limit-log',
      what: 'counting by country (no GeoIP database on Varnish nodes)',
    })
    expect(notEnforced).toContainEqual({
      type: 'ratelimits',
      name: 'limit-challenge',
      what: 'a challenge (Varnish nodes cannot show a captcha): logged instead',
    })
    expect(program.text).toContain('acl iplist_office {\n  "10.0.0.0"/8;\n  ! "10.1.0.0"/16;\n  "2001:db8::"/32;\n}')
    expect(notEnforced).toContainEqual({
      type: 'synthetics',
      name: 'maintenance',
      what: 'its TTL: Varnish nodes answer a synthetic response afresh every time, at no cost',
    })
  }, 60_000)

  it('compiles a project with no website at all', async () => {
    const empty = { ...everything(), websites: [], pageRules: [] }
    expect(await vcc?.compile(compileProject(empty, () => '127.0.0.1').program.text)).toEqual({ ok: true })
  }, 60_000)

  it('writes no header name VCL cannot hold, stored before the schemas took only VCL’s names: left out and said', async () => {
    // Stored as the schemas took them before: a sticky header of any text, header names of any RFC 7230 token.
    const injected = 'X-A); return (synth(200, std.fileread("/etc/hostname"))); set req.http.X-B = (req.http.X-A'
    const config = everything()
    const [sticky, shard] = [4, 8].map((index) => config.directors[index]?.data)
    for (const director of [sticky, shard]) if (director) director.sticky_header = injected
    const rule = config.pageRules[0]?.data
    rule?.request_headers.push({ op: 'set', name: 'X.Debug', value: '1' })
    rule?.response_headers.push({ op: 'unset', name: "x'y", value: '' })
    config.synthetics[0]?.data.headers.push({ name: 'X|Pipe', value: '1' })
    config.rateLimits[1]?.data.keys.push('header:X.Api')
    const { program, notEnforced } = compileProject(config, () => '127.0.0.1')
    for (const written of ['fileread', 'X.Debug', "x'y", 'X|Pipe', 'X.Api']) expect(program.text).not.toContain(written)
    expect(notEnforced).toContainEqual({
      type: 'directors',
      name: 'd-4',
      what: `stickiness by the header ${JSON.stringify(injected)} (Varnish nodes name headers with letters, digits, - and _ only: edit it): by the client's address instead`,
    })
    const about = (name: string) =>
      `the header ${JSON.stringify(name)} (Varnish nodes name headers with letters, digits, - and _ only: edit it)`
    expect(notEnforced).toContainEqual({ type: 'pagerules', name: 'rule-0', what: about('X.Debug') })
    expect(notEnforced).toContainEqual({ type: 'pagerules', name: 'rule-0', what: about("x'y") })
    expect(notEnforced).toContainEqual({ type: 'synthetics', name: 'maintenance', what: about('X|Pipe') })
    expect(notEnforced).toContainEqual({
      type: 'ratelimits',
      name: 'limit-challenge',
      what: `counting by ${about('X.Api')}`,
    })
    expect(await vcc?.compile(program.text)).toEqual({ ok: true })
  }, 60_000)

  it('writes no value stored before the save-time rules that Varnish refuses: left out and said, the project loads', async () => {
    // Stored as the schemas took them before (or where the API had no varnishd to compile regexes with).
    const config = everything()
    const data = (name: string) => config.pageRules.find((rule) => rule.name === name)?.data
    const regexRules = config.pageRules
      .filter((rule) => rule.data.match.match_type === 'regex')
      .map((rule) => rule.name)
    const [unicode, empty] = regexRules.map(data)
    if (unicode) unicode.match.path = '^/x\\u0041'
    if (empty) empty.match.path = '^/[]'
    const redirect = config.pageRules.find(
      (rule) => rule.data.action.kind === 'redirect' && rule.data.match.match_type !== 'regex',
    )
    if (redirect?.data.action.kind === 'redirect') redirect.data.action.target = '/gone-away\u0000'
    config.pageRules[0]?.data.response_headers.push({ op: 'set', name: 'X-Nul', value: 'a\u0000b' })
    const synthetic = config.synthetics[0]?.data
    if (synthetic) {
      synthetic.body = 'nul-body\u0000'
      synthetic.content_type = 'text/plain; nul=\u0000'
      synthetic.headers.push({ name: 'X-Bell', value: 'a\u0007b' })
    }
    const limit = config.rateLimits.find((one) => one.data.match.match_type === 'regex')?.data
    limit?.match.paths.push('a{99999}')
    const { program, notEnforced } = compileProject(config, () => '127.0.0.1')
    for (const written of ['\\u0041', '[]', '/gone-away', 'X-Nul', 'nul=', 'X-Bell', 'nul-body', 'a{99999}'])
      expect(program.text).not.toContain(written)
    expect(program.text).not.toContain('\u0000')
    const pcre = "Varnish's PCRE2 does not take it"
    const control = 'it holds a control character, which Varnish nodes cannot send: edit it'
    expect(notEnforced).toEqual(
      expect.arrayContaining([
        {
          type: 'pagerules',
          name: regexRules[0],
          what: `the whole rule: the regular expression "^/x\\u0041" (${pcre}: PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u; edit it)`,
        },
        {
          type: 'pagerules',
          name: regexRules[1],
          what: `the whole rule: the regular expression "^/[]" (${pcre}: missing terminating ] for character class; edit it)`,
        },
        {
          type: 'pagerules',
          name: redirect?.name,
          what: `the whole rule: its redirect target "/gone-away\\u0000" (${control})`,
        },
        { type: 'pagerules', name: 'rule-0', what: `the value of the header X-Nul (${control})` },
        {
          type: 'synthetics',
          name: 'maintenance',
          what: `its content type "text/plain; nul=\\u0000": sent without a Content-Type (${control})`,
        },
        { type: 'synthetics', name: 'maintenance', what: `the value of the header X-Bell (${control})` },
        {
          type: 'synthetics',
          name: 'maintenance',
          what: 'its body (it holds the NUL character, which VCL cannot write: answered with an empty body; edit it)',
        },
        {
          type: 'ratelimits',
          name: 'limit-log',
          what: `the path the regular expression "a{99999}" (${pcre}: number too big in {} quantifier; edit it)`,
        },
      ]),
    )
    // The limit's other path is still counted.
    expect(program.text).toContain('^/login')
    expect(await vcc?.compile(program.text)).toEqual({ ok: true })
  }, 60_000)

  it('writes no snippet stored before a confinement rule refused it: left out and said, the project loads', async () => {
    // Stored before e4da205 (a global sub vcl_hash reached other projects' objects, vsthrottle their
    // counters) and 7abe0bc (return (fail) in vcl_init: no node loads the project).
    const config = everything()
    config.snippets.push(
      storedSnippet('old-hash', 'global', 'sub vcl_hash {\n  hash_data("shop.example.com");\n}'),
      storedSnippet(
        'old-throttle',
        'vcl_recv',
        'if (vsthrottle.is_denied("shop|login|", 1, 1s)) { return (synth(429)); }',
      ),
      storedSnippet('old-init', 'vcl_init', 'return (fail);'),
      storedSnippet('old-rampup', 'vcl_init', 'new s = directors.shard();\ns.set_rampup(-1s);'),
    )
    const { program, notEnforced } = compileProject(config, () => '127.0.0.1')
    for (const written of ['shop.example.com");', 'is_denied("shop|login|"', 'return (fail)', 'set_rampup'])
      expect(program.text).not.toContain(written)
    const said = (name: string) => notEnforced.find((line) => line.type === 'codesnippets' && line.name === name)?.what
    expect(said('old-hash')).toBe(
      'the whole snippet: line 1, column 1: vcl_hash is a name the platform uses: a snippet cannot define vcl_* subroutines (use the hook) or names starting website_, snippet_, project_, iplist_, wadp_, d_ or b_ (edit it)',
    )
    expect(said('old-throttle')).toContain('vsthrottle is not available to snippets')
    expect(said('old-rampup')).toContain('set_rampup is not available to snippets')
    expect(said('old-init')).toBe(
      'the whole snippet: line 1, column 1: return (fail) is not allowed in vcl_init: no node would load the project (edit it)',
    )
    expect(await vcc?.compile(program.text)).toEqual({ ok: true })
  }, 60_000)

  it('writes no vcl_init snippet that reaches return (fail) through the subroutines it calls: left out and said', async () => {
    // Stored past the check on writes (before it, or without it): VCC takes the pair, no node loads it.
    const config = everything()
    config.snippets.push(
      storedSnippet(
        'fails-init',
        'global',
        'sub fail_init {\n  return (fail);\n}\nsub init_helper {\n  call fail_init;\n}',
      ),
      storedSnippet('init-fails', 'vcl_init', 'std.log("init");\ncall init_helper;'),
    )
    const { program, notEnforced } = compileProject(config, () => '127.0.0.1')
    expect(program.text).not.toContain('call init_helper;')
    expect(program.text).toContain('sub fail_init {')
    expect(notEnforced.filter((line) => line.type === 'codesnippets' && line.name.includes('fail'))).toEqual([
      {
        type: 'codesnippets',
        name: 'init-fails',
        what: 'the whole snippet: line 2, column 1: call init_helper, which reaches return (fail) (VCL snippet fails-init, line 2, column 3), is not allowed in vcl_init: no node would load the project (edit it)',
      },
    ])
    expect(await vcc?.compile(program.text)).toEqual({ ok: true })
  }, 60_000)

  it("agrees with Varnish's compiler on each regular expression PCRE2 refuses or takes", async () => {
    for (const [pattern, problem] of PCRE2_CASES) {
      const program = [
        'vcl 4.1;',
        'backend b none;',
        'sub vcl_recv {',
        `  if (req.url ~ ${vclRegex(pattern)}) {}`,
        '}',
        '',
      ]
      const verdict = await vcc?.compile(program.join('\n'))
      expect([pattern, verdict?.ok ? null : verdict?.error.message]).toEqual([
        pattern,
        problem === null ? null : expect.stringContaining(problem),
      ])
    }
  }, 120_000)

  it('finds a broken snippet by its line and column in its own text', async () => {
    const config = everything()
    const broken = { hook: 'vcl_deliver', content: 'set resp.http.A = "1";\nset resp.http.B = ;' }
    config.snippets.push({ name: 'broken', data: parse(CodeSnippetFields, broken) })
    const { program } = compileProject(config, () => '127.0.0.1')
    const verdict = await vcc?.compile(program.text)
    expect(verdict?.ok).toBe(false)
    if (!verdict || verdict.ok) return
    expect(verdict.error.message).toBe("Unknown token ';' when looking for STRING")
    expect(program.locate(verdict.error.line)).toEqual({
      type: 'codesnippets',
      name: 'broken',
      field: 'content',
      line: 2,
    })
    expect(verdict.error.column).toBe(19)
  }, 60_000)
})

describe('the API refuses a snippet that would break or leave its project', () => {
  const platform = setUpPlatform()
  const snippets = '/api/core/v0/projects/shop/codesnippets'

  it('answers 400 on content to a vcl_init snippet that returns fail, whether or not Varnish is installed', async () => {
    const res = await platform.call('POST', snippets, {
      body: { name: 'init-fails', hook: 'vcl_init', content: 'return (fail);' },
    })
    expect([res.status, res.body.errors]).toEqual([
      400,
      [
        {
          field: 'content',
          message: 'line 1, column 1: return (fail) is not allowed in vcl_init: no node would load the project',
        },
      ],
    ])
    expect((await platform.call('GET', `${snippets}/init-fails`)).status).toBe(404)
  })

  it('answers 400 on content to a vcl_init snippet calling a global subroutine that fails, with or without Varnish', async () => {
    const global = await platform.call('POST', snippets, {
      body: { name: 'fails-init', hook: 'global', content: 'sub fail_init {\n  return (fail);\n}' },
    })
    expect(global.status).toBe(201)
    try {
      const res = await platform.call('POST', snippets, {
        body: { name: 'init-fails', hook: 'vcl_init', content: 'std.log("init");\ncall fail_init;' },
      })
      expect([res.status, res.body.errors]).toEqual([
        400,
        [
          {
            field: 'content',
            message:
              'line 2, column 1: call fail_init, which reaches return (fail) (VCL snippet fails-init, line 2, column 3), is not allowed in vcl_init: no node would load the project',
          },
        ],
      ])
      expect((await platform.call('GET', `${snippets}/init-fails`)).status).toBe(404)
      // Disabled, it runs nowhere: saved.
      const disabled = await platform.call('POST', snippets, {
        body: { name: 'init-fails', hook: 'vcl_init', content: 'call fail_init;', enabled: false },
      })
      expect(disabled.status).toBe(201)
    } finally {
      await platform.call('DELETE', `${snippets}/init-fails`, { headers: { 'if-match': '*' } })
      await platform.call('DELETE', `${snippets}/fails-init`, { headers: { 'if-match': '*' } })
    }
  })

  it('checks a vcl_init snippet against a global one saved at the same moment, never both stored', async () => {
    const created = await platform.call('POST', snippets, {
      body: { name: 'fails-at-once', hook: 'global', content: 'sub fail_now {\n  std.log("now");\n}' },
    })
    expect(created.status).toBe(201)
    let saving: Promise<{ status: number; body: Json }> | null = null
    try {
      // Another write of the project's snippets under way: the global sub gaining return (fail), checked and
      // written, not yet committed.
      await platform.server.ctx.db.transaction(async (transaction) => {
        const tx = transaction as Db
        await lockKeys(tx, [projectSnippetsKey('shop')])
        await tx
          .update(resources)
          .set({ data: { ...created.body.data, content: 'sub fail_now {\n  return (fail);\n}' } })
          .where(
            and(eq(resources.type, 'codesnippets'), eq(resources.scope, 'shop'), eq(resources.name, 'fails-at-once')),
          )
        saving = platform.call('POST', snippets, {
          body: { name: 'init-at-once', hook: 'vcl_init', content: 'call fail_now;' },
        })
        // Without the project's lock it is answered meanwhile, checked against the sub as it was.
        await Promise.race([saving, new Promise((resolve) => setTimeout(resolve, 1000))])
      })
      const saved = await (saving as unknown as Promise<{ status: number; body: Json }>)
      expect([saved.status, saved.body.errors?.[0]?.message]).toEqual([
        400,
        expect.stringMatching(/^line 1, column 1: call fail_now, which reaches return \(fail\)/),
      ])
      expect((await platform.call('GET', `${snippets}/init-at-once`)).status).toBe(404)
    } finally {
      await platform.call('DELETE', `${snippets}/init-at-once`, { headers: { 'if-match': '*' } })
      await platform.call('DELETE', `${snippets}/fails-at-once`, { headers: { 'if-match': '*' } })
    }
  })

  it('answers 400 on content to a global subroutine gaining return (fail) while vcl_init reaches it through others', async () => {
    const helpers = 'sub init_helper {\n  call init_step;\n}\nsub init_step {\n  std.log("step");\n}'
    const created = await platform.call('POST', snippets, {
      body: { name: 'helpers', hook: 'global', content: helpers },
    })
    expect(created.status).toBe(201)
    try {
      const init = await platform.call('POST', snippets, {
        body: { name: 'init-logs', hook: 'vcl_init', content: 'call init_helper;' },
      })
      expect(init.status).toBe(201)
      const res = await platform.call('PUT', `${snippets}/helpers`, {
        body: { hook: 'global', content: helpers.replace('std.log("step");', 'std.log("step");\n  return (fail);') },
        headers: { 'if-match': '*' },
      })
      expect([res.status, res.body.errors]).toEqual([
        400,
        [
          {
            field: 'content',
            message:
              'line 6, column 3: return (fail) is not allowed in vcl_init, where VCL snippet init-logs reaches it (line 1, column 1: call init_helper): no node would load the project',
          },
        ],
      ])
      expect((await platform.call('GET', `${snippets}/helpers`)).body.data.content).toBe(helpers)
    } finally {
      await platform.call('DELETE', `${snippets}/init-logs`, { headers: { 'if-match': '*' } })
      await platform.call('DELETE', `${snippets}/helpers`, { headers: { 'if-match': '*' } })
    }
  })

  it.skipIf(!vcc)(
    'answers 400 on content with the line, the column and the compiler’s words',
    async () => {
      const res = await platform.call('POST', snippets, {
        body: { name: 'broken-deliver', hook: 'vcl_deliver', content: 'set resp.http.A = "1";\nset resp.http.x = ;' },
      })
      expect(res.status).toBe(400)
      expect(res.body.errors).toEqual([
        { field: 'content', message: "line 2, column 19: Unknown token ';' when looking for STRING" },
      ])
      // A snippet in a hook it does not fit: the compiler says so too.
      const misplaced = await platform.call('POST', snippets, {
        body: { name: 'misplaced', hook: 'vcl_backend_fetch', content: 'set req.http.x = "1";' },
      })
      expect(misplaced.status).toBe(400)
      expect(misplaced.body.errors).toEqual([
        { field: 'content', message: "line 1, column 5: Cannot be set from subroutine 'vcl_backend_fetch'." },
      ])
      const good = await platform.call('POST', snippets, {
        body: { name: 'tags-responses', hook: 'vcl_deliver', content: 'set resp.http.X-Shop = "1";' },
      })
      expect(good.status).toBe(201)
    },
    60_000,
  )

  it.skipIf(!vcc)(
    'keeps a global snippet that another calls: deleting it is a 409, disabling it a 400, naming the caller',
    async () => {
      const helper = await platform.call('POST', snippets, {
        body: { name: 'helper-sub', hook: 'global', content: 'sub tenant_mark {\n  set req.http.X-Mark = "1";\n}' },
      })
      expect(helper.status).toBe(201)
      const caller = await platform.call('POST', snippets, {
        body: { name: 'calls-helper', hook: 'vcl_recv', content: 'call tenant_mark;' },
      })
      expect(caller.status).toBe(201)
      const removed = await platform.call('DELETE', `${snippets}/helper-sub`, { headers: { 'if-match': '*' } })
      expect(removed.status).toBe(409)
      expect(removed.body.message).toMatch(/VCL snippet calls-helper, line 1, column \d+: .*tenant_mark/)
      const disabled = await platform.call('PATCH', `${snippets}/helper-sub`, {
        body: { enabled: false },
        headers: { 'if-match': '*' },
      })
      expect(disabled.status).toBe(400)
      expect(disabled.body.errors[0].message).toMatch(/^VCL snippet calls-helper, line 1/)
      // Once nothing calls it, it goes.
      expect((await platform.call('DELETE', `${snippets}/calls-helper`, { headers: { 'if-match': '*' } })).status).toBe(
        204,
      )
      expect((await platform.call('DELETE', `${snippets}/helper-sub`, { headers: { 'if-match': '*' } })).status).toBe(
        204,
      )
    },
    60_000,
  )

  it.skipIf(!vcc)(
    'answers 400 for a regular expression JavaScript takes and Varnish does not, with PCRE2’s words',
    async () => {
      const rules = '/api/core/v0/projects/shop/pagerules'
      const rule = (path: string) => ({
        name: 'regex-rule',
        website: 'shop-example-com',
        priority: 901,
        match: { path, match_type: 'regex' },
        action: { kind: 'cache', mode: 'bypass' },
      })
      const refused = await platform.call('POST', rules, { body: rule('^/x\\u0041') })
      expect(refused.status).toBe(400)
      expect(refused.body.errors).toEqual([
        {
          field: 'match.path',
          message: expect.stringMatching(/^is not a regular expression Varnish accepts \(.*PCRE2 does not support/),
        },
      ])
      expect((await platform.call('POST', rules, { body: rule('^/(en|fr)/[a-z]+$') })).status).toBe(201)
      // A rate limit's paths: the one Varnish refuses is named.
      const limits = '/api/core/v0/projects/shop/ratelimits'
      const limit = await platform.call('POST', limits, {
        body: { name: 'regex-limit', match: { match_type: 'regex', paths: ['^/api/', 'a{99999}'] } },
      })
      expect(limit.status).toBe(400)
      expect(limit.body.errors).toEqual([
        { field: 'match.paths', message: expect.stringMatching(/^a\{99999\}: is not a regular expression Varnish/) },
      ])
      expect((await platform.call('GET', `${limits}/regex-limit`)).status).toBe(404)
    },
    60_000,
  )

  it('refuses a regular expression PCRE2 refuses without Varnish where the API runs, as nodes would leave it out', async () => {
    // No compiler: the configuration nodes get leaves such a rule out (pcre2Problem), so the write is refused.
    const refusal = await checkRegexVcl('match.paths', ['^/api/', '^/x\\u0041'], null).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ApiError)
    expect((refusal as ApiError).status).toBe(400)
    expect((refusal as ApiError).errors).toEqual([
      {
        field: 'match.paths',
        message: expect.stringMatching(
          /^\^\/x\\u0041: is not a regular expression Varnish accepts \(.*PCRE2 does not support/,
        ),
      },
    ])
    await expect(checkRegexVcl('match.paths', ['^/api/', '^/(en|fr)/[a-z]+$'], null)).resolves.toBeUndefined()
  })

  it('answers 400 for a director whose sticky header would write VCL of its own into the project', async () => {
    const directors = '/api/core/v0/projects/shop/directors'
    const res = await platform.call('POST', directors, {
      body: {
        name: 'sticky-reads-files',
        type: 'round_robin_sticky_header',
        sticky_header: 'X-A); return (synth(200, std.fileread("/etc/hostname"))); set req.http.X-B = (req.http.X-A',
        backends: [{ host: 'origin.example.com', port: 80 }],
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([
      {
        field: 'sticky_header',
        message: 'must be a header name of letters, digits, - and _, starting with a letter, such as X-User',
      },
    ])
    expect((await platform.call('GET', `${directors}/sticky-reads-files`)).status).toBe(404)
  })

  it('answers 400 for a snippet that reads the node’s secret, whether or not Varnish is installed', async () => {
    const res = await platform.call('POST', snippets, {
      body: {
        name: 'steal-secret',
        hook: 'vcl_deliver',
        content: 'set resp.http.X-Secret = std.fileread("/etc/varnish/secret");',
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([
      { field: 'content', message: 'line 1, column 26: std.fileread is not allowed: it reaches the node itself' },
    ])
    const stored = await platform.call('GET', `${snippets}/steal-secret`)
    expect(stored.status).toBe(404)
  })
})
