/**
 * `npm run bench`: load benchmark of the platform API. The real server runs in a child process
 * (tests/bench/server.ts) on an in-memory PGlite, or with `--postgres` on a throwaway PostgreSQL
 * cluster (tests/tools/postgres.ts); this process prepares the data, drives autocannon against
 * 127.0.0.1 and writes the results to docs/benchmarks.md (its api-bench or api-bench-postgres section).
 */
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon, { type RequestSpec, type Result } from 'autocannon'
import { STATS_METRICS } from '../../src/domain/stats.ts'
import { type Cluster, startCluster } from '../tools/postgres.ts'
import { BENCH_PROJECT, BenchApi, dataList, metaTotal, prepareBenchProject, websiteName } from './api.ts'
import { type ServerProcess, startServerProcess } from './child.ts'
import { compressionTable, measureCompression } from './compression.ts'
import { type Goal, type GoalRow, goalTable, type Measures, meets, readHistory, writeHistory } from './goals.ts'
import { TENANT_PREFIX, WEBSITE_PREFIXES } from './protocol.ts'
import { markdownTable, type Row, writeSection } from './report.ts'
import { measureBulkCreate } from './writes.ts'

const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef'
const BENCH_WEBSITES = 1000
const TOTAL_RESOURCES = 100_000
const TENANT_PROJECTS = 100
const CONNECTIONS = 50
const DURATION_S = 10
const WARMUP_S = 2
const LIST_TARGET_P99_MS = 25
const DOC = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url))
/** The goal-bearing numbers of the last run on each database, read for "previous" and rewritten. */
const HISTORY = fileURLToPath(new URL('../../docs/benchmarks.json', import.meta.url))
/** Projects of the small data set (issue 15's independent check): `perf-00`…, a director each. */
const PERF_PROJECTS = 20
const ON_POSTGRES = process.argv.includes('--postgres')

/** What a case gets to work with: the API client and the server's URL. */
export type CaseEnv = { api: BenchApi; url: string }

/**
 * One row of `npm run bench`: a name, the request it times, its goals, and when it runs — on the small
 * data set (about 1,000 resources, before the bulk fill) or on the full one (100,000 resources). A load
 * case (below) drives autocannon; any other is a function returning its measures (`seconds`,
 * `perSecond`, …), such as a write benchmark: adding a row is adding one entry to `cases()`.
 */
export type BenchCase = {
  name: string
  request: string
  dataset: 'small' | 'full'
  goals: Goal[]
  run(env: CaseEnv): Promise<{ measures: Measures; row?: Row }>
}

