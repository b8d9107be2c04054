/**
 * Statistics from edge agent nodes (issue 24), the platform's side: a node's batches are counted once by
 * their id, whole; the stats service answers the counted numbers exactly beside the simulated nodes'
 * model, saying which part is which; minute rows go after 48 hours while the hour rows stay. Both
 * databases.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { pruneStats } from '../../server/platform/edge-stats.ts'
import { latencyBucket } from '../../src/domain/edge-stats.ts'
import { type Json, queryRows, setUpPlatform } from './support.ts'

const platform = setUpPlatform()
const core = '/api/core/v0'
const NODE = 'pop-zz-stats-1'
const PROJECT = 'shop'
const MINUTE_MS = 60_000

let secret = ''
let website = ''
/** A minute in an hour that has ended (an hour's bucket is answered once it ended). */
const minute = new Date(Math.floor((Date.now() - 120 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS)

function row(overrides: Json = {}) {
  return {
    minute: minute.toISOString(),
    project: PROJECT,
    website,
    requests: 120,
    bytes_out: 123_456,
    hits: 80,
    misses: 30,
    passes: 6,
    status_2xx: 100,
    status_3xx: 5,
    status_4xx: 10,
    status_5xx: 5,
    rate_limited: 4,
    origin_ms: 36 * 20,
    origin_histogram: [[latencyBucket(20), 36]],
    ...overrides,
  }
}

const send = (batches: unknown, token: string | null = secret) =>
  platform.call('POST', `${core}/edge/nodes/${NODE}/stats`, { token, body: { batches } })

const METRICS = ['requests', 'bytes_out', 'hit_ratio', 'status_2xx', 'status_4xx', 'rate_limited', 'origin_latency_p50']

async function stats(granularity: 'minute' | 'hour', extra: Json = {}) {
  const from = new Date(Math.floor(minute.getTime() / 3_600_000) * 3_600_000 - 3_600_000)
  const res = await platform.call('POST', '/api/stats/v0/queries', {
    body: {
      project: PROJECT,
      from: from.toISOString(),
      to: new Date(minute.getTime() + 5 * MINUTE_MS).toISOString(),
      granularity,
      metrics: METRICS,
      filters: { website },
      ...extra,
    },
  })
  expect(res.status).toBe(200)
  return res.body.data
}

describe('statistics counted on edge agent nodes', () => {
  beforeAll(async () => {
    const created = await platform.call('POST', `${core}/nodes`, {
      body: { name: NODE, hostname: 'stats.edge.example.net', pop_code: 'sts', country: 'zz', kind: 'agent' },
    })
    expect(created.status).toBe(201)
    secret = created.body.data.secret
    const websites = await platform.call('GET', `${core}/projects/${PROJECT}/websites?items=1`)
    website = websites.body.data[0].name
  })

  it('are refused without the node’s own secret, and malformed batches with the field at fault', async () => {
    expect((await send([{ id: 'batch-unauthorised', rows: [row()] }], null)).status).toBe(401)
    const bad = await send([{ id: 'batch-malformed', rows: [row({ requests: -1 })] }])
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].field).toBe('batches.0.rows.0.requests')
    const notMinute = await send([{ id: 'batch-not-minute', rows: [row({ minute: '2026-11-26T10:00:30Z' })] }])
    expect(notMinute.status).toBe(400)
  })

  it('count a batch once, whole, however often it is sent', async () => {
    const first = await send([{ id: 'batch-one-0001', rows: [row(), row({ project: 'no-such-project' })] }])
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ accepted: ['batch-one-0001'], duplicates: [], dropped_rows: 1, clamped_rows: 0 })
    const again = await send([{ id: 'batch-one-0001', rows: [row()] }])
    expect(again.body.data).toEqual({ accepted: [], duplicates: ['batch-one-0001'], dropped_rows: 0, clamped_rows: 0 })
    const stored = await queryRows<{ period: string; requests: string }>(
      platform,
      sql`select period, requests from edge_stats where node = ${NODE} order by period`,
    )
    expect(stored.map((r) => [r.period, Number(r.requests)])).toEqual([
      ['hour', 120],
      ['minute', 120],
    ])
  })

  it('are answered exactly beside the simulated nodes’ model, each part named', async () => {
    for (const granularity of ['minute', 'hour'] as const) {
      const data = await stats(granularity)
      const agent = data.sources.find((source: Json) => source.kind === 'agent')
      const simulated = data.sources.find((source: Json) => source.kind === 'simulated')
      expect(agent.nodes).toEqual([NODE])
      expect(agent.totals).toMatchObject({
        requests: 120,
        bytes_out: 123_456,
        hit_ratio: 0.7,
        status_2xx: 100,
        status_4xx: 10,
        rate_limited: 4,
      })
      // The bucket's middle: within 12.5 % of the 20 ms counted.
      expect(Math.abs(agent.totals.origin_latency_p50 - 20)).toBeLessThan(2.5)
      expect(simulated.nodes).not.toContain(NODE)
      expect(simulated.nodes.length).toBeGreaterThan(0)
      // The whole is the sum of the parts for every count.
      for (const metric of ['requests', 'bytes_out', 'status_2xx', 'status_4xx', 'rate_limited'])
        expect(data.totals[metric], `${granularity} ${metric}`).toBe(agent.totals[metric] + simulated.totals[metric])
    }
    // By point of presence: the agent node's own group, or `other` past the 12 largest.
    const byPop = await stats('minute', { group_by: 'pop', metrics: ['requests'] })
    const groups = byPop.series.map((series: Json) => series.group)
    expect(groups.length).toBeLessThanOrEqual(12)
    expect(groups.includes('sts') || groups.includes('other')).toBe(true)
  })

  it('keep minute rows 48 hours and hour rows 90 days', async () => {
    await pruneStats(platform.server.ctx.db, minute.getTime() + 49 * 3_600_000)
    const left = await queryRows<{ period: string }>(platform, sql`select period from edge_stats where node = ${NODE}`)
    expect(left.map((r) => r.period)).toEqual(['hour'])
    expect((await stats('hour')).sources[0].totals.requests).toBe(120)
    expect((await stats('minute')).sources[0].totals.requests).toBe(0)
    await pruneStats(platform.server.ctx.db, minute.getTime() + 91 * 24 * 3_600_000)
    expect(await queryRows(platform, sql`select period from edge_stats where node = ${NODE}`)).toEqual([])
  })

  it('count the rows of a minute in the platform’s future (a node whose clock is ahead) in the minute they arrived in, and say so', async () => {
    const before = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS
    const ahead = new Date(before + 5 * MINUTE_MS).toISOString()
    const sent = await send([{ id: 'batch-ahead-0001', rows: [row({ minute: ahead })] }])
    const after = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS
    expect(sent.status).toBe(200)
    expect(sent.body.data).toEqual({ accepted: ['batch-ahead-0001'], duplicates: [], dropped_rows: 0, clamped_rows: 1 })
    const stored = await queryRows<{ period: string; at: string | Date; requests: string }>(
      platform,
      sql`select period, at, requests from edge_stats where node = ${NODE} order by period`,
    )
    const rows = stored.map((r) => [r.period, new Date(r.at).getTime(), Number(r.requests)])
    // The minute it arrived in (the clock may have passed into the next one meanwhile), and its hour.
    const at = rows.find(([period]) => period === 'minute')?.[1]
    expect([before, after]).toContain(at)
    expect(rows).toEqual([
      ['hour', Math.floor(Number(at) / 3_600_000) * 3_600_000, 120],
      ['minute', at, 120],
    ])
  })

  it('go with their project: one created again under its name is answered none of them', async () => {
    const project = 'stats-reborn'
    const setUp = async () => {
      const made = await platform.call('POST', '/api/auth/v0/projects', {
        body: { name: project, customer: 'acme-retail' },
      })
      expect(made.status).toBe(201)
      const director = await platform.call('POST', `${core}/projects/${project}/directors`, {
        body: { name: 'reborn-origin', backends: [{ host: 'origin.reborn.example.com', port: 443 }] },
      })
      expect(director.status).toBe(201)
      const site = await platform.call('POST', `${core}/projects/${project}/websites`, {
        body: { name: 'reborn-site', domain_name: 'reborn.example.com', default_director: 'reborn-origin' },
      })
      expect(site.status).toBe(201)
    }
    const counted = async () => {
      const data = await stats('hour', { project, filters: { website: 'reborn-site' } })
      return data.sources.find((source: Json) => source.kind === 'agent').totals.requests
    }
    await setUp()
    const sent = await send([{ id: 'batch-reborn-0001', rows: [row({ project, website: 'reborn-site' })] }])
    expect(sent.body.data.dropped_rows).toBe(0)
    expect(await counted()).toBe(120)

    const removed = await platform.call('DELETE', `/api/auth/v0/projects/${project}`, { headers: { 'if-match': '*' } })
    expect(removed.status).toBe(204)
    await setUp()
    expect(await counted()).toBe(0)
    expect(await queryRows(platform, sql`select 1 from edge_stats_latency where project = ${project}`)).toEqual([])
  })
})
