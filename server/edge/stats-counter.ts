import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  type EdgeStatsBatchData,
  type EdgeStatsRowData,
  latencyBucket,
  MAX_STATS_BATCHES,
  MAX_STATS_ROWS,
  SEAL_GRACE_MS,
} from '../../src/domain/edge-stats.ts'
import type { CacheResult } from '../../src/domain/live-traffic.ts'

const MINUTE_MS = 60_000

/** One request as the counter needs it. */
export type CountedRequest = {
  at: number
  project: string
  website: string
  status: number
  bytes: number
  cache: CacheResult
  /** Time to the first byte, in ms (the origin's answer time for a miss or a pass). */
  durationMs: number
  rateLimited: boolean
}

/** The platform's answer to a statistics send (`POST …/edge/nodes/{name}/stats`). */
export type StatsAnswer = { accepted: string[]; duplicates: string[]; dropped_rows?: number; clamped_rows?: number }

type Open = Omit<EdgeStatsRowData, 'origin_histogram'> & { histogram: Map<number, number> }

/**
 * Counts a node's requests per website and minute (issue 24). A minute is sealed SEAL_GRACE_MS after it
 * ended: its rows become a batch with an id of its own, written to `dir` before anything is sent, and
 * removed only once the platform said it has it (counted now or before). A batch therefore outlives a
 * restart of the agent or of the platform, and the platform counts each id once: no count is lost or
 * doubled. stop() seals the minute in progress too (the next agent's batch for the same minute adds to it).
 */
export class StatsCounter {
  private readonly open = new Map<string, Open>()
  /** Requests of sealed minutes whose batch is still being written to disk. */
  private writing = 0
  private sending = false

  constructor(
    private readonly options: {
      /** Where sealed batches wait until the platform has them. */
      dir: string
      node: string
      /**
       * Sends batches; the platform's answer says which it has, and how many rows it dropped (a website it
       * no longer has) or counted in its own current minute (this node's clock ahead of the platform's).
       */
      send: (batches: EdgeStatsBatchData[]) => Promise<StatsAnswer>
      log: (line: string) => void
    },
  ) {}

  count(request: CountedRequest): void {
    const minute = new Date(Math.floor(request.at / MINUTE_MS) * MINUTE_MS).toISOString()
    const key = `${minute} ${request.project} ${request.website}`
    let row = this.open.get(key)
    if (!row) {
      row = {
        minute,
        project: request.project,
        website: request.website,
        requests: 0,
        bytes_out: 0,
        hits: 0,
        misses: 0,
        passes: 0,
        status_2xx: 0,
        status_3xx: 0,
        status_4xx: 0,
        status_5xx: 0,
        rate_limited: 0,
        origin_ms: 0,
        histogram: new Map(),
      }
      this.open.set(key, row)
    }
    row.requests += 1
    row.bytes_out += request.bytes
    if (request.cache === 'hit') row.hits += 1
    else if (request.cache === 'miss') row.misses += 1
    else if (request.cache === 'pass' || request.cache === 'pipe') row.passes += 1
    if (request.cache === 'miss' || request.cache === 'pass' || request.cache === 'pipe') {
      row.origin_ms += request.durationMs
      const bucket = latencyBucket(request.durationMs)
      row.histogram.set(bucket, (row.histogram.get(bucket) ?? 0) + 1)
    }
    const statusClass = Math.floor(request.status / 100)
    if (statusClass <= 2) row.status_2xx += 1
    else if (statusClass === 3) row.status_3xx += 1
    else if (statusClass === 4) row.status_4xx += 1
    else row.status_5xx += 1
    if (request.rateLimited) row.rate_limited += 1
  }

  /** Requests counted and not yet sealed (what a stop now would seal). */
  /** Requests counted and not yet in a batch on disk (the minutes open, and those being written). */
  get unsealed(): number {
    return [...this.open.values()].reduce((sum, row) => sum + row.requests, this.writing)
  }

  /** Seals every minute that ended SEAL_GRACE_MS before `now` (every minute with `all`) into a batch on disk. */
  async seal(now: number, all = false): Promise<void> {
    const rows: EdgeStatsRowData[] = []
    for (const [key, row] of this.open) {
      if (!all && Date.parse(row.minute) + MINUTE_MS + SEAL_GRACE_MS > now) continue
      this.open.delete(key)
      const { histogram, ...counts } = row
      rows.push({ ...counts, origin_ms: Math.round(counts.origin_ms * 1000) / 1000, origin_histogram: [...histogram] })
    }
    // Until its batch is on disk a sealed minute still counts as unsealed: otherwise, between taking it
    // out of the open minutes and writing its file, nothing would say it exists.
    const sealing = rows.reduce((sum, row) => sum + row.requests, 0)
    this.writing += sealing
    try {
      for (let start = 0; start < rows.length; start += MAX_STATS_ROWS) {
        const batch: EdgeStatsBatchData = {
          id: `${this.options.node}:${randomUUID()}`,
          rows: rows.slice(start, start + MAX_STATS_ROWS),
        }
        await mkdir(this.options.dir, { recursive: true })
        // Written whole or not at all: a batch on disk is always one that can be sent.
        const file = join(this.options.dir, `${batch.id.replaceAll(':', '_')}.json`)
        await writeFile(`${file}.tmp`, JSON.stringify(batch))
        await rename(`${file}.tmp`, file)
      }
    } finally {
      this.writing -= sealing
    }
  }

  /** Says in the agent's log what the platform did not count as sent: an operator looks there for a wrong clock. */
  private sayWhatWasChanged({ dropped_rows: dropped = 0, clamped_rows: clamped = 0 }: StatsAnswer): void {
    if (clamped > 0)
      this.options.log(
        `${clamped} statistics ${clamped === 1 ? 'row was' : 'rows were'} for minutes still to come on the platform's clock, and counted in its current minute: this node's clock is ahead of the platform's`,
      )
    if (dropped > 0)
      this.options.log(
        `${dropped} statistics ${dropped === 1 ? 'row was' : 'rows were'} dropped by the platform: for a project this node does not serve, or older than the statistics it keeps`,
      )
  }

  /** Sends the batches waiting on disk, oldest first; forgets each the platform has. */
  async sendPending(): Promise<void> {
    if (this.sending) return
    this.sending = true
    try {
      const names = (await readdir(this.options.dir).catch(() => [] as string[])).filter((name) =>
        name.endsWith('.json'),
      )
      for (let start = 0; start < names.length; start += MAX_STATS_BATCHES) {
        const files = names.slice(start, start + MAX_STATS_BATCHES)
        const batches = await Promise.all(
          files.map(
            async (name) => JSON.parse(await readFile(join(this.options.dir, name), 'utf8')) as EdgeStatsBatchData,
          ),
        )
        const answer = await this.options.send(batches)
        this.sayWhatWasChanged(answer)
        const taken = new Set([...answer.accepted, ...answer.duplicates])
        await Promise.all(
          batches.map((batch, index) =>
            taken.has(batch.id) ? rm(join(this.options.dir, files[index] as string), { force: true }) : undefined,
          ),
        )
      }
    } catch (error) {
      this.options.log(`statistics not sent (kept for the next try): ${error instanceof Error ? error.message : error}`)
    } finally {
      this.sending = false
    }
  }
}
