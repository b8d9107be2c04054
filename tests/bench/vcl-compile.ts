/**
 * How long the edge's VCL takes to write and to check (issue 23): a project of 100 websites, each with
 * its director, two page rules and a rate limit, and 1 MiB of snippets, written by the platform
 * (`compileProject`) and compiled by Varnish's VCL compiler (VCC through `varnishd -C`, the C compile
 * skipped, as the check before storing runs it). Median of 5 runs each; writes docs/benchmarks.md (its
 * vcl-compile-bench section); no assertion (a benchmark).
 * Run: `node --import tsx tests/bench/vcl-compile.ts` (needs Debian's varnish and varnish-modules).
 */
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { Vcc } from '../../server/edge/vcc.ts'
import { CodeSnippetFields } from '../../src/types/code-snippets/fields.ts'
import { DirectorFields } from '../../src/types/directors/fields.ts'
import { compileProject, type ProjectConfiguration } from '../../src/types/edge-program.ts'
import { PageRuleFields } from '../../src/types/page-rules/fields.ts'
import { RateLimitFields } from '../../src/types/rate-limits/fields.ts'
import { WebsiteFields } from '../../src/types/websites/fields.ts'
import { writeSection } from './report.ts'

const WEBSITES = 100
const SNIPPET_BYTES = 1024 * 1024
const RUNS = 5

function project(): ProjectConfiguration {
  const range = Array.from({ length: WEBSITES }, (_, index) => index)
  const statement = (index: number) => `set resp.http.X-Bench-${index % 50} = "${index}";\n`
  let body = ''
  for (let index = 0; body.length < SNIPPET_BYTES / 4 - 100; index += 1) body += statement(index)
  const snippets = ['vcl_deliver', 'vcl_deliver', 'vcl_deliver', 'vcl_deliver'].map((hook, index) => ({
    name: `bulk-${index}`,
    data: v.parse(CodeSnippetFields, { hook, priority: index, content: body }),
  }))
  return {
    project: 'bench',
    now: Date.now(),
    directors: range.map((index) => ({
      name: `origin-${index}`,
      data: v.parse(DirectorFields, { backends: [{ host: `origin-${index}.example.com`, port: 443 }] }),
    })),
    websites: range.map((index) => ({
      name: `site-${index}`,
      data: v.parse(WebsiteFields, {
        domain_name: `site-${index}.example.com`,
        domain_aliases: [`www.site-${index}.example.com`],
        default_director: `origin-${index}`,
        page_rules: [`static-${index}`, `old-${index}`],
        rate_limits: [`login-${index}`],
        default_rules: { hsts_enabled: true, api_path_enabled: true },
      }),
    })),
    pageRules: range.flatMap((index) => [
      {
        name: `static-${index}`,
        data: v.parse(PageRuleFields, {
          website: `site-${index}`,
          priority: 1,
          match: { path: '/static/*' },
          action: { kind: 'cache', mode: 'cache_everything', edge_ttl_s: 86_400 },
        }),
      },
      {
        name: `old-${index}`,
        data: v.parse(PageRuleFields, {
          website: `site-${index}`,
          priority: 2,
          match: { path: '/old/', match_type: 'prefix' },
          action: { kind: 'redirect', target: '/new/', status: 301 },
        }),
      },
    ]),
    rateLimits: range.map((index) => ({
      name: `login-${index}`,
      data: v.parse(RateLimitFields, { match: { paths: ['/login'] }, keys: ['ip'], limit: 10, period_s: 60 }),
    })),
    synthetics: [],
    snippets,
    ipLists: [],
    blocklist: [],
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const vcc = Vcc.ofMachine()
if (!vcc) {
  console.error('varnishd is not installed: apt-get install varnish varnish-modules')
  process.exit(1)
}
const config = project()
const writes: number[] = []
let text = ''
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now()
  text = compileProject(config, () => '127.0.0.1').program.text
  writes.push(performance.now() - started)
}
const checks: number[] = []
for (let run = 0; run < RUNS; run += 1) {
  // A fresh compiler each run: its verdicts are remembered by the program's hash.
  const fresh = new Vcc(vcc.varnishd)
  const started = performance.now()
  const verdict = await fresh.compile(text)
  checks.push(performance.now() - started)
  await fresh.close()
  if (!verdict.ok) throw new Error(`the bench project does not compile: ${JSON.stringify(verdict.error)}`)
}
const remembered = new Vcc(vcc.varnishd)
await remembered.compile(text)
const again = performance.now()
await remembered.compile(text)
const cached = performance.now() - again
await remembered.close()

const lines = text.split('\n').length
const section = `## VCL: writing and checking a project's program (issue 23)

Measured by \`tests/bench/vcl-compile.ts\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${new Date().toISOString().slice(0, 10)}: a project of
${WEBSITES} websites (each with its director, two page rules and a rate limit) and ${(SNIPPET_BYTES / 1024).toFixed(0)} KiB of snippets,
${lines.toLocaleString('en-US')} lines of VCL. Median of ${RUNS} runs.

| step | median |
| --- | ---: |
| writing the program (\`compileProject\`) | ${median(writes).toFixed(0)} ms |
| VCC's check (\`varnishd -C\`, C compile skipped) | ${median(checks).toFixed(0)} ms |
| the same program again (remembered by its hash) | ${cached.toFixed(2)} ms |
`
console.log(section)
writeSection(fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url)), 'vcl-compile-bench', section)
