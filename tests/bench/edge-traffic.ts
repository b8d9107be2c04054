/**
 * Live traffic on a real Varnish node (issue 24). The platform (embedded PGlite) in this process; the
 * edge agent in its own (`npm run edge`, with its varnishd and its varnishncsa); an origin; a website.
 * - From a request to its line in the website's live stream: 60 requests, one every 250 ms, each timed
 *   from just before it is sent to the arrival of its event. Goal: p95 < 1 s.
 * - A stopped origin: from stopping it to "unhealthy" in the API, and back (5 rounds). Goal: within the
 *   probe's interval × threshold + 2 s.
 * - The agent's cost per request: the CPU of the agent's own process and of its varnishncsa (varnishd's
 *   is Varnish's, not the agent's) while autocannon sends 2,000 requests/s of cache hits for 10 s, against
 *   10 s with no traffic.
 * - Statistics: from the end of the minute in which that load ended to its requests in the website's
 *   statistics (the agent's part): within 10 s (EDGE.md: a request is counted within 70 s).
 * Writes docs/benchmarks.md (its edge-traffic-bench section); no assertion (a benchmark).
 * Run: `node --import tsx tests/bench/edge-traffic.ts` (needs Debian's varnish and varnish-modules).
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os, { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findVarnishd } from '../../server/edge/vcc.ts'
import { edgeGet, freePort, startOrigin } from '../edge/support.ts'
import { openEventStream } from '../tools/event-stream.ts'
import { BENCH_TOKEN, benchPlatform } from './edge-bench.ts'
import { writeSection } from './report.ts'

const NODE = 'pop-zz-bench-2'
const HOST = 'traffic-bench.example.com'
const core = '/api/core/v0'
const RATE = 2000
const SECONDS = 10
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

if (!findVarnishd()) {
  console.error('varnishd is not installed: apt-get install varnish varnish-modules')
  process.exit(1)
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? 0

const load = os.loadavg()[0] ?? 0
const { server, call: send, agentNode } = await benchPlatform()
const call = async (method: string, path: string, body?: unknown) => (await send(method, path, body)).json

const origin = await startOrigin()
const dir = await mkdtemp(join(tmpdir(), 'wadp-bench-traffic-'))
const listen = await freePort()
const base = `http://127.0.0.1:${listen}`
const agent = spawn(process.execPath, ['--import', 'tsx', 'server/edge-agent.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    WADP_PLATFORM_URL: server.url,
    WADP_EDGE_NODE: NODE,
    WADP_EDGE_TOKEN: await agentNode(NODE),
    WADP_EDGE_LISTEN: `127.0.0.1:${listen}`,
    WADP_EDGE_ADMIN: `127.0.0.1:${await freePort()}`,
    WADP_EDGE_DIR: dir,
  },
  stdio: 'ignore',
})
await call('POST', `${core}/projects/shop/directors`, {
  name: 'traffic-origin',
  backends: [{ host: '127.0.0.1', port: origin.port }],
  probe: { enabled: false },
})
await call('POST', `${core}/projects/shop/quick-setup`, {
  domain_name: HOST,
  backend: { directorOption: 'existing' },
  default_director: 'traffic-origin',
})
for (let waited = 0; (await edgeGet(base, HOST, '/warm').catch(() => ({ status: 0 }))).status !== 200; waited += 1) {
  if (waited > 600) throw new Error('the node never served the bench website')
  await sleep(200)
}

// From a request to its line in live traffic.
const stream = await openEventStream(
  `${server.url}${core}/projects/shop/websites/${HOST.replaceAll('.', '-')}/traffic`,
  BENCH_TOKEN,
)
await stream.until(() => stream.events.some((event) => event.event === 'ready'))
const delays: number[] = []
for (let index = 0; index < 60; index += 1) {
  const path = `/live-${index}`
  const sent = performance.now()
  await edgeGet(base, HOST, path)
  await stream.until(() => stream.events.some((event) => event.data?.path === path))
  delays.push(performance.now() - sent)
  await sleep(250)
}
await stream.close()

// A stopped origin: from its last answer to "unhealthy" in GET /backend-health (probe every 1 s, 2 of 3).
const probedPort = await freePort()
const sickAfter: number[] = []
const healthyAfter: number[] = []
let probed = await startOrigin(probedPort)
await call('POST', `${core}/projects/shop/directors`, {
  name: 'traffic-probed',
  backends: [{ host: '127.0.0.1', port: probedPort }],
  probe: { interval_seconds: 1, timeout_seconds: 1, window: 3, threshold: 2 },
})
const probedRow = async () =>
  (await call('GET', `${core}/backend-health?project=shop&director=traffic-probed`)).data[0] as {
    source: string
    healthy: boolean
  }
const untilRow = async (healthy: boolean) => {
  const started = performance.now()
  for (;;) {
    const row = await probedRow()
    if (row.source === 'agent' && row.healthy === healthy) return performance.now() - started
    if (performance.now() - started > 60_000)
      throw new Error(`the backend never became ${healthy ? 'healthy' : 'sick'}`)
    await sleep(50)
  }
}
await untilRow(true)
for (let round = 0; round < 5; round += 1) {
  await probed.close()
  sickAfter.push(await untilRow(false))
  probed = await startOrigin(probedPort)
  healthyAfter.push(await untilRow(true))
}
await probed.close()

/** CPU seconds of the agent's own process and of its varnishncsa, from /proc. */
async function agentCpu(): Promise<number> {
  const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim())
  const pids = [agent.pid as number]
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const status = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const fields = status.slice(status.lastIndexOf(')') + 2).split(' ')
    if (status.includes('(varnishncsa)') && Number(fields[1]) === agent.pid) pids.push(Number(entry))
  }
  let total = 0
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    total += (Number(fields[11]) + Number(fields[12])) / ticks
  }
  return total
}
await edgeGet(base, HOST, '/hot')
const idleStart = await agentCpu()
await sleep(SECONDS * 1000)
const idle = (await agentCpu()) - idleStart
const loadStart = await agentCpu()
const cannon = execFileSync(
  process.execPath,
  [
    join(ROOT, 'node_modules/autocannon/autocannon.js'),
    '-j',
    '-c',
    '20',
    '-R',
    String(RATE),
    '-d',
    String(SECONDS),
    '-H',
    `host=${HOST}`,
    `${base}/hot`,
  ],
  { maxBuffer: 64 * 1024 * 1024 },
)
const loaded = (await agentCpu()) - loadStart
const result = JSON.parse(cannon.toString()) as { requests: { total: number }; non2xx: number }

