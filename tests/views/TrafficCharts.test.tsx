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

  it('draw each line as SVG through its points, broken where a value is missing, with labelled axes', () => {
    // Local hours, as the time axis writes them: the expectations hold in any time zone.
    const requests = [100, 200, null, 300, 400]
    const points = requests.map((value, hour) => ({
      ts: new Date(2026, 10, 24, hour).toISOString(),
      values: { requests: value, hit_ratio: 0.8, waf_blocked: 0, challenged: 0, rate_limited: 0 },
    }))
    render(<TrafficCharts result={{ granularity: 'hour', series: [{ points }], totals: { requests: 1000 } }} />)
    const drawn = within(chart('Requests')).getByRole('img', {
      name: 'Requests: chart of 5 points; the table below lists them',
    })
    const lines = [...drawn.querySelectorAll('polyline')].map((line) => line.getAttribute('points')?.split(' '))
    // From the left edge to the right, the lowest value at the bottom and the highest at the top.
    expect(lines).toEqual([
      ['0.00,100.00', '25.00,66.67'],
      ['75.00,33.33', '100.00,0.00'],
    ])
    expect(drawn.textContent).toContain('100200300400')
    expect(drawn.textContent).toContain('00:00\n24-1101:0002:0003:0004:00')
  })
})