const log = (message: string) => console.log(`[bench] ${message}`)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** A fixed pseudo-random sequence (LCG), so every run sends the same queries in the same order. */
function sequence(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

/** A case measured with autocannon at CONNECTIONS connections (p50, p95, p97.5, p99 and req/s). */
function load(
  spec: { name: string; request: string; dataset: 'small' | 'full'; goals: Goal[] },
  requests: (api: BenchApi) => RequestSpec[],
): BenchCase {
  return {
    ...spec,
    run: async ({ api, url }) => {
      const measured = await measure(url, spec.name, requests(api))
      const row = rowOf(spec.name, spec.request, p99Target(spec.goals), measured)
      const measures: Measures = {
        p50: row.p50,
        p95: measured.p95,
        p97_5: row.p97_5,
        p99: row.p99,
        rps: row.requestsPerSecond,
      }
      return { measures, row }
    },
  }
}

const p99Target = (goals: Goal[]) => goals.find((goal) => goal.metric === 'p99')?.below ?? null

function cases(): BenchCase[] {
  const get = (path: string) => (api: BenchApi) => [{ method: 'GET' as const, path, headers: api.headers }]
  const next = sequence(424)
  const searchQuery = () => websiteName(1 + Math.floor(next() * BENCH_WEBSITES))
  return [
    load(
      {
        name: 'Search (~1,000 resources)',
        request: 'GET /api/core/v0/search?query=perf-05',
        dataset: 'small',
        goals: [{ metric: 'p97_5', below: 50 }],
      },
      get('/api/core/v0/search?query=perf-05'),
    ),
    load(
      {
        name: 'Project list',
        request: 'GET /api/auth/v0/search/projects?items=1000',
        dataset: 'full',
        goals: [{ metric: 'p99', below: LIST_TARGET_P99_MS }],
      },
      get('/api/auth/v0/search/projects?items=1000'),
    ),
    load(
      {
        name: 'Website list (100 of 1000)',
        request: `GET /api/core/v0/projects/${BENCH_PROJECT}/websites`,
        dataset: 'full',
        goals: [{ metric: 'p99', below: LIST_TARGET_P99_MS }],
      },
      get(`/api/core/v0/projects/${BENCH_PROJECT}/websites`),
    ),
    // 807 KB a response: bandwidth-bound on loopback; reported, not held to the list target.
    load(
      {
        name: 'Website list (1000 of 1000)',
        request: `GET /api/core/v0/projects/${BENCH_PROJECT}/websites?items=1000`,
        dataset: 'full',
        goals: [],
      },
      get(`/api/core/v0/projects/${BENCH_PROJECT}/websites?items=1000`),
    ),
    load(
      {
        name: 'One website',
        request: `GET /api/core/v0/projects/${BENCH_PROJECT}/websites/site-0500`,
        dataset: 'full',
        goals: [],
      },
      get(`/api/core/v0/projects/${BENCH_PROJECT}/websites/site-0500`),
    ),
    load(
      {
        name: `Search (${TOTAL_RESOURCES.toLocaleString('en-US')} resources)`,
        request: 'GET /api/core/v0/search?query=site-NNNN (NNNN varies)',
        dataset: 'full',
        goals: [
          { metric: 'p95', below: 50 },
          { metric: 'p99', below: 100 },
        ],
      },
      (api) => [
        {
          method: 'GET',
          path: '/api/core/v0/search?query=site-0424',
          headers: api.headers,
          setupRequest: (request) => ({ ...request, path: `/api/core/v0/search?query=${searchQuery()}` }),
        },
      ],
    ),
    // The case above repeats 1,000 queries, so after its first pass the answer memo serves most of them.
    // Here no query repeats: each names one website of the bulk data by its domain's first two labels
    // (`shop-0042.tenant-017`, about 1,000 a project), so every request runs the statement.
    load(
      {
        name: `Search (${TOTAL_RESOURCES.toLocaleString('en-US')} resources, every query new)`,
        request: 'GET /api/core/v0/search?query=<website>.tenant-NNN (never the same twice)',
        dataset: 'full',
        goals: [
          { metric: 'p95', below: 50 },
          { metric: 'p99', below: 100 },
        ],
      },
      (api) => {
        let n = 0
        const nextQuery = () => {
          n += 1
          const tenant = n % TENANT_PROJECTS
          const site = Math.floor(n / TENANT_PROJECTS) % 900
          const prefix = WEBSITE_PREFIXES[(site + tenant) % WEBSITE_PREFIXES.length] ?? 'site'
          return `${prefix}-${String(site + 1).padStart(4, '0')}.${TENANT_PREFIX}${String(tenant).padStart(3, '0')}`
        }
        return [
          {
            method: 'GET',
            path: '/api/core/v0/search?query=site-0001',
            headers: api.headers,
            setupRequest: (request) => ({ ...request, path: `/api/core/v0/search?query=${nextQuery()}` }),
          },
        ]
      },
    ),
    // Last: it adds a project with 1,001 resources to the full data set (a Terraform-like client).
    {
      name: 'Create 1,000 websites (20 at a time)',
      request: 'POST /api/core/v0/projects/bulk/websites ×1000, 20 in flight',
      dataset: 'full',
      goals: [
        { metric: 'seconds', below: 10 },
        { metric: 'perSecond', above: 100 },
      ],
      run: async ({ url }) => {
        const result = await measureBulkCreate({ baseUrl: url, token: ADMIN_TOKEN, project: 'bulk' })
        return { measures: { seconds: result.totalMs / 1000, perSecond: result.perSecond, p95: result.p95 } }
      },
    },
  ]
}

/** The small data set's own projects, `perf-00`…, each with a director named after it. */
async function preparePerfProjects(api: BenchApi): Promise<void> {
  for (let p = 0; p < PERF_PROJECTS; p += 1) {
    const name = `perf-${String(p).padStart(2, '0')}`
    await api.post('/api/auth/v0/projects', { name, customer: 'acme-retail' })
    await api.post(`/api/core/v0/projects/${name}/directors`, {
      name: `${name}-origin`,
      backends: [{ host: `origin.${name}.example.com`, port: 443 }],
    })
  }
  const hits = dataList(await api.get('/api/core/v0/search?query=perf-05'), 'search')
  if (hits.length !== 2)
    throw new Error(`search: perf-05 found ${hits.length} results, expected its project and director`)
}

/** Checks the data is what the cases assume before loading it, so a broken setup is not measured. */
async function checkData(api: BenchApi): Promise<{ projects: number; searchHits: number }> {
  const projects = await api.get('/api/auth/v0/search/projects?items=1000')
  const page = await api.get(`/api/core/v0/projects/${BENCH_PROJECT}/websites`)
  const all = await api.get(`/api/core/v0/projects/${BENCH_PROJECT}/websites?items=1000`)
  if (metaTotal(page, 'website list') !== BENCH_WEBSITES) throw new Error('website list: wrong total')
  if (dataList(page, 'website list').length !== 100) throw new Error('website list: default page is not 100 items')
  if (dataList(all, 'website list').length !== BENCH_WEBSITES) throw new Error('website list: items=1000 is short')
  await api.get(`/api/core/v0/projects/${BENCH_PROJECT}/websites/site-0500`)
  const hits = dataList(await api.get('/api/core/v0/search?query=site-0424'), 'search')
  const inBench = hits.some((hit) => JSON.stringify(hit).includes(`"name":"${BENCH_PROJECT}"`))
  if (!inBench) throw new Error('search: site-0424 of the bench project was not found')
  return { projects: dataList(projects, 'project list').length, searchHits: hits.length }
}

const STATS_RUNS = 20

type StatsTiming = { p50: number; p95: number; max: number; kb: number; points: number; websites: number }

/**
 * The statistics query of issue 12: 30 days at 5 minutes, every metric, over the bench project (the
 * biggest: 1,000 websites). One request at a time, so the time is the query's own, not a queue's; the
 * range ends at the start of today (UTC), so every run asks the same and gets the same 8,640 points.
 */
async function measureStats(api: BenchApi): Promise<StatsTiming> {
  const day = 86_400_000
  const to = Math.floor(Date.now() / day) * day
  const body = {
    project: BENCH_PROJECT,
    from: new Date(to - 30 * day).toISOString(),
    to: new Date(to).toISOString(),
    granularity: '5m',
    metrics: [...STATS_METRICS],
  }
  const once = async () => {
    const started = performance.now()
    const answer = await api.request('POST', '/api/stats/v0/queries', body)
    const ms = performance.now() - started
    if (answer.status !== 200) throw new Error(`stats query answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return { ms, answer: answer.body as { data: { series: { points: unknown[] }[] } } }
  }
  const first = await once()
  const points = first.answer.data.series[0]?.points.length ?? 0
  if (points !== 8640) throw new Error(`stats query: ${points} points, expected 8,640`)
  const kb = JSON.stringify(first.answer).length / 1024
  await once()
  const times: number[] = []
  for (let run = 0; run < STATS_RUNS; run += 1) times.push((await once()).ms)
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
    kb,
    points,
    websites: BENCH_WEBSITES,
  }
}

/** Requests started this long into a measured run count as steady state (every connection is open by then). */
const RAMP_MS = 1000

type Measured = { result: Result; steadyP99: number; p95: number }

async function measure(url: string, title: string, requests: RequestSpec[]): Promise<Measured> {
  const instance = autocannon({
    url,
    title,
    connections: CONNECTIONS,
    duration: DURATION_S,
    warmup: { connections: CONNECTIONS, duration: WARMUP_S },
    timeout: 10,
    requests,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  })
  // The returned instance reports the measured run only (the warm-up has its own tracker).
  let startedAt: number | null = null
  const steady: number[] = []
  const all: number[] = []
  instance.on('start', () => {
    startedAt ??= performance.now()
  })
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    if (startedAt === null) return
    all.push(responseTime)
    if (performance.now() - responseTime - startedAt >= RAMP_MS) steady.push(responseTime)
  })
  const result = await instance
  // autocannon has no p95: it comes from the measured run's own response times.
  return { result, steadyP99: percentile(steady, 99), p95: percentile(all, 95) }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

function rowOf(name: string, request: string, targetP99: number | null, { result, steadyP99 }: Measured): Row {
  const requests = result.requests.total
  return {
    name,
    request,
    targetP99,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    steadyP99,
    max: result.latency.max,
    requests,
    non2xx: result.non2xx + (result.warmup?.non2xx ?? 0),
    errors: result.errors + result.timeouts + (result.warmup ? result.warmup.errors + result.warmup.timeouts : 0),
    kbPerResponse: requests > 0 ? result.throughput.total / requests / 1024 : 0,
  }
}

function machine(): string {
  const cpus = os.cpus()
  const model = cpus[0]?.model.trim() ?? 'unknown CPU'
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1)
  return `${cpus.length} cores (${model}), ${memory} GiB memory, ${os.type()} ${os.release()} ${os.arch()}, Node ${process.version}`
}

async function main(): Promise<number> {
  const started = performance.now()
  log('starting the server in a child process…')
  let server: ServerProcess | null = null
  let cluster: Cluster | null = null
  try {
    if (ON_POSTGRES) {
      cluster = await startCluster()
      log(`PostgreSQL cluster at ${cluster.url}`)
    }
    server = await startServerProcess(ADMIN_TOKEN, { databaseUrl: cluster?.url })
    const api = new BenchApi(server.url, ADMIN_TOKEN)
    log(`server ${server.url} (pid ${server.pid}) with ${server.rows} seeded resources`)

    const database = ON_POSTGRES ? 'postgres' : 'pglite'
    const history = readHistory(HISTORY)
    const previous = history[database]
    const goalRows: GoalRow[] = []
    const rows: Row[] = []
    const runCase = async (spec: BenchCase) => {
      log(`${spec.name}…`)
      const { measures, row } = await spec.run({ api, url: server?.url ?? '' })
      const verdicts = spec.goals.map((goal) => `${goal.metric} ${meets(goal, measures) ? 'pass' : 'FAIL'}`)
      log(`  ${JSON.stringify(measures)} ${verdicts.join(', ')}`)
      if (row) rows.push(row)
      goalRows.push({ ...spec, measures, previous: previous?.cases[spec.name] })
    }

    const prepStarted = performance.now()
    await prepareBenchProject(api, BENCH_WEBSITES)
    await preparePerfProjects(api)
    const apiMs = performance.now() - prepStarted
    const small = server.rows + 2 + BENCH_WEBSITES + 2 * PERF_PROJECTS
    log(
      `created project ${BENCH_PROJECT}, 1 director, ${BENCH_WEBSITES} websites and ${PERF_PROJECTS} perf-* projects with a director each through the API in ${seconds(apiMs)} (about ${small} resources)`,
    )
    const all = cases()
    for (const spec of all.filter((c) => c.dataset === 'small')) await runCase(spec)

    const filled = await server.fill(TOTAL_RESOURCES, TENANT_PROJECTS)
    log(
      `bulk: ${filled.projects} projects, ${filled.directors} directors, ${filled.websites} websites in ${seconds(filled.ms)}; ${filled.rows} resources in all`,
    )
    const checked = await checkData(api)
    const prepMs = performance.now() - prepStarted
    log(`data checked (${checked.projects} projects; site-0424 finds ${checked.searchHits}) in ${seconds(prepMs)}`)
    for (const spec of all.filter((c) => c.dataset === 'full')) await runCase(spec)

    log('statistics query, 30 days at 5 minutes over the bench project…')
    const stats = await measureStats(api)
    const statsLine = `- Statistics query (\`POST /api/stats/v0/queries\`, 30 days at 5 minutes, all ${STATS_METRICS.length} metrics, project \`${BENCH_PROJECT}\` with ${stats.websites} websites; ${stats.points.toLocaleString('en-US')} points, ${stats.kb.toFixed(0)} KB a response), ${STATS_RUNS} requests one after the other after 2 unmeasured: p50 ${stats.p50.toFixed(0)} ms, p95 ${stats.p95.toFixed(0)} ms, max ${stats.max.toFixed(0)} ms (request to last byte, JSON parsed).`
    log(statsLine.slice(2))
    log('compression of the list answers…')
    const compression = compressionTable(
      await measureCompression(server.url, ADMIN_TOKEN, [
        '/api/auth/v0/search/projects?items=1000',
        `/api/core/v0/projects/${BENCH_PROJECT}/websites`,
        `/api/core/v0/projects/${BENCH_PROJECT}/websites?items=1000`,
      ]),
    )
    await server.stop()
    server = null

    const totalMs = performance.now() - started
    const table = markdownTable(rows)
    const goals = goalTable(goalRows, previous?.date)
    const runDate = new Date().toISOString()
    history[database] = {
      date: runDate,
      cases: Object.fromEntries(goalRows.map((row) => [row.name, row.measures])),
    }
    writeHistory(HISTORY, history)
    const failed = rows.filter((row) => row.errors > 0 || row.non2xx > 0)
    const section = [
      ON_POSTGRES ? '## API load benchmark on PostgreSQL (`npm run bench`)' : '## API load benchmark (`npm run bench`)',
      '',
      `- Date: ${runDate}`,
      `- Machine: ${machine()}`,
      `- Method: the real server (\`startServer\`, API only, ${ON_POSTGRES ? 'on a PostgreSQL 15 server of its own (a throwaway cluster on this machine, fsync off, the API with its pool of 10 connections)' : 'in-memory PGlite'}) runs in a child process (tests/bench/server.ts); autocannon ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s per case, no pipelining, from the benchmark process over 127.0.0.1, every request with the admin API token.`,
      `- Data: rows marked "~1,000 resources" run first, on the seed, project \`${BENCH_PROJECT}\` and ${PERF_PROJECTS} projects \`perf-00\`… with a director each (about ${small} resources; \`perf-05\` finds its project and its director); the others after the bulk fill: ${checked.projects} projects; project \`${BENCH_PROJECT}\` with 1 director and ${BENCH_WEBSITES} websites created through the API; ${filled.projects} more projects (a director each) through the resource service and ${filled.websites.toLocaleString('en-US')} websites inserted in bulk with their real search text; ${filled.rows.toLocaleString('en-US')} resources in all. The search query varies over site-0001…site-${String(BENCH_WEBSITES).padStart(4, '0')} (each matches about ${checked.searchHits} resources).`,
      `- Preparation ${seconds(prepMs)}, whole run ${seconds(totalMs)}. Latencies in ms (autocannon's p50/p97.5/p99/max); Req/s is the mean over the measured seconds; non-2xx and errors include the warm-up (an error is a connection error or no answer within autocannon's 10 s timeout). autocannon opens new connections for the measured run, so its p99 includes the ramp-up while they are accepted; "p99 after 1 s" (computed from autocannon's per-response times) leaves out requests sent in the first second. p95 comes from the per-response times of the measured run (autocannon reports none). Goals (issue 15) beside the previous run's numbers (docs/benchmarks.json, rewritten by each run):`,
      '',
      goals,
      '',
      '### Every case',
      '',
      table,
      '',
      '### Compression',
      '',
      'Each answer requested with `Accept-Encoding: identity`, `gzip` and `br`, one at a time; loopback times are request to last byte (median of 9; "first" is the request that compressed it, later ones reuse the compressed copy). The transfer column is bandwidth only.',
      '',
      compression,
      '',
      '### Statistics query',
      '',
      statsLine,
      '',
    ].join('\n')
    writeSection(DOC, ON_POSTGRES ? 'api-bench-postgres' : 'api-bench', section)

    console.log(`\n${table}\n\n${goals}\n\n${compression}\n`)
    log(`wrote ${DOC}; total run time ${seconds(totalMs)}`)
    if (failed.length > 0) {
      for (const row of failed)
        console.error(`[bench] ${row.name}: ${row.non2xx} non-2xx answers, ${row.errors} errors`)
      return 1
    }
    return 0
  } finally {
    await server?.stop()
    cluster?.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench] failed:', error)
    process.exit(1)
  },
)
