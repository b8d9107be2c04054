import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { RATE_LIMITED_REASON } from '../../src/domain/edge-stats.ts'
import {
  CACHE_RESULTS,
  type CacheResult,
  evenSample,
  MAX_TRAFFIC_BATCH,
  redactQuery,
  type TrafficBatchData,
} from '../../src/domain/live-traffic.ts'

/**
 * What `varnishncsa -j` writes per client request: JSON-safe fields, never a cookie or an authorisation
 * header (the format does not name them). `%q` is the query string with its "?"; `%b` is "-" for none.
 */
export const NCSA_FORMAT =
  '{"method":"%m","host":"%{Host}i","path":"%U","query":"%q","status":"%s","bytes":"%b","handling":"%{Varnish:handling}x","ttfb":"%{Varnish:time_firstbyte}x","reason":"%{VSL:RespReason}x"}'

type NcsaLine = Record<
  'method' | 'host' | 'path' | 'query' | 'status' | 'bytes' | 'handling' | 'ttfb' | 'reason',
  string
>

/** Whether a varnishncsa line is the answer of a rate limit (a synthetic answer with its reason). */
export function rateLimitedLine(raw: string): boolean {
  return raw.includes(`"reason":"${RATE_LIMITED_REASON}"`) && raw.includes('"handling":"synth"')
}

/** One line of varnishncsa as a traffic line, or null for one it cannot read. */
export function parseNcsaLine(raw: string, at: Date): Omit<TrafficBatchData['lines'][number], 'project'> | null {
  let line: NcsaLine
  try {
    line = JSON.parse(raw) as NcsaLine
  } catch {
    return null
  }
  const status = Number(line.status)
  if (!Number.isInteger(status) || status < 100 || status > 999) return null
  const handling = line.handling as CacheResult
  const host = (line.host === '-' ? '' : line.host).toLowerCase().replace(/:\d+$/, '')
  return {
    at: at.toISOString(),
    host: host.slice(0, 253),
    method: line.method.slice(0, 16),
    path: line.path.slice(0, 2048),
    query: redactQuery(line.query.replace(/^\?/, '')).slice(0, 2048),
    status,
    cache: CACHE_RESULTS.includes(handling) ? handling : 'synth',
    bytes: line.bytes === '-' ? 0 : Math.max(0, Math.trunc(Number(line.bytes)) || 0),
    duration_ms: Math.max(0, Math.round((Number(line.ttfb) || 0) * 1e6) / 1000),
    client_country: null,
  }
}

/**
 * Reads a node's requests from Varnish's shared log (`varnishncsa`, a child of the agent) and sends
 * them to the platform in small batches (every `flushMs`): at most MAX_TRAFFIC_BATCH lines a batch, an
 * even sample when there were more, with how many it saw. Live traffic is a view, not a record: a
 * batch the platform cannot take is dropped, and lines of hosts no project serves are never sent.
 */
export class TrafficTap {
  private child: ChildProcess | null = null
  private pending: TrafficBatchData['lines'] = []
  private seen = 0
  private timer: NodeJS.Timeout | null = null
  private sending = false

  constructor(
    private readonly options: {
      varnishncsa: string
      /** varnishd's working directory (`-n`). */
      workdir: string
      /** The project serving a host, or null. */
      projectOf: (host: string) => string | null
      /** Every request read, live traffic or not (the statistics count them). */
      observe?: (line: Omit<TrafficBatchData['lines'][number], 'project'>, raw: string) => void
      send: (batch: TrafficBatchData) => Promise<void>
      flushMs?: number
      log: (line: string) => void
    },
  ) {}

  start(): void {
    const child = spawn(this.options.varnishncsa, ['-n', this.options.workdir, '-c', '-j', '-F', NCSA_FORMAT], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    child.on('error', (error) => this.options.log(`varnishncsa could not run: ${error.message}`))
    child.stderr?.on('data', (chunk) => this.options.log(`varnishncsa: ${String(chunk).trim()}`))
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (raw) => this.take(raw))
    this.timer = setInterval(() => void this.flush(), this.options.flushMs ?? 200)
  }

  private take(raw: string): void {
    const line = parseNcsaLine(raw, new Date())
    if (!line) return
    this.options.observe?.(line, raw)
    const project = this.options.projectOf(line.host)
    if (project === null) return
    this.seen += 1
    // Bounded while the platform is slow: the newest lines are the ones worth showing.
    if (this.pending.length >= MAX_TRAFFIC_BATCH * 20) this.pending.shift()
    this.pending.push({ ...line, project })
  }

  private async flush(): Promise<void> {
    if (this.sending || this.seen === 0) return
    const batch = { lines: evenSample(this.pending, MAX_TRAFFIC_BATCH), seen: this.seen }
    this.pending = []
    this.seen = 0
    this.sending = true
    try {
      await this.options.send(batch)
    } catch (error) {
      this.options.log(`live traffic not sent: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      this.sending = false
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.child?.kill('SIGTERM')
    this.child = null
    this.pending = []
  }
}
