import { describe, expect, it } from 'vitest'
import { homeTrafficQueries, joinHomeTraffic } from '../../src/domain/home-traffic.ts'
import type { StatsResult } from '../../src/domain/stats.ts'

const METRICS = ['requests', 'hit_ratio', 'waf_blocked'] as const

const answer = (points: { ts: string; requests: number; hit_ratio: number | null }[]): StatsResult => ({
  granularity: 'minute',
  series: [{ points: points.map(({ ts, ...values }) => ({ ts, values: { ...values, waf_blocked: 1 } })) }],
  totals: {
    requests: points.reduce((sum, point) => sum + point.requests, 0),
    hit_ratio:
      points.reduce((sum, point) => sum + (point.hit_ratio ?? 0) * point.requests, 0) /
      points.reduce((sum, point) => sum + point.requests, 0),
    waf_blocked: points.length,
  },
})

describe("Home's traffic, the 24 hours up to the last whole minute (Statistics' Last 24 hours)", () => {
  it('asks the whole hours by the hour, and the oldest hour’s part and the hour under way by the minute', () => {
    const parts = homeTrafficQueries('shop', METRICS, Date.parse('2026-11-29T14:37:30.500Z'))
    expect(parts.head).toMatchObject({
      from: '2026-11-28T14:37:00.000Z',
      to: '2026-11-28T15:00:00.000Z',
      granularity: 'minute',
    })
    expect(parts.hours).toMatchObject({
      from: '2026-11-28T15:00:00.000Z',
      to: '2026-11-29T14:00:00.000Z',
      granularity: 'hour',
    })
    // The hour under way is in it, up to the last whole minute.
    expect(parts.tail).toMatchObject({
      from: '2026-11-29T14:00:00.000Z',
      to: '2026-11-29T14:37:00.000Z',
      granularity: 'minute',
    })
    // The whole hours are the same query all hour long: one cache entry.
    expect(homeTrafficQueries('shop', METRICS, Date.parse('2026-11-29T14:59:59Z')).hours).toEqual(parts.hours)
  })

  it('on the hour, asks the 24 whole hours alone', () => {
    const parts = homeTrafficQueries('shop', METRICS, Date.parse('2026-11-29T14:00:20Z'))
    expect(parts.head).toBeNull()
    expect(parts.tail).toBeNull()
    expect(parts.hours).toMatchObject({ from: '2026-11-28T14:00:00.000Z', to: '2026-11-29T14:00:00.000Z' })
  })

  it('draws each minute part as one point of its hour and adds up the totals, the hit ratio weighed by requests', () => {
    const head = answer([
      { ts: '2026-11-28T14:58:00Z', requests: 10, hit_ratio: 0.5 },
      { ts: '2026-11-28T14:59:00Z', requests: 30, hit_ratio: 1 },
    ])
    const hours = answer([{ ts: '2026-11-28T15:00:00Z', requests: 100, hit_ratio: 0.9 }])
    const tail = answer([{ ts: '2026-11-29T14:00:00Z', requests: 60, hit_ratio: null }])
    const joined = joinHomeTraffic({ head, hours, tail }, METRICS)
    expect(joined.series[0]?.points).toEqual([
      { ts: '2026-11-28T14:58:00Z', values: { requests: 40, hit_ratio: 35 / 40, waf_blocked: 2 } },
      { ts: '2026-11-28T15:00:00Z', values: { requests: 100, hit_ratio: 0.9, waf_blocked: 1 } },
      { ts: '2026-11-29T14:00:00Z', values: { requests: 60, hit_ratio: null, waf_blocked: 1 } },
    ])
    expect(joined.totals.requests).toBe(200)
    expect(joined.totals.waf_blocked).toBe(4)
    expect(joined.totals.hit_ratio).toBeCloseTo((35 + 90) / 200, 10)
  })
})
