/**
 * From a save to "applied" on a real Varnish node (issue 23): the platform (embedded PGlite), an edge
 * agent node with its agent and varnishd, and a website whose synthetic response is saved 50 times with
 * a new body. For each save: the time until the project's sync view says the node is updated (from the
 * agent's report), and until the node itself answers with the new body. p50 and p95; the goal is p95 <
 * 2 s. Writes docs/benchmarks.md (its edge-apply-bench section); no assertion (a benchmark).
 * Run: `node --import tsx tests/bench/edge-apply.ts` (needs Debian's varnish and varnish-modules).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os, { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { EdgeAgent } from '../../server/edge/agent.ts'
import { findVarnishd } from '../../server/edge/vcc.ts'
import { edgeGet, freePort, startOrigin } from '../edge/support.ts'
import { benchPlatform } from './edge-bench.ts'
import { writeSection } from './report.ts'

const SAVES = 50
const NODE = 'pop-zz-bench-1'
const HOST = 'edge-bench.example.com'
const core = '/api/core/v0'

const varnishd = findVarnishd()
if (!varnishd) {
  console.error('varnishd is not installed: apt-get install varnish varnish-modules')
  process.exit(1)
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? 0

const { server, call, agentNode } = await benchPlatform()

const origin = await startOrigin()
const dir = await mkdtemp(join(tmpdir(), 'wadp-bench-edge-'))
const listen = await freePort()
const base = `http://127.0.0.1:${listen}`
const agent = new EdgeAgent({
  platformUrl: server.url,
  node: NODE,
  token: await agentNode(NODE),
  varnishd,
  listen: `127.0.0.1:${listen}`,
  admin: `127.0.0.1:${await freePort()}`,
  dir,
  log: () => undefined,
})
await agent.start()

await call('POST', `${core}/projects/shop/directors`, {
  name: 'bench-origin',
  backends: [{ host: '127.0.0.1', port: origin.port }],
  probe: { enabled: false },
})
await call('POST', `${core}/projects/shop/synthetics`, { name: 'bench-answer', status: 200, body: 'save 0' })
await call('POST', `${core}/projects/shop/quick-setup`, {
  domain_name: HOST,
  backend: { directorOption: 'existing' },
  default_director: 'bench-origin',
})
const website = HOST.replaceAll('.', '-')
await call('POST', `${core}/projects/shop/pagerules`, {
  name: 'bench-rule',
  website,
  priority: 1,
  match: { path: '/answer', match_type: 'exact' },
  action: { kind: 'synthetic', synthetic: 'bench-answer' },
})
const site = await call('GET', `${core}/projects/shop/websites/${website}`)
await call(
  'PATCH',
  `${core}/projects/shop/websites/${website}`,
  { page_rules: ['bench-rule'] },
  { 'if-match': site.etag as string },
)

async function updated(): Promise<boolean> {
  const sync = await call('GET', `${core}/projects/shop/sync?details=true`)
  return Boolean(sync.json.data.details.find((detail: { endpoint: string }) => detail.endpoint === NODE)?.updated)
}
for (let waited = 0; !(await updated()); waited += 1) {
  if (waited > 600) throw new Error('the node never ran the bench website')
  await sleep(200)
}

const applied: number[] = []
const served: number[] = []
for (let save = 1; save <= SAVES; save += 1) {
  const current = await call('GET', `${core}/projects/shop/synthetics/bench-answer`)
  const started = performance.now()
  await call(
    'PATCH',
    `${core}/projects/shop/synthetics/bench-answer`,
    { body: `save ${save}` },
    { 'if-match': current.etag as string },
  )
  let appliedAt: number | null = null
  let servedAt: number | null = null
  while (appliedAt === null || servedAt === null) {
    if (performance.now() - started > 60_000) throw new Error(`save ${save} was not applied within 60 s`)
    if (servedAt === null && (await edgeGet(base, HOST, '/answer')).body === `save ${save}`)
      servedAt = performance.now()
    if (appliedAt === null && (await updated())) appliedAt = performance.now()
    if (appliedAt === null || servedAt === null) await sleep(25)
  }
  applied.push(appliedAt - started)
  served.push(servedAt - started)
}
await agent.stop()
await server.close()
await origin.close()
await rm(dir, { recursive: true, force: true })

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`
const section = `## Edge: from a save to "applied" on a real Varnish node (issue 23)

Measured by \`tests/bench/edge-apply.ts\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${new Date().toISOString().slice(0, 10)}: the
platform on embedded PGlite, one edge agent node (its agent holds a request open for the next change; varnishd loads the changed
project with its C compile), ${SAVES} saves of a synthetic response's body in project \`shop\` (every seeded
project, the website and its page rule on the node). Applied: the project's sync view says the node is
updated (from the agent's report). Served: the node answers with the new body.

| from the save to | p50 | p95 | goal |
| --- | ---: | ---: | ---: |
| applied (sync view) | ${ms(percentile(applied, 50))} | ${ms(percentile(applied, 95))} | p95 < 2,000 ms |
| served by the node | ${ms(percentile(served, 50))} | ${ms(percentile(served, 95))} | |
`
console.log(section)
writeSection(fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url)), 'edge-apply-bench', section)
process.exit(0)
