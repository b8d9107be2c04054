// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { listBackendHealth } from '../../src/api/backend-health.ts'
import { createApi } from '../../src/api/http.ts'
import { getPurge } from '../../src/api/purge.ts'
import { queryStats } from '../../src/api/stats.ts'
import { StatisticsSearch } from '../../src/domain/stats-view.ts'
import { BackendHealthSummary } from '../../src/views/BackendHealthSummary.tsx'
import { InvalidationPage } from '../../src/views/InvalidationPage.tsx'
import { StatisticsPage } from '../../src/views/StatisticsPage.tsx'
import { renderBackendHealthPage } from '../tools/backend-health-page.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/**
 * Another implementation of the API may know a kind of node this console does not ('cloud' here, beside the
 * platform's agent and simulated): each page reads its answer all the same and shows that word where it
 * shows a node's kind, instead of refusing the whole answer and showing its error.
 */
function answering(data: unknown) {
  const calls: string[] = []
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url)
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } })
  })
  return { api: createApi({ getToken: () => 'secret', onUnauthorized: () => {} }), calls }
}

const noop = () => {}

describe('a node kind the console does not know', () => {
  it('Statistics: a source of that kind is read and named by its word', async () => {
    const { api } = answering({
      granularity: 'hour',
      series: [{ points: [] }],
      totals: { requests: 1127 },
      sources: [
        { kind: 'agent', nodes: ['pop-zz-edge-1'], totals: { requests: 120 } },
        { kind: 'simulated', nodes: ['pop-a'], totals: { requests: 1000 } },
        { kind: 'cloud', nodes: ['pop-us-nyc-1', 'pop-us-sfo-1'], totals: { requests: 7 } },
      ],
    })
    const data = await queryStats(api, {
      project: 'shop',
      from: '2026-11-23T10:00:00Z',
      to: '2026-11-24T10:00:00Z',
      metrics: ['requests'],
    })
    render(
      <StatisticsPage
        project="shop"
        view={v.parse(StatisticsSearch, {})}
        resolved={{ from: '2026-11-23T10:00:00.000Z', to: '2026-11-24T10:00:00.000Z' }}
        websites={{ names: [], more: false }}
        websiteFilter=""
        onWebsiteFilter={noop}
        viewError={null}
        result={{ status: 'ready', data, fetching: false, elapsedSeconds: 0 }}
        onChange={noop}
        onCancel={noop}
        onRetry={noop}
      />,
    )
    const items = within(screen.getByRole('region', { name: 'Where the numbers come from' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'Counted by Varnish on edge agent 1 node (pop-zz-edge-1): 120 requests.',
      'Simulated (the traffic model) on 1 node (pop-a): 1,000 requests.',
      'Reported as cloud on 2 nodes (pop-us-nyc-1, pop-us-sfo-1): 7 requests.',
    ])
  })

  it('Backend Health: a row of that kind is read, and says it in Probed by and on Home', async () => {
    const row = (backend: string, source: string, healthy: boolean) => ({
      project: 'shop',
      director: 'shop-origin',
      backend,
      healthy,
      last_check_at: '2026-11-24T10:00:40.000Z',
      last_change_at: '2026-11-24T10:00:00.000Z',
      window: [healthy],
      interval_seconds: 10,
      source,
      nodes: [],
    })
    const { api, calls } = answering([
      row('origin-a.shop.example.com:443', 'simulated', true),
      row('origin-b.shop.example.com:443', 'cloud', false),
    ])
    const rows = await listBackendHealth(api, { project: 'shop' })
    expect(calls).toEqual(['/api/core/v0/backend-health?project=shop'])
    renderBackendHealthPage({ project: 'shop', projects: ['shop'], rows })
    const simulated = screen.getByRole('row', { name: /origin-a/ })
    expect(within(simulated).getByText('Simulated probes')).toBeTruthy()
    const cloud = screen.getByRole('row', { name: /origin-b/ })
    expect(within(cloud).queryByText('Simulated probes')).toBeNull()
    expect(within(cloud).getByText('cloud')).toBeTruthy()
    cleanup()
    render(<BackendHealthSummary rows={rows} link={(children) => children} />)
    expect(screen.getByText(/of director shop-origin/).textContent).toBe(
      'origin-b.shop.example.com:443 of director shop-origin: sick as cloud reports it',
    )
    expect(screen.getByText('1 from simulated probes, 1 reported by cloud.')).toBeTruthy()
  })

  describe('Backend Health: a node of that kind among an agent row’s nodes', () => {
    const node = (name: string, source: string, healthy: boolean) => ({
      node: name,
      source,
      healthy,
      window: [true, healthy],
      last_change_at: null,
      average_response_ms: null,
      reported_at: '2026-11-24T10:00:40.000Z',
    })
    const agentRow = {
      project: 'shop',
      director: 'shop-origin',
      backend: 'origin-c.shop.example.com:443',
      healthy: false,
      last_check_at: '2026-11-24T10:00:40.000Z',
      last_change_at: null,
      window: [true, false],
      interval_seconds: 10,
      source: 'agent',
      nodes: [node('pop-zz-edge-1', 'agent', true), node('pop-us-nyc-1', 'cloud', false)],
    }

    it('is read, the answer not refused', async () => {
      const { api } = answering([agentRow])
      const rows = await listBackendHealth(api, { project: 'shop' })
      expect(rows.map((row) => row.nodes.map((each) => [each.node, each.source]))).toEqual([
        [
          ['pop-zz-edge-1', 'agent'],
          ['pop-us-nyc-1', 'cloud'],
        ],
      ])
    })

    it('is named by its word in Probed by, a Varnish node still as Varnish', () => {
      renderBackendHealthPage({ project: 'shop', projects: ['shop'], rows: [agentRow] })
      const probed = within(screen.getByRole('row', { name: /origin-c/ })).getAllByRole('listitem')
      expect(probed.map((item) => item.textContent)).toEqual([
        'pop-zz-edge-1 (Varnish): healthy, 2 of 2 probes passed',
        'pop-us-nyc-1 (cloud): sick, 1 of 2 probes passed',
      ])
    })

    it('is named by its word on Home where the backend is sick', () => {
      render(<BackendHealthSummary rows={[agentRow]} link={(children) => children} />)
      expect(screen.getByText(/of director shop-origin/).textContent).toBe(
        'origin-c.shop.example.com:443 of director shop-origin: sick on pop-us-nyc-1 (cloud)',
      )
    })
  })

  it('Invalidation: a node of that kind is read, its result said to come from that word', async () => {
    const { api } = answering({
      name: 'purge-1',
      type: 'url',
      targets: ['https://shop.example.com/'],
      soft: false,
      status: 'completed',
      per_node: [
        { node: 'pop-fr-par-1', status: 'completed', at: '2026-11-24T10:00:01.000Z', source: 'simulated' },
        { node: 'pop-us-nyc-1', status: 'completed', at: '2026-11-24T10:00:02.000Z', source: 'cloud', message: 'done' },
      ],
      created_at: '2026-11-24T10:00:00.000Z',
      created_by: 'admin@example.com',
    })
    const current = await getPurge(api, 'shop', 'purge-1')
    render(
      <InvalidationPage
        project="shop"
        draft={{ type: 'url', text: '', soft: false }}
        errors={[]}
        message={null}
        sending={false}
        confirming={false}
        current={current}
        recent={{ status: 'ready', rows: [], total: 0 }}
        canPurge
        onChange={noop}
        onSubmit={noop}
        onConfirm={noop}
        onCancel={noop}
        onAgain={noop}
        onRetryRecent={noop}
      />,
    )
    // The Result from column: the kind's word over the node's own words, as for a Varnish node.
    const resultOf = (node: string) => {
      const cell = within(screen.getByRole('row', { name: new RegExp(node) }))
        .getAllByRole('cell')
        .at(-1)
      const lines = cell?.querySelectorAll('span span') ?? []
      return lines.length > 0 ? [...lines].map((line) => line.textContent) : [cell?.textContent]
    }
    expect(resultOf('pop-fr-par-1')).toEqual(['Simulated'])
    expect(resultOf('pop-us-nyc-1')).toEqual(['cloud', 'done'])
  })
})
