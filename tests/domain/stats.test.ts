import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { queryOfView, STATS_METRICS } from '../../src/domain/stats.ts'
import { StatisticsSearch } from '../../src/domain/stats-view.ts'

const view = (search: Record<string, string>) => v.parse(StatisticsSearch, search)
const at = (iso: string) => Date.parse(iso)

describe('the statistics view in the URL', () => {
  it('falls back to the defaults for values it does not know', () => {
    expect(view({ range: 'forever', granularity: 'week', group_by: 'browser', project: 'shop' })).toEqual({
      project: 'shop',
      range: '24h',
      granularity: 'auto',
      group_by: 'none',
    })
  })

  it('asks the same query for a preset until now moves into the next bucket', () => {
    const day = view({})
    const first = queryOfView(day, 'shop', STATS_METRICS, at('2026-11-24T10:07:10Z')).query
    const later = queryOfView(day, 'shop', STATS_METRICS, at('2026-11-24T10:07:50Z')).query
    const next = queryOfView(day, 'shop', STATS_METRICS, at('2026-11-24T10:08:01Z')).query
    expect(first).toEqual(later)
    expect(first).toMatchObject({ from: '2026-11-23T10:07:00.000Z', to: '2026-11-24T10:07:00.000Z' })
    expect(next?.to).toBe('2026-11-24T10:08:00.000Z')
    // Thirty days resolve to hours: the query holds for the hour.
    const month = queryOfView(view({ range: '30d' }), 'shop', STATS_METRICS, at('2026-11-24T10:59:00Z')).query
    expect(month?.to).toBe('2026-11-24T10:00:00.000Z')
  })

  it('turns the filters and grouping into the query, and says why a view cannot be asked', () => {
    const now = at('2026-11-24T10:00:00Z')
    const grouped = queryOfView(
      view({ website: 'shop-example-com', group_by: 'pop', granularity: 'hour' }),
      'shop',
      ['requests'],
      now,
    )
    expect(grouped.query).toMatchObject({
      filters: { website: 'shop-example-com' },
      group_by: 'pop',
      granularity: 'hour',
    })
    const backwards = view({ range: 'custom', from: '2026-11-20T00:00:00Z', to: '2026-11-19T00:00:00Z' })
    expect(queryOfView(backwards, 'shop', ['requests'], now).error).toEqual({
      field: 'to',
      message: 'The end must be after the start.',
    })
    expect(queryOfView(view({ range: 'custom' }), 'shop', ['requests'], now).error?.field).toBe('from')
    const tooFine = queryOfView(view({ range: '30d', granularity: 'minute' }), 'shop', ['requests'], now)
    expect(tooFine.error).toEqual({
      field: 'granularity',
      message:
        'This granularity gives 43,200 points a series, more than 10,000: choose a coarser granularity or a shorter range.',
    })
  })
})
