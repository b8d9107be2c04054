import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { backendStates, VerdictChanges } from '../../server/edge/backend-states.ts'
import { type BackendNodeHealthData, combinedHealth } from '../../src/domain/backend-health.ts'

// What varnishd 7.1 answered (`backend.list -j -p` and `backend.list -p`) for a project's VCL with two
// probed backends: one answering, one on a port nothing listens on.
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8')
const json = fixture('backend-list.json')
const text = fixture('backend-list.txt')

describe("an edge agent's backends, from Varnish's own words (issue 24)", () => {
  it('gives each backend of a project’s VCL its probe window, verdict, last change and response time', () => {
    const states = backendStates(json, text, (vcl) => (vcl === 'p_shop_1' ? 'shop' : null))
    expect(states).toEqual([
      {
        project: 'shop',
        backend: 'b_one',
        healthy: true,
        window: [true, true, true, true, true],
        threshold: 3,
        last_change_at: new Date(Number(/"last_change": ([0-9.]+)/.exec(json)?.[1]) * 1000).toISOString(),
        average_response_ms: 2.163,
      },
      {
        project: 'shop',
        backend: 'b_two',
        healthy: false,
        // Oldest first: the three initial good marks have left the window but one.
        window: [true, false, false, false, false],
        threshold: 3,
        last_change_at: expect.stringMatching(/^2026-11-26T10:38:14\.\d{3}Z$/),
        average_response_ms: null,
      },
    ])
  })

  it('says when a backend turned sick or well again as the agent saw it, not the time Varnish made it', () => {
    const [one, two] = backendStates(json, text, (vcl) => (vcl === 'p_shop_1' ? 'shop' : null))
    if (!one || !two) throw new Error('two backends expected')
    const changes = new VerdictChanges()
    // The first reading has only Varnish's time; the same verdicts keep it.
    expect(changes.stamp([one, two], '2026-11-26T11:00:00.000Z').map((s) => s.last_change_at)).toEqual([
      one.last_change_at,
      two.last_change_at,
    ])
    expect(changes.stamp([one, two], '2026-11-26T11:00:02.000Z').map((s) => s.last_change_at)).toEqual([
      one.last_change_at,
      two.last_change_at,
    ])
    // b_one's origin stops: Varnish says sick, with the same last_change as before.
    const sick = { ...one, healthy: false }
    expect(changes.stamp([sick, two], '2026-11-26T11:00:04.000Z')[0]?.last_change_at).toBe('2026-11-26T11:00:04.000Z')
    expect(changes.stamp([sick, two], '2026-11-26T11:00:06.000Z')[0]?.last_change_at).toBe('2026-11-26T11:00:04.000Z')
    // And well again.
    expect(changes.stamp([one, two], '2026-11-26T11:00:08.000Z').map((s) => s.last_change_at)).toEqual([
      '2026-11-26T11:00:08.000Z',
      two.last_change_at,
    ])
  })

  it('leaves out the backends of a VCL no project runs (the boot VCL, one being replaced)', () => {
    expect(backendStates(json, text, () => null)).toEqual([])
  })
})

describe("a backend's row from the nodes that report it", () => {
  const simulated = { healthy: true, last_check_at: null, last_change_at: null, window: [true, true] }
  const node = (name: string, healthy: boolean, window: boolean[]): BackendNodeHealthData => ({
    node: name,
    source: 'agent',
    healthy,
    window,
    last_change_at: '2026-11-26T10:00:00.000Z',
    average_response_ms: 1.5,
    reported_at: `2026-11-26T10:00:0${name.length % 10}.000Z`,
  })

  it('keeps the simulation while no edge agent node reports the backend, and says so', () => {
    expect(combinedHealth(simulated, [])).toEqual({ ...simulated, source: 'simulated', nodes: [] })
  })

  it('is unhealthy when sick on any real node, with that node’s window, whatever the simulation says', () => {
    const row = combinedHealth(simulated, [node('edge-a', true, [true]), node('edge-bb', false, [false, false])])
    expect(row.source).toBe('agent')
    expect(row.healthy).toBe(false)
    expect(row.window).toEqual([false, false])
    expect(row.last_check_at).toBe('2026-11-26T10:00:07.000Z')
    expect(row.nodes.map((entry) => entry.node)).toEqual(['edge-a', 'edge-bb'])
  })
})
