import { afterEach, describe, expect, it } from 'vitest'
import { MAX_GROUPS } from '../../server/platform/traffic.ts'
import { STATS_METRICS } from '../../src/domain/stats.ts'
import { type Json, OPERATOR, setUpPlatform, VIEWER } from './support.ts'

const platform = setUpPlatform()
const path = '/api/stats/v0/queries'
const realNow = Date.now
// A fixed clock: the answers below do not move while the tests run.
const NOW = Date.parse('2026-11-24T10:07:00Z')
const HOUR = 3_600_000
const DAY = 24 * HOUR

function setClock(at: number) {
  platform.server.ctx.now = () => at
}
afterEach(() => {
  platform.server.ctx.now = realNow
})

const iso = (ms: number) => new Date(ms).toISOString()
const lastDay = { project: 'shop', from: iso(NOW - DAY), to: iso(NOW), metrics: ['requests'] }

async function query(body: unknown, token?: string) {
  return platform.call('POST', path, { body, ...(token ? { token } : {}) })
}
const sumOf = (series: Json, metric = 'requests') =>
  series.points.reduce((total: number, point: Json) => total + point.values[metric], 0)

describe('statistics queries', () => {
  it('give the same numbers for the same query, and different numbers for another website', async () => {
    setClock(NOW)
    const body = { ...lastDay, metrics: [...STATS_METRICS], filters: { website: 'shop-example-com' } }
    const first = await query(body)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    // Later, and on another reading of the clock, the same range reads the same.
    setClock(NOW + 5 * DAY)
    const second = await query(body)
    expect(second.body).toEqual(first.body)
    const other = await query({ ...body, filters: { website: 'api-shop-example-com' } })
    expect(other.body.data.totals.requests).not.toBe(first.body.data.totals.requests)
    const values = first.body.data.series[0].points[0].values
    expect(Object.keys(values)).toEqual([...STATS_METRICS])
    expect(values.hit_ratio).toBeGreaterThan(0)
    expect(values.hit_ratio).toBeLessThan(1)
    expect(values.origin_latency_p95).toBeGreaterThan(values.origin_latency_p50)
    expect(values.status_2xx + values.status_3xx + values.status_4xx + values.status_5xx).toBe(values.requests)
  })

  it('pick a granularity from the range, and points aligned to it', async () => {
    setClock(NOW)
    const cases: [number, string, number][] = [
      [HOUR, 'minute', 60],
      [DAY, 'minute', 1440],
      [2 * DAY, '5m', 576],
      [7 * DAY, 'hour', 168],
      [30 * DAY, 'hour', 720],
      [365 * DAY, 'day', 365],
    ]
    for (const [span, granularity, points] of cases) {
      const to = Date.parse('2026-11-20T00:00:00Z')
      const res = await query({ ...lastDay, from: iso(to - span), to: iso(to) })
      expect(res.body.data.granularity).toBe(granularity)
      expect(res.body.data.series[0].points.length).toBeLessThanOrEqual(1500)
      expect(res.body.data.series[0].points.length).toBe(points)
    }
    const unaligned = await query({
      ...lastDay,
      from: '2026-11-23T09:07:30Z',
      to: '2026-11-23T12:01:00Z',
      granularity: 'hour',
    })
    expect(unaligned.body.data.series[0].points.map((p: Json) => p.ts)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T11:00:00.000Z',
      '2026-11-23T12:00:00.000Z',
    ])
  })

  it('report only buckets that have ended, so a reported number never changes', async () => {
    setClock(NOW)
    const res = await query({ ...lastDay, from: iso(NOW - 2 * HOUR), to: iso(NOW + 2 * HOUR), granularity: 'hour' })
    expect(res.body.data.series[0].points.map((p: Json) => p.ts)).toEqual([
      '2026-11-24T08:00:00.000Z',
      '2026-11-24T09:00:00.000Z',
    ])
    const future = await query({ ...lastDay, from: iso(NOW + DAY), to: iso(NOW + 2 * DAY) })
    expect(future.body.data.series[0].points).toEqual([])
    expect(future.body.data.totals.requests).toBe(0)
  })

  it('total the series, and add up over hours as over 5-minute buckets', async () => {
    setClock(NOW)
    const res = await query({ ...lastDay, metrics: ['requests', 'waf_blocked', 'hit_ratio'] })
    const { series, totals } = res.body.data
    expect(totals.requests).toBe(sumOf(series[0]))
    expect(totals.waf_blocked).toBe(sumOf(series[0], 'waf_blocked'))
    expect(totals.requests).toBeGreaterThan(0)
    const day = { ...lastDay, from: '2026-11-23T00:00:00Z', to: '2026-11-24T00:00:00Z' }
    const hourly = (await query({ ...day, granularity: 'hour' })).body.data.totals.requests
    const fine = (await query({ ...day, granularity: '5m' })).body.data.totals.requests
    // Each bucket's counts are rounded on their own: the sums may differ by that rounding only.
    expect(Math.abs(hourly - fine)).toBeLessThanOrEqual(4 * 288)
  })

  it('group by website, point of presence, country and status class, the groups adding up to the whole', async () => {
    setClock(NOW)
    const whole = (await query(lastDay)).body.data.totals.requests
    const websites = await query({ ...lastDay, group_by: 'website' })
    expect(websites.body.data.series.map((s: Json) => s.group).sort()).toEqual([
      'api-shop-example-com',
      'shop-example-com',
      'static-shop-example-com',
    ])
    const pops = await query({ ...lastDay, group_by: 'pop' })
    const popNames = pops.body.data.series.map((s: Json) => s.group)
    expect(popNames).toContain('par')
    expect(popNames.length).toBeLessThanOrEqual(MAX_GROUPS)
    const countries = await query({ ...lastDay, group_by: 'country' })
    expect(countries.body.data.series.map((s: Json) => s.group)).toContain('fr')
    const classes = await query({ ...lastDay, metrics: ['requests', 'status_5xx'], group_by: 'status_class' })
    expect(classes.body.data.series.map((s: Json) => s.group)).toEqual(['2xx', '3xx', '4xx', '5xx'])
    const fiveHundreds = classes.body.data.series[3]
    expect(sumOf(fiveHundreds)).toBe(sumOf(fiveHundreds, 'status_5xx'))
    for (const grouped of [websites, pops, countries, classes]) {
      const sum = grouped.body.data.series.reduce((total: number, s: Json) => total + sumOf(s), 0)
      expect(grouped.body.data.totals.requests).toBe(sum)
      // Rounded per group and bucket: within a request a bucket and group of the ungrouped total.
      expect(Math.abs(sum - whole)).toBeLessThanOrEqual(4 * 1440 * grouped.body.data.series.length)
    }
  })

  it('answer for a project without websites with zeros', async () => {
    setClock(NOW)
    const res = await query({ ...lastDay, project: 'shop-staging', metrics: ['requests', 'hit_ratio'] })
    expect(res.status).toBe(200)
    expect(res.body.data.totals).toEqual({ requests: 0, hit_ratio: null })
    expect(res.body.data.series[0].points[0].values).toEqual({ requests: 0, hit_ratio: null })
  })
})

