/**
 * Write benchmark of issue 15: 1,000 websites created through the API by 20 concurrent clients, each
 * naming a director, as a Terraform-like client applying a configuration would. `measureBulkCreate`
 * is the measurement (for `npm run bench` to add as a row); run standalone it starts the real server
 * in a child process (tests/bench/server.ts) on in-memory PGlite, or with `--postgres` on a throwaway
 * PostgreSQL cluster, and prints the figures (`--fill 100000` first tops the database up to that many
 * resources the way `npm run bench` does):
 *
 *   node --import tsx tests/bench/writes.ts [--postgres] [--count 1000] [--concurrency 20] [--fill 100000]
 *     [--cpu-prof DIR]   (a CPU profile of the server process, written to DIR when it stops)
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Cluster, startCluster } from '../tools/postgres.ts'
import { BenchApi } from './api.ts'
import { type ServerProcess, startServerProcess } from './child.ts'

export type BulkCreateOptions = {
  /** The server's origin, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string
  /** An API token allowed to create projects, directors and websites. */
  token: string
  /** A project that does not exist yet: it is created, with one director, before the timed part. */
  project: string
  /** Websites to create (1,000 in the issue). */
  count?: number
  /** Requests in flight at once (20 in the issue). */
  concurrency?: number
}

export type BulkCreateResult = {
  count: number
  concurrency: number
  /** Wall time of the whole batch, first request sent to last answer read. */
  totalMs: number
  /** Websites created a second over the whole batch. */
  perSecond: number
  /** Per request, sent to answer read (ms). */
  p50: number
  p95: number
  max: number
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

export const bulkWebsiteName = (n: number) => `bulk-${String(n).padStart(4, '0')}`

/**
 * Creates `project`, its director `origin`, then `count` websites (each with a domain of its own and
 * `default_director: origin`, every fourth with an alias) with `concurrency` requests in flight; times
 * the websites only. Throws on the first answer that is not 201.
 */
export async function measureBulkCreate(options: BulkCreateOptions): Promise<BulkCreateResult> {
  const count = options.count ?? 1000
  const concurrency = options.concurrency ?? 20
  const api = new BenchApi(options.baseUrl, options.token)
  const project = options.project
  await api.post('/api/auth/v0/projects', { name: project, customer: 'acme-retail' })
  await api.post(`/api/core/v0/projects/${project}/directors`, {
    name: 'origin',
    backends: [{ host: `origin.${project}.example.com`, port: 443 }],
  })
  const path = `/api/core/v0/projects/${project}/websites`
  const times: number[] = []
  let next = 1
  const worker = async () => {
    while (next <= count) {
      const n = next
      next += 1
      const name = bulkWebsiteName(n)
      const body = {
        name,
        domain_name: `${name}.${project}.example.com`,
        domain_aliases: n % 4 === 0 ? [`www.${name}.${project}.example.com`] : [],
        default_director: 'origin',
      }
      const started = performance.now()
      await api.post(path, body)
      times.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  const totalMs = performance.now() - started
  const sorted = [...times].sort((a, b) => a - b)
  return {
    count,
    concurrency,
    totalMs,
    perSecond: count / (totalMs / 1000),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
  }
}

export function describeBulkCreate(result: BulkCreateResult): string {
  return `${result.count} websites, ${result.concurrency} at a time: ${(result.totalMs / 1000).toFixed(1)} s, ${result.perSecond.toFixed(0)} a second; per request p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, max ${result.max.toFixed(0)} ms`
}

/** User + system CPU seconds of a process so far (Linux: /proc/PID/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(name)
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN
  return Number.isInteger(value) && value > 0 ? value : fallback
}

async function main(): Promise<void> {
  const token = 'bench-admin-token-0123456789abcdef'
  const onPostgres = process.argv.includes('--postgres')
  let cluster: Cluster | null = null
  let server: ServerProcess | null = null
  try {
    if (onPostgres) cluster = await startCluster()
    const profileDir = process.argv.indexOf('--cpu-prof')
    const nodeArgs = profileDir >= 0 ? ['--cpu-prof', `--cpu-prof-dir=${process.argv[profileDir + 1] ?? '.'}`] : []
    server = await startServerProcess(token, { databaseUrl: cluster?.url, nodeArgs })
    const fill = argument('--fill', 0)
    if (fill > 0) {
      const filled = await server.fill(fill, Math.max(1, Math.round(fill / 1000)))
      console.log(`[writes] filled to ${filled.rows} resources in ${(filled.ms / 1000).toFixed(1)} s`)
    }
    const cpuBefore = cpuSeconds(server.pid)
    const result = await measureBulkCreate({
      baseUrl: server.url,
      token,
      project: 'bulk',
      count: argument('--count', 1000),
      concurrency: argument('--concurrency', 20),
    })
    const cpu = cpuSeconds(server.pid) - cpuBefore
    console.log(`[writes] ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${describeBulkCreate(result)}`)
    // Less sensitive to a shared machine than wall time: what the server process itself spent.
    console.log(
      `[writes] server process CPU during the creates: ${cpu.toFixed(2)} s, ${((cpu * 1000) / result.count).toFixed(2)} ms a website (the database server's own CPU not included)`,
    )
  } finally {
    await server?.stop()
    cluster?.stop()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[writes] failed:', error)
      process.exit(1)
    },
  )
}
