// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StatisticsSearch } from '../../src/domain/stats-view.ts'
import { StatisticsPage, type StatisticsPageProps } from '../../src/views/StatisticsPage.tsx'
import { withTimeZone } from '../tools/time-zone.ts'

afterEach(cleanup)

/** The text of what an element's aria-describedby names. */
const descriptionOf = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
/** The live regions (aria-live, or an alert's or status's role) that hold `text`. */
const spokenBy = (text: string) =>
  [...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"]')].filter(
    (region) => region.textContent?.includes(text),
  )

const EMPTY_RESULT = { granularity: 'minute' as const, series: [{ points: [] }], totals: { requests: 0 } }

function props(overrides: Partial<StatisticsPageProps> = {}): StatisticsPageProps {
  return {
    project: 'shop',
    view: v.parse(StatisticsSearch, {}),
    resolved: { from: '2026-11-23T10:00:00.000Z', to: '2026-11-24T10:00:00.000Z' },
    websites: { names: ['api-shop-example-com', 'shop-example-com'], more: false },
    websiteFilter: '',
    onWebsiteFilter: vi.fn(),
    viewError: null,
    result: { status: 'loading', elapsedSeconds: 0 },
    onChange: vi.fn(),
    onCancel: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  }
}

describe('StatisticsPage', () => {
  it('changes the range, granularity, website and grouping through the view', async () => {
    const onChange = vi.fn()
    render(<StatisticsPage {...props({ onChange })} />)
    expect(screen.getByRole('button', { name: 'Last 24 hours' }).getAttribute('aria-pressed')).toBe('true')
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }))
    expect(onChange).toHaveBeenLastCalledWith({ range: '7d', from: undefined, to: undefined })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Granularity' }), 'hour')
    expect(onChange).toHaveBeenLastCalledWith({ granularity: 'hour' })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Website' }), 'shop-example-com')
    expect(onChange).toHaveBeenLastCalledWith({ website: 'shop-example-com' })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Website' }), '')
    expect(onChange).toHaveBeenLastCalledWith({ website: undefined })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'country')
    expect(onChange).toHaveBeenLastCalledWith({ group_by: 'country' })
    // Custom starts from the range shown, so the URL holds a range that can be asked for at once.
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }))
    expect(onChange).toHaveBeenLastCalledWith({
      range: 'custom',
      from: '2026-11-23T10:00:00.000Z',
      to: '2026-11-24T10:00:00.000Z',
    })
  })

  it('offers a filter for a project with more websites than one list holds, and none otherwise', async () => {
    const { rerender } = render(<StatisticsPage {...props()} />)
    expect(screen.queryByRole('searchbox', { name: 'Filter websites by name' })).toBeNull()
    const onWebsiteFilter = vi.fn()
    rerender(
      <StatisticsPage {...props({ websites: { names: ['site-0001', 'site-0002'], more: true }, onWebsiteFilter })} />,
    )
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter websites by name' }), '7')
    expect(onWebsiteFilter).toHaveBeenLastCalledWith('7')
    // Narrowed to nothing: the filter stays, and the page does not say the project has no websites.
    rerender(
      <StatisticsPage
        {...props({
          websites: { names: [], more: false },
          websiteFilter: 'zzz',
          result: { status: 'ready', data: EMPTY_RESULT, fetching: false, elapsedSeconds: 0 },
        })}
      />,
    )
    expect(screen.getByRole('searchbox', { name: 'Filter websites by name' })).toBeTruthy()
    expect(screen.queryByText(/has no websites yet/)).toBeNull()
  })

  it('applies a custom range only once it holds, saying what is wrong', async () => {
    const onChange = vi.fn()
    const view = v.parse(StatisticsSearch, {
      range: 'custom',
      from: '2026-11-20T10:00:00Z',
      to: '2026-11-21T10:00:00Z',
    })
    render(<StatisticsPage {...props({ view, onChange })} />)
    const to = screen.getByLabelText('To')
    await userEvent.clear(to)
    await userEvent.click(screen.getByRole('button', { name: 'Apply range' }))
    expect(to.getAttribute('aria-invalid')).toBe('true')
    expect(onChange).not.toHaveBeenCalled()
    // The refused field takes the focus from the button, as the forms do, its error read with it.
    expect(document.activeElement).toBe(to)
    expect(descriptionOf(to)).toContain('Enter the end of the range.')
    // Read once: as the field's description, and not again by an alert or a live region.
    expect(screen.queryByRole('alert')).toBeNull()
    expect(spokenBy('Enter the end of the range.')).toEqual([])
  })

  it('says a refusal by its live region when the refused field has the focus already (Enter in it)', async () => {
    const view = v.parse(StatisticsSearch, {
      range: 'custom',
      from: '2026-11-20T10:00:00Z',
      to: '2026-11-21T10:00:00Z',
    })
    render(<StatisticsPage {...props({ view })} />)
    const to = screen.getByLabelText('To')
    await userEvent.clear(to)
    await userEvent.type(to, '19-11-2026 10:00{Enter}')
    expect(document.activeElement).toBe(to)
    expect(descriptionOf(to)).toContain('The end must be after the start.')
    // The focus does not move, so its description is not read again: the live region says it, once.
    expect(spokenBy('The end must be after the start.')).toHaveLength(1)
    expect(screen.queryByRole('alert')).toBeNull()
    // Corrected, it is no longer said twice in the page (the description, and the live region's copy).
    await userEvent.type(to, '{Backspace}')
    expect(spokenBy('The end must be after the start.')).toEqual([])
  })

  it('says the same refusal again when Enter is pressed again in the refused field', async () => {
    const view = v.parse(StatisticsSearch, {
      range: 'custom',
      from: '2026-11-20T10:00:00Z',
      to: '2026-11-21T10:00:00Z',
    })
    render(<StatisticsPage {...props({ view })} />)
    const to = screen.getByLabelText('To')
    await userEvent.clear(to)
    await userEvent.type(to, '19-11-2026 10:00')
    // What the live regions are given to say: the text of each node added to one (a screen reader reads it).
    const added: string[] = []
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) added.push(node.textContent ?? '')
    })
    for (const region of spokenBy('')) observer.observe(region, { childList: true, subtree: true })
    const said = () => {
      for (const record of observer.takeRecords())
        for (const node of record.addedNodes) added.push(node.textContent ?? '')
      return added.splice(0).filter((text) => text.trim() !== '')
    }
    await userEvent.type(to, '{Enter}')
    expect(said()).toEqual(['The end must be after the start.'])
    // The same words, but the press did something: said again, once.
    await userEvent.type(to, '{Enter}')
    expect(document.activeElement).toBe(to)
    expect(said()).toEqual(['The end must be after the start.'])
    observer.disconnect()
  })

  it('reads and writes the custom range day-month-year on a 24-hour clock in local time, whatever the locale', async () => {
    await withTimeZone('Europe/Paris', async () => {
      const onChange = vi.fn()
      const view = v.parse(StatisticsSearch, {
        range: 'custom',
        from: '2026-11-20T10:00:00Z',
        to: '2026-11-21T16:30:00Z',
      })
      render(<StatisticsPage {...props({ view, onChange })} />)
      const from = screen.getByLabelText('From') as HTMLInputElement
      const to = screen.getByLabelText('To') as HTMLInputElement
      // Not a native date input: the browser's locale would show 11/20/2026, 11:00 AM.
      expect(from.type).toBe('text')
      expect(from.value).toBe('20-11-2026 11:00')
      expect(to.value).toBe('21-11-2026 17:30')
      await userEvent.clear(from)
      await userEvent.type(from, '11/20/2026 11:00 AM')
      await userEvent.click(screen.getByRole('button', { name: 'Apply range' }))
      expect(descriptionOf(from)).toMatch(/day-month-year, 24-hour/)
      expect(from.getAttribute('aria-invalid')).toBe('true')
      expect(onChange).not.toHaveBeenCalled()
      await userEvent.clear(from)
      await userEvent.type(from, '19-11-2026 23:15')
      await userEvent.click(screen.getByRole('button', { name: 'Apply range' }))
      expect(onChange).toHaveBeenLastCalledWith({
        range: 'custom',
        from: '2026-11-19T22:15:00.000Z',
        to: '2026-11-21T16:30:00.000Z',
      })
    })
  })

  it('takes a day typed alone as To as the whole day, far from UTC too: one day is From and To the same day', async () => {
    await withTimeZone('Pacific/Kiritimati', async () => {
      const onChange = vi.fn()
      const view = v.parse(StatisticsSearch, { range: 'custom' })
      render(<StatisticsPage {...props({ view, onChange })} />)
      await userEvent.type(screen.getByLabelText('From'), '29-11-2026')
      await userEvent.type(screen.getByLabelText('To'), '29-11-2026{Enter}')
      // 29 November in UTC+14: from its midnight to the next one.
      expect(onChange).toHaveBeenLastCalledWith({
        range: 'custom',
        from: '2026-11-28T10:00:00.000Z',
        to: '2026-11-29T10:00:00.000Z',
      })
      expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBeNull()
    })
  })

  it('shows a running query’s seconds with Cancel, a cancelled one with Run again, a failure with Retry', async () => {
    const onCancel = vi.fn()
    const onRetry = vi.fn()
    const { rerender } = render(
      <StatisticsPage {...props({ onCancel, onRetry, result: { status: 'loading', elapsedSeconds: 12 } })} />,
    )
    expect(screen.getByRole('status').textContent).toContain('Querying the statistics… 12 s')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
    rerender(<StatisticsPage {...props({ onCancel, onRetry, result: { status: 'cancelled' } })} />)
    await userEvent.click(screen.getByRole('button', { name: 'Run it again' }))
    rerender(<StatisticsPage {...props({ onCancel, onRetry, result: { status: 'error', message: '503 starting' } })} />)
    expect(screen.getByRole('alert').textContent).toContain('503 starting')
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledTimes(2)
  })

  it('totals the range, and says when no bucket has ended yet', () => {
    const data = {
      granularity: 'minute' as const,
      series: [{ points: [] }],
      totals: { requests: 1234567, bytes_out: 2_500_000, hit_ratio: 0.9123, origin_latency_p50: null },
    }
    render(<StatisticsPage {...props({ result: { status: 'ready', data, fetching: false, elapsedSeconds: 0 } })} />)
    const totals = screen.getByRole('region', { name: 'Totals over the range' })
    expect(totals.textContent).toContain('1,234,567')
    expect(totals.textContent).toContain('2.5 MB')
    expect(totals.textContent).toContain('91.2 %')
    expect(screen.getByText(/No traffic to show in this range yet/)).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Granularity' }).textContent).toContain('Automatic (minute)')
  })

  it('says which part of the totals Varnish counted on agent nodes and which is simulated', () => {
    const data = {
      granularity: 'minute' as const,
      series: [{ points: [] }],
      totals: { requests: 1120, hit_ratio: 0.5 },
      sources: [
        { kind: 'agent' as const, nodes: ['pop-zz-edge-1'], totals: { requests: 120, hit_ratio: 0.6333 } },
        { kind: 'simulated' as const, nodes: ['pop-a', 'pop-b', 'pop-c', 'pop-d'], totals: { requests: 1000 } },
      ],
    }
    render(<StatisticsPage {...props({ result: { status: 'ready', data, fetching: false, elapsedSeconds: 0 } })} />)
    const sources = screen.getByRole('region', { name: 'Where the numbers come from' })
    expect(sources.textContent).toContain(
      'Counted by Varnish on edge agent 1 node (pop-zz-edge-1): 120 requests, 63.3 % answered without the origin.',
    )
    expect(sources.textContent).toContain(
      'Simulated (the traffic model) on 4 nodes (pop-a, pop-b, pop-c, …): 1,000 requests.',
    )
  })

  it('says inside each chart that has nothing to draw what did not happen, and draws the others', () => {
    const at = (minute: number) => `2026-11-24T10:0${minute}:00.000Z`
    const point = (minute: number, requests: number) => ({
      ts: at(minute),
      values: {
        requests,
        bytes_out: requests * 1000,
        hit_ratio: requests > 0 ? 0.5 : null,
        status_2xx: requests,
        status_3xx: 0,
        status_4xx: 0,
        status_5xx: 0,
        origin_latency_p50: requests > 0 ? 20 : null,
        origin_latency_p95: requests > 0 ? 80 : null,
        waf_blocked: 0,
        challenged: 0,
        rate_limited: 0,
      },
    })
    const ready = (requests: number) => ({
      status: 'ready' as const,
      data: {
        granularity: 'minute' as const,
        series: [{ points: [point(1, requests), point(2, requests)] }],
        totals: { requests: requests * 2 },
      },
      fetching: false,
      elapsedSeconds: 0,
    })
    const chart = (title: string) => screen.getByRole('region', { name: title })
    const { rerender } = render(<StatisticsPage {...props({ result: ready(0) })} />)
    for (const [title, message] of [
      ['Requests', 'No requests in this period'],
      ['Bandwidth', 'No bytes served in this period'],
      ['Cache hit ratio', 'No cache hits in this period'],
      ['Status classes', 'No requests in this period'],
      ['Origin latency', 'No requests to the origin in this period'],
      ['Security events', 'No security events in this period'],
    ] as const) {
      expect(chart(title).textContent, title).toContain(message)
      expect(within(chart(title)).queryByRole('img'), title).toBeNull()
    }
    rerender(<StatisticsPage {...props({ result: ready(5) })} />)
    expect(within(chart('Requests')).getByRole('img')).toBeTruthy()
    expect(chart('Requests').textContent).not.toContain('No requests in this period')
    // Traffic, but nothing blocked: that chart alone says so.
    expect(chart('Security events').textContent).toContain('No security events in this period')
  })
})
