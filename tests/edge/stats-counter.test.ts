/**
 * The agent's statistics counter (issue 24): counts per website and minute, seals a minute once it ended
 * (and the grace for the log's last lines passed) into a batch on disk, and forgets a batch only when the
 * platform has it, so a refused send, or a new counter on the same directory, sends it again.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type CountedRequest, StatsCounter } from '../../server/edge/stats-counter.ts'
import { type EdgeStatsBatchData, latencyBucket, latencyQuantile, SEAL_GRACE_MS } from '../../src/domain/edge-stats.ts'

const MINUTE = Date.parse('2026-11-26T10:00:00Z')

function request(overrides: Partial<CountedRequest> = {}): CountedRequest {
  return {
    at: MINUTE + 5000,
    project: 'shop',
    website: 'www',
    status: 200,
    bytes: 100,
    cache: 'hit',
    durationMs: 0.2,
    rateLimited: false,
    ...overrides,
  }
}

describe('the agent’s statistics counter', () => {
  let dir = ''
  let sent: EdgeStatsBatchData[] = []
  let refuse = false
  /** What the platform says it changed of what it was sent (rows dropped or counted in its current minute). */
  let changed = { dropped_rows: 0, clamped_rows: 0 }
  let logged: string[] = []
  const counter = () =>
    new StatsCounter({
      dir,
      node: 'pop-1',
      send: async (batches) => {
        if (refuse) throw new Error('the platform is away')
        sent.push(...batches)
        return { accepted: batches.map((batch) => batch.id), duplicates: [], ...changed }
      },
      log: (line) => logged.push(line),
    })

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wadp-stats-'))
    sent = []
    refuse = false
    changed = { dropped_rows: 0, clamped_rows: 0 }
    logged = []
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('says in its log when the platform counted rows in its current minute (this clock ahead) or dropped some', async () => {
    const stats = counter()
    stats.count(request())
    await stats.seal(MINUTE + 60_000 + SEAL_GRACE_MS)
    await stats.sendPending()
    expect(logged).toEqual([])
    stats.count(request({ at: MINUTE + 60_000 }))
    await stats.seal(MINUTE + 120_000 + SEAL_GRACE_MS)
    changed = { dropped_rows: 1, clamped_rows: 3 }
    await stats.sendPending()
    expect(logged).toEqual([
      "3 statistics rows were for minutes still to come on the platform's clock, and counted in its current minute: this node's clock is ahead of the platform's",
      '1 statistics row was dropped by the platform: for a project this node does not serve, or older than the statistics it keeps',
    ])
  })

  it('counts each website’s minute: requests, bytes, cache results, status classes, rate limits, origin times', async () => {
    const stats = counter()
    stats.count(request())
    stats.count(request({ cache: 'miss', status: 304, durationMs: 20 }))
    stats.count(request({ cache: 'pass', status: 404, durationMs: 40 }))
    stats.count(request({ cache: 'synth', status: 429, rateLimited: true, bytes: 0 }))
    stats.count(request({ cache: 'miss', status: 503, durationMs: 40 }))
    stats.count(request({ website: 'api' }))
    stats.count(request({ at: MINUTE + 60_000 }))
    await stats.seal(MINUTE + 60_000 + SEAL_GRACE_MS)
    await stats.sendPending()
    expect(sent).toHaveLength(1)
    const rows = sent[0]?.rows ?? []
    expect(rows.map((row) => [row.minute, row.website, row.requests])).toEqual([
      ['2026-11-26T10:00:00.000Z', 'www', 5],
      ['2026-11-26T10:00:00.000Z', 'api', 1],
    ])
    expect(rows[0]).toMatchObject({
      bytes_out: 400,
      hits: 1,
      misses: 2,
      passes: 1,
      status_2xx: 1,
      status_3xx: 1,
      status_4xx: 2,
      status_5xx: 1,
      rate_limited: 1,
      origin_ms: 100,
    })
    const histogram = new Map(rows[0]?.origin_histogram)
    expect(histogram.get(latencyBucket(40))).toBe(2)
    expect(latencyQuantile(histogram, 0.5)).toBeCloseTo(40, -1)
    // The next minute is still open: nothing of it was sent.
    expect(stats.unsealed).toBe(1)
  })

  it('counts a sealed minute as unsealed until its batch is on disk, so that no moment says it is gone', async () => {
    const stats = counter()
    for (let i = 0; i < 3; i += 1) stats.count(request())
    const sealing = stats.seal(MINUTE, true)
    // The minute left the open ones at once; its file is written after an await.
    expect(stats.unsealed).toBe(3)
    expect(await readdir(dir).catch(() => [])).toEqual([])
    await sealing
    expect(stats.unsealed).toBe(0)
    expect(await readdir(dir)).toHaveLength(1)
  })

  it('keeps a batch the platform did not take, and a new counter on the same directory sends it', async () => {
    refuse = true
    const first = counter()
    for (let i = 0; i < 7; i += 1) first.count(request())
    await first.seal(MINUTE, true)
    await first.sendPending()
    expect(sent).toEqual([])
    expect(await readdir(dir)).toHaveLength(1)
    refuse = false
    const second = counter()
    await second.sendPending()
    expect(sent.map((batch) => batch.rows[0]?.requests)).toEqual([7])
    expect(await readdir(dir)).toEqual([])
  })
})
