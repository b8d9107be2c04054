/**
 * Many configurations drawn at random (a fixed seed, so every run draws the same) from the schemas'
 * own options, with hostile text in every free field, each compiled by Varnish's compiler (issue 23):
 * every one compiles, and every text a user typed is in the program only as the string literal that
 * holds exactly it, so nothing can reach outside its field.
 */
import * as v from 'valibot'
import { afterAll, describe, expect, it } from 'vitest'
import { Vcc } from '../../server/edge/vcc.ts'
import { vclString } from '../../src/domain/vcl.ts'
import { BLOCKLIST_ACTIONS, BLOCKLIST_TARGETS, BlocklistFields } from '../../src/types/blocklist/fields.ts'
import { DIRECTOR_TYPES, DirectorFields, PROBE_METHODS } from '../../src/types/directors/fields.ts'
import { compileProject, type Named, type ProjectConfiguration } from '../../src/types/edge-program.ts'
import {
  ACTION_KINDS,
  CACHE_MODES,
  HEADER_OPS,
  MATCH_TYPES,
  PageRuleFields,
  REDIRECT_STATUSES,
} from '../../src/types/page-rules/fields.ts'
import {
  RATE_LIMIT_ACTIONS,
  RATE_LIMIT_MATCH_TYPES,
  RATE_LIMIT_PERIODS,
  RateLimitFields,
} from '../../src/types/rate-limits/fields.ts'
import { SyntheticFields } from '../../src/types/synthetic-responses/fields.ts'
import { WebsiteFields } from '../../src/types/websites/fields.ts'

const CONFIGURATIONS = 12
const vcc = Vcc.ofMachine()
afterAll(() => vcc?.close())

/** mulberry32: a small PRNG, so that a failure can be drawn again from its seed. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (max: number) => Math.floor(next() * max)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
  const bool = () => next() < 0.5
  /** Text with the characters that end a VCL string, a long string, a comment or a line. */
  const hostile = (length = 12) => {
    const alphabet = [
      '"',
      '}',
      '{',
      '"}',
      '{"',
      '\\',
      '%',
      '#',
      '/*',
      '*/',
      'C{',
      '}C',
      ';',
      ' ',
      'a',
      'Z',
      '9',
      'é',
      '✓',
      '$',
    ]
    return Array.from({ length: 1 + int(length) }, () => pick(alphabet)).join('')
  }
  return { int, pick, bool, hostile }
}

/** Parses with the type's schema, drawing again when a draw is not a valid value (at most 20 times). */
function draw<T>(schema: v.GenericSchema<unknown, T>, make: () => unknown): T {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const result = v.safeParse(schema, make())
    if (result.success) return result.output
  }
  throw new Error('no valid value in 20 draws')
}