// Statistics: from the end of the minute the load ended in to its counts in the statistics (EDGE.md: a
// request is counted within 70 s, so within 10 s of its minute's end).
const loadEnded = Date.now()
const minuteEnd = Math.ceil(loadEnded / 60_000) * 60_000
const countedRequests = async () => {
  const answer = await call('POST', '/api/stats/v0/queries', {
    project: 'shop',
    from: new Date(loadEnded - 15 * 60_000).toISOString(),
    to: new Date(minuteEnd + 60_000).toISOString(),
    granularity: 'minute',
    metrics: ['requests'],
    filters: { website: HOST.replaceAll('.', '-') },
  })
  const agentPart = (answer.data.sources ?? []).find((source: { kind: string }) => source.kind === 'agent')
  return (agentPart?.totals.requests ?? 0) as number
}
let statsCounted = 0
for (;;) {
  statsCounted = await countedRequests()
  if (statsCounted >= result.requests.total) break
  if (Date.now() - minuteEnd > 60_000) throw new Error(`the statistics counted ${statsCounted} requests a minute late`)
  await sleep(250)
}
const statsAfterMinute = Date.now() - minuteEnd

agent.kill('SIGTERM')
await new Promise((resolve) => agent.once('exit', resolve))
await server.close()
await origin.close()
await rm(dir, { recursive: true, force: true })

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`
const perRequestUs = ((loaded - idle) / result.requests.total) * 1e6
const section = `## Edge: live traffic and statistics from a real Varnish node (issue 24)

Measured by \`tests/bench/edge-traffic.ts\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${new Date().toISOString().slice(0, 10)}: the
platform on embedded PGlite in one process, the edge agent in another (\`npm run edge\`: varnishd and varnishncsa
its children), the website's live stream open; the machine's load average was ${load.toFixed(1)} at the start.

| what | figure | goal |
| --- | ---: | ---: |
| request to its line in live traffic, p50 | ${ms(percentile(delays, 50))} | |
| request to its line in live traffic, p95 | ${ms(percentile(delays, 95))} | < 1,000 ms |
| stopped origin to "unhealthy" in the API (probe 1 s, 2 of 3), median of 5 | ${ms(percentile(sickAfter, 50))} | < 4,000 ms (interval × threshold + 2 s) |
| started origin to "healthy" again, median of 5 | ${ms(percentile(healthyAfter, 50))} | < 4,000 ms |
| agent CPU (its process and varnishncsa), ${SECONDS} s idle | ${((idle / SECONDS) * 100).toFixed(1)} % of a core | |
| agent CPU at ${RATE.toLocaleString('en-US')} requests/s for ${SECONDS} s (${result.requests.total.toLocaleString('en-US')} requests, ${result.non2xx} not 2xx) | ${((loaded / SECONDS) * 100).toFixed(1)} % of a core | |
| agent CPU per request (above idle; live traffic and statistics) | ${perRequestUs.toFixed(0)} µs | |
| the load's last minute counted in the statistics, after that minute ended (${statsCounted.toLocaleString('en-US')} requests of the website counted by the node) | ${ms(statsAfterMinute)} | < 10,000 ms (counted within 70 s) |
`
console.log(section)
writeSection(fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url)), 'edge-traffic-bench', section)
process.exit(0)
