// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { StatsResult } from '../../src/domain/stats.ts'
import { TrafficCharts } from '../../src/views/HomePanels.tsx'

afterEach(cleanup)

const hours = [0, 1, 2].map((hour) => `2026-11-24T0${hour}:00:00.000Z`)

function result(requests: number, blocked: number): StatsResult {
  return {
    granularity: 'hour',
    series: [
      {
        points: hours.map((ts) => ({
          ts,
          values: {
            requests,
            hit_ratio: requests > 0 ? 0.8 : null,
            waf_blocked: blocked,
            challenged: 0,
            rate_limited: 0,
          },
        })),
      },
    ],
    totals: { requests: requests * 3, hit_ratio: requests > 0 ? 0.8 : null, waf_blocked: blocked * 3 },
  }
}

const chart = (title: string) => screen.getByRole('region', { name: title })

describe("Home's traffic charts", () => {
  it('say inside the chart that nothing happened in a project without traffic', () => {
    render(<TrafficCharts result={result(0, 0)} />)
    expect(chart('Requests').textContent).toContain('No requests in this period')
    expect(chart('Cache hit ratio').textContent).toContain('No cache hits in this period')
    expect(chart('Blocked requests').textContent).toContain('No blocked or challenged requests in this period')
    for (const title of ['Requests', 'Cache hit ratio', 'Blocked requests'])
      expect(within(chart(title)).queryByRole('img')).toBeNull()
  })

  it('draw the charts that have numbers, and say so only for the one that has none', () => {
    render(<TrafficCharts result={result(120, 0)} />)
    expect(within(chart('Requests')).getByRole('img')).toBeTruthy()
    expect(within(chart('Cache hit ratio')).getByRole('img')).toBeTruthy()
    expect(chart('Requests').textContent).not.toContain('No requests')
    expect(chart('Blocked requests').textContent).toContain('No blocked or challenged requests in this period')
  })
})
