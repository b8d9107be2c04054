import { describe, expect, it } from 'vitest'
import { goalTable, meets } from './goals.ts'

describe('benchmark goals', () => {
  it('holds a measure below or above its bound, and fails a missing one', () => {
    expect(meets({ metric: 'p99', below: 25 }, { p99: 24 })).toBe(true)
    expect(meets({ metric: 'p99', below: 25 }, { p99: 25 })).toBe(false)
    expect(meets({ metric: 'perSecond', above: 100 }, { perSecond: 100 })).toBe(true)
    expect(meets({ metric: 'seconds', below: 10 }, {})).toBe(false)
  })

  it('prints one line per goal with the previous value beside the new one', () => {
    const table = goalTable(
      [
        {
          name: 'Search',
          request: 'GET /search',
          goals: [
            { metric: 'p95', below: 50 },
            { metric: 'p99', below: 100 },
          ],
          measures: { p95: 20, p99: 120 },
          previous: { p99: 615 },
        },
        {
          name: 'Create 1,000 websites',
          request: 'POST',
          goals: [{ metric: 'perSecond', above: 100 }],
          measures: { perSecond: 140 },
        },
      ],
      '2026-11-24T11:19:35.867Z',
    )
    expect(table.split('\n').slice(2)).toEqual([
      '| Search | p95 < 50 ms | — | p95 20.0 ms | pass |',
      '| Search | p99 < 100 ms | p99 615 ms | p99 120 ms | **FAIL** |',
      '| Create 1,000 websites | ≥ 100 /s | — | 140 /s | pass |',
    ])
    expect(table.split('\n')[0]).toContain('Previous (2026-11-24)')
  })
})