/** One project drawn from `seed`, and every text in it that a user typed into a string field. */
function drawProject(seed: number): { config: ProjectConfiguration; typed: string[] } {
  const g = generator(seed)
  const typed: string[] = []
  const text = (length?: number) => {
    const value = g.hostile(length)
    typed.push(value)
    return value
  }
  const directors: Named<ReturnType<typeof v.parse<typeof DirectorFields>>>[] = Array.from(
    { length: 1 + g.int(4) },
    (_, index) => ({
      name: `d-${index}`,
      data: draw(DirectorFields, () => ({
        type: g.pick(DIRECTOR_TYPES),
        sticky_header: 'X-Sticky',
        sticky_cookie: `c${g.int(100)}`,
        backends: Array.from({ length: 1 + g.int(3) }, (__, b) => ({
          host: g.bool() ? `origin-${b}.example.com` : `2001:db8::${b + 1}`,
          port: g.pick([80, 443, 8080]),
          weight: g.int(101),
        })),
        probe: {
          enabled: g.bool(),
          method: g.pick(PROBE_METHODS),
          path: `/${g.hostile(8)}`,
          interval_seconds: 1 + g.int(60),
          timeout_seconds: 1 + g.int(10),
        },
        timeout: { connect_timeout: 1 + g.int(30), read_timeout: 1 + g.int(600) },
      })),
    }),
  )
  const synthetics = Array.from({ length: 1 + g.int(2) }, (_, index) => ({
    name: `s-${index}`,
    data: draw(SyntheticFields, () => ({
      status: g.pick([200, 403, 404, 503]),
      body: text(40),
      headers: [{ name: `X-S-${index}`, value: text() }],
    })),
  }))
  const pageRules = Array.from({ length: g.int(6) }, (_, index) => {
    const kind = g.pick(ACTION_KINDS)
    const matchType = g.pick(MATCH_TYPES)
    const action =
      kind === 'cache'
        ? { kind, mode: g.pick(CACHE_MODES), edge_ttl_s: g.int(86_400), ignore_query: g.bool() }
        : kind === 'redirect'
          ? { kind, target: `https://example.com/${g.hostile(8)}`, status: g.pick(REDIRECT_STATUSES) }
          : kind === 'director'
            ? { kind, director: g.pick(directors).name }
            : { kind, synthetic: g.pick(synthetics).name }
    return {
      name: `r-${index}`,
      data: draw(PageRuleFields, () => ({
        website: 'site-0',
        priority: index + 1,
        match: {
          path: matchType === 'regex' ? `^/${g.pick(['a', 'b"}', '(x|y)', '\\d+'])}$` : `/${g.hostile(6)}`,
          match_type: matchType,
          methods: g.bool() ? ['GET'] : [],
        },
        action,
        request_headers: [{ op: g.pick(HEADER_OPS), name: `X-Req-${index}`, value: text() }],
        response_headers: [{ op: 'set', name: `X-Resp-${index}`, value: text() }],
      })),
    }
  })
  const rateLimits = Array.from({ length: g.int(3) }, (_, index) => ({
    name: `l-${index}`,
    data: draw(RateLimitFields, () => ({
      match: { paths: [`/${g.hostile(6)}`], match_type: g.pick(RATE_LIMIT_MATCH_TYPES.filter((t) => t !== 'regex')) },
      keys: [g.pick(['ip', 'ip_prefix', `header:X-K${index}`, `cookie:k${index}`, `query:k${index}`])],
      limit: 1 + g.int(100),
      period_s: g.pick(RATE_LIMIT_PERIODS),
      action: g.pick(RATE_LIMIT_ACTIONS),
      challenge: null,
    })),
  }))
  const blocklist = Array.from({ length: g.int(4) }, (_, index) => {
    const target = g.pick(BLOCKLIST_TARGETS)
    const value = {
      ip: `198.51.100.${index + 1}`,
      cidr: `203.0.${index}.0/24`,
      asn: `${64500 + index}`,
      country: 'FR',
    }[target]
    return {
      name: `b-${index}`,
      data: draw(BlocklistFields, () => ({ target, value, action: g.pick(BLOCKLIST_ACTIONS) })),
    }
  })
  const websites = Array.from({ length: 1 + g.int(3) }, (_, index) => ({
    name: `site-${index}`,
    data: draw(WebsiteFields, () => ({
      domain_name: `site-${seed}-${index}.example.com`,
      domain_aliases: g.bool() ? [`www.site-${seed}-${index}.example.com`] : [],
      default_director: g.pick(directors).name,
      page_rules: index === 0 ? pageRules.map((rule) => rule.name) : [],
      rate_limits: index === 0 ? rateLimits.map((limit) => limit.name) : [],
      default_rules: {
        trust_x_forwarded_for: g.bool(),
        streaming_enabled: g.bool(),
        retry_on_5xx_error: g.bool(),
        debug_mode: g.bool(),
        api_path_enabled: g.bool(),
        api_path: `/${g.hostile(6)}`,
        hsts_enabled: g.bool(),
      },
      cache: { default_ttl_s: g.int(86_400), redirect_http_to_https: g.bool() },
    })),
  }))
  const config: ProjectConfiguration = {
    project: `p-${seed}`,
    directors,
    websites,
    pageRules,
    synthetics,
    snippets: [],
    ipLists: [],
    rateLimits,
    blocklist,
    now: Date.parse('2026-11-26T00:00:00Z'),
  }
  return { config, typed }
}

describe.skipIf(!vcc)(`${CONFIGURATIONS} configurations drawn from the schemas`, () => {
  it('each compiles, and each typed text is only ever the string literal that holds it', async () => {
    const failures: string[] = []
    for (let seed = 1; seed <= CONFIGURATIONS; seed += 1) {
      const { config, typed } = drawProject(seed)
      const { program } = compileProject(config, () => '127.0.0.1')
      const verdict = await vcc?.compile(program.text)
      if (!verdict?.ok) failures.push(`seed ${seed}: ${JSON.stringify(verdict)}`)
      const loose = typed.filter((value) => !program.text.includes(vclString(value)))
      // A text the program does not use (an unset header's value) is simply not there.
      const leaked = loose.filter((value) => value.length > 3 && program.text.includes(value))
      if (leaked.length > 0) failures.push(`seed ${seed}: written outside a literal: ${JSON.stringify(leaked)}`)
    }
    expect(failures).toEqual([])
  }, 120_000)
})
