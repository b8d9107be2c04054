// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { type BackendHealthRowData, refreshIntervalMs } from '../../src/domain/backend-health.ts'
import { DirectorBackendHealth } from '../../src/views/BackendHealthPage.tsx'
import { BackendHealthSummary } from '../../src/views/BackendHealthSummary.tsx'
import { renderBackendHealthPage } from '../tools/backend-health-page.tsx'

afterEach(cleanup)

const row = (backend: string, window: boolean[], healthy: boolean): BackendHealthRowData => ({
  project: 'shop',
  director: 'shop-origin',
  backend,
  healthy,
  last_check_at: '2026-11-24T10:00:40.000Z',
  last_change_at: '2026-11-24T10:00:00.000Z',
  window,
  interval_seconds: 10,
  source: 'simulated',
  nodes: [],
})

describe('BackendHealthPage', () => {
  it('says healthy or unhealthy in words and reads the probe window out as a count', () => {
    renderBackendHealthPage({
      rows: [
        row('origin.shop.example.com:443', [true, true, false, true, true, true, true, true, false, true], true),
        row('origin-down.shop.example.com:443', [false, false, false], false),
      ],
    })
    const healthy = screen.getByRole('row', { name: /origin\.shop\.example\.com:443/ })
    expect(within(healthy).getByText('Healthy')).toBeTruthy()
    expect(within(healthy).getByRole('img', { name: '8 of 10 probes passed' })).toBeTruthy()
    // Last check and last change, in the console's dashed day-first form, the ISO time as a tooltip.
    const times = healthy.querySelectorAll('time')
    expect([...times].map((time) => time.getAttribute('title'))).toEqual([
      '2026-11-24T10:00:40.000Z',
      '2026-11-24T10:00:00.000Z',
    ])
    expect(times[0]?.textContent).toMatch(/^24-11-2026 \d\d:\d\d:40$/)
    // The times' zone is said once, on the page.
    expect(screen.getByText(/Times are local \(/)).toBeTruthy()
    const failing = screen.getByRole('row', { name: /origin-down/ })
    expect(within(failing).getByText('Unhealthy')).toBeTruthy()
    expect(within(failing).getByRole('img', { name: '0 of 3 probes passed' })).toBeTruthy()
  })

  it('asks for a project before a director, and clears the director with another project', async () => {
    const { onFilter } = renderBackendHealthPage({
      project: 'shop',
      director: 'shop-origin',
      directors: ['shop-origin'],
    })
    await userEvent.selectOptions(screen.getByLabelText('Project'), 'media')
    expect(onFilter).toHaveBeenCalledWith({ project: 'media', director: '' })
    cleanup()
    renderBackendHealthPage()
    expect((screen.getByLabelText('Director') as HTMLSelectElement).disabled).toBe(true)
  })

  it('offers Retry when the health cannot be read, and says when no backend matches', async () => {
    const { onRetry } = renderBackendHealthPage({
      status: 'error',
      error: 'Backend health could not be loaded: offline',
    })
    expect(screen.getByRole('alert').textContent).toContain('offline')
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalled()
    cleanup()
    renderBackendHealthPage({ project: 'shop' })
    expect(screen.getByText('No director backend matches these filters.')).toBeTruthy()
  })
})

describe('backend health from Varnish nodes (issue 24)', () => {
  const agentRow = (backend: string, healthy: boolean): BackendHealthRowData => ({
    ...row(backend, [true, healthy], healthy),
    source: 'agent',
    nodes: [
      {
        node: 'pop-zz-edge-1',
        source: 'agent',
        healthy,
        window: [true, healthy],
        last_change_at: '2026-11-24T10:00:00.000Z',
        average_response_ms: healthy ? 1.86 : null,
        reported_at: '2026-11-24T10:00:40.000Z',
      },
    ],
  })

  it('says which node probed a backend and what it found, and which rows are simulated', () => {
    renderBackendHealthPage({
      rows: [agentRow('origin.shop.example.com:443', false), row('other.example.com:80', [true], true)],
    })
    const real = screen.getByRole('row', { name: /origin\.shop\.example\.com:443/ })
    expect(real.textContent).toContain('pop-zz-edge-1 (Varnish): sick, 1 of 2 probes passed')
    expect(within(real).getByText('Unhealthy')).toBeTruthy()
    const simulated = screen.getByRole('row', { name: /other\.example\.com:80/ })
    expect(within(simulated).getByText('Simulated probes')).toBeTruthy()
  })

  it('shows a director’s own backends on its page, without the project and director columns', () => {
    render(
      <DirectorBackendHealth
        director="shop-origin"
        status="ready"
        rows={[agentRow('origin.shop.example.com:443', true)]}
        onRetry={() => undefined}
      />,
    )
    const table = screen.getByRole('table', { name: 'The backends of director shop-origin and their probes' })
    expect(within(table).queryByRole('columnheader', { name: 'Director' })).toBeNull()
    expect(table.textContent).toContain('pop-zz-edge-1 (Varnish): healthy, 2 of 2 probes passed, 1.9 ms')
  })

  it('sums them up on Home: where each unhealthy backend is sick, and where the verdicts come from', () => {
    const link = (children: ReactNode) => <a href="/backend-health">{children}</a>
    render(
      <BackendHealthSummary
        rows={[agentRow('origin.shop.example.com:443', false), row('other.example.com:80', [false], false)]}
        link={link}
      />,
    )
    expect(screen.getByText('2 of 2 backends are unhealthy:')).toBeTruthy()
    const items = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(items).toEqual([
      'origin.shop.example.com:443 of director shop-origin: sick on pop-zz-edge-1 (Varnish)',
      'other.example.com:80 of director shop-origin: its simulated probes fail',
    ])
    expect(screen.getByText('1 reported by Varnish nodes, 1 from simulated probes.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'See Backend Health' })).toBeTruthy()
  })
})

describe('refreshIntervalMs', () => {
  it('follows the shortest probe interval shown, within 2 to 30 seconds', () => {
    expect(refreshIntervalMs(undefined)).toBe(10_000)
    expect(refreshIntervalMs([{ interval_seconds: 15 }, { interval_seconds: 5 }])).toBe(5_000)
    expect(refreshIntervalMs([{ interval_seconds: 1 }])).toBe(2_000)
    expect(refreshIntervalMs([{ interval_seconds: 300 }])).toBe(30_000)
  })
})