describe('statistics query validation', () => {
  async function fieldsOf(body: unknown) {
    const res = await query(body)
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    return res.body.errors.map((e: Json) => e.field)
  }

  it('refuses each bad field on that field, with a clear message', async () => {
    setClock(NOW)
    expect(await fieldsOf({ ...lastDay, to: lastDay.from })).toEqual(['to'])
    const long = await query({ ...lastDay, from: iso(NOW - 401 * DAY) })
    expect(long.body.errors).toEqual([{ field: 'to', message: 'the range may span at most 400 days' }])
    expect(await fieldsOf({ ...lastDay, metrics: ['requests', 'visitors'] })).toEqual(['metrics.1'])
    expect(await fieldsOf({ ...lastDay, metrics: [] })).toEqual(['metrics'])
    expect(await fieldsOf({ ...lastDay, from: 'yesterday' })).toEqual(['from'])
    expect(await fieldsOf({ ...lastDay, from: '2026-11-23T10:00:00' })).toEqual(['from'])
    expect(await fieldsOf({ ...lastDay, granularity: 'week' })).toEqual(['granularity'])
    expect(await fieldsOf({ ...lastDay, group_by: 'browser' })).toEqual(['group_by'])
    const tooFine = await query({ ...lastDay, from: iso(NOW - 30 * DAY), granularity: 'minute' })
    expect(tooFine.body.errors).toEqual([
      {
        field: 'granularity',
        message: 'gives 43,200 points a series, more than 10,000: choose a coarser granularity or a shorter range',
      },
    ])
    const website = await query({ ...lastDay, filters: { website: 'news-example-com' } })
    expect(website.status).toBe(400)
    expect(website.body.errors).toEqual([
      { field: 'filters.website', message: 'news-example-com is not a website of project shop' },
    ])
  })

  it('never fails on a malformed body', async () => {
    for (const body of [null, [], 'text', 42, {}, { ...lastDay, metrics: 'requests' }, { ...lastDay, filters: [] }]) {
      const res = await query(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toMatch(/invalid/)
    }
    const raw = await platform.call('POST', path, {
      raw: '{"project":',
      headers: { 'content-type': 'application/json' },
    })
    expect(raw.status).toBe(400)
    expect((await query({ ...lastDay, project: 'no-such-project' })).status).toBe(404)
  })

  it('needs wadp.stats.query in the project asked about', async () => {
    const operator = await platform.tokenFor(OPERATOR, ['wadp.*.*'])
    const viewer = await platform.tokenFor(VIEWER, ['wadp.*.*'])
    const elsewhere = await platform.tokenFor(OPERATOR, ['wadp.stats.query'], { projects: ['media'] })
    const noStats = await platform.tokenFor(OPERATOR, ['wadp.purge.*'])
    expect((await query(lastDay, operator)).status).toBe(200)
    expect((await query(lastDay, viewer)).status).toBe(403)
    expect((await query(lastDay, elsewhere)).status).toBe(403)
    expect((await query({ ...lastDay, project: 'media' }, elsewhere)).status).toBe(200)
    expect((await query(lastDay, noStats)).status).toBe(403)
    expect((await platform.call('POST', path, { body: lastDay, token: null })).status).toBe(401)
  })
})
