import { describe, expect, it } from 'vitest'
import {
  AGENT_PURGE_WINDOW_MS,
  type PurgePlanStep,
  type PurgeRecord,
  purgeState,
  recentPurgesPoll,
  withFollowed,
} from '../../src/domain/purge.ts'

const requested = Date.parse('2026-11-26T10:00:00.000Z')
const plan: PurgePlanStep[] = [
  { node: 'pop-fr-par-1', after_ms: 1000, can_apply: true },
  { node: 'pop-zz-edge-1', after_ms: 0, can_apply: true, agent: true },
]

describe("an invalidation's state with an edge agent node", () => {
  it('waits for the agent node’s own report, whatever the clock says of the simulated ones', () => {
    const state = purgeState(requested, plan, requested + 5000)
    expect(state.status).toBe('in_progress')
    expect(state.per_node).toEqual([
      { node: 'pop-fr-par-1', status: 'completed', at: '2026-11-26T10:00:01.000Z', source: 'simulated', message: null },
      { node: 'pop-zz-edge-1', status: 'queued', at: null, source: 'agent', message: null },
    ])
  })

  it('shows what the agent node reported, in its words', () => {
    const at = '2026-11-26T10:00:00.400Z'
    const failed = purgeState(requested, plan, requested + 5000, {
      'pop-zz-edge-1': { status: 'failed', at, message: 'tag a"b contains a space, a quote or a backslash' },
    })
    expect(failed.status).toBe('partial')
    expect(failed.per_node[1]).toEqual({
      node: 'pop-zz-edge-1',
      status: 'failed',
      at,
      source: 'agent',
      message: 'tag a"b contains a space, a quote or a backslash',
    })
    const done = purgeState(requested, plan, requested + 5000, {
      'pop-zz-edge-1': { status: 'completed', at, message: 'banned' },
    })
    expect(done.status).toBe('completed')
  })

  it('fails on a node that did not report within 24 hours, and says so', () => {
    const state = purgeState(requested, plan, requested + AGENT_PURGE_WINDOW_MS + 1)
    expect(state.per_node[1]).toMatchObject({ status: 'failed', message: 'no report from the node within 24 hours' })
    expect(state.status).toBe('partial')
  })
})

describe('the recent invalidations beside the last request (issue 25, item 8)', () => {
  const record = (name: string, at: number): PurgeRecord => ({
    name,
    type: 'host',
    targets: ['shop.example.com'],
    soft: false,
    created_at: new Date(requested).toISOString(),
    created_by: 'admin@example.com',
    ...purgeState(requested, plan, at),
  })
  const listed = [record('p-2', requested + 100), record('p-1', requested + 100)]

  it('shows the followed invalidation as the page follows it, not as it was when the list was read', () => {
    const followed = record('p-2', requested + 5000)
    const { rows, followed: shown } = withFollowed(listed, followed)
    expect(listed[0]?.status).toBe('queued')
    expect(shown).toBe(followed)
    expect(rows.map((row) => [row.name, row.status])).toEqual([
      ['p-2', 'in_progress'],
      ['p-1', 'queued'],
    ])
    expect(rows[0]).toBe(followed)
  })

  it('shows the list’s reading when it is further along than the follow-up, which stopped after failed reads', () => {
    // The page lost track of p-2 while it was queued; the list, read again every second, saw it settle.
    const lost = record('p-2', requested + 100)
    const done: PurgeRecord = {
      ...record('p-2', requested + 5000),
      ...purgeState(requested, plan, requested + 5000, {
        'pop-zz-edge-1': { status: 'completed', at: new Date(requested + 300).toISOString(), message: null },
      }),
    }
    const { rows, followed } = withFollowed([done, listed[1] as PurgeRecord], lost)
    // "Last request" and its row: completed, not 'Queued, 0 of 2 nodes done' for good.
    expect(followed?.status).toBe('completed')
    expect(rows[0]).toBe(done)
    // A list read before the follow-up's last read does not take it back.
    const midway = record('p-2', requested + 1500)
    expect(midway.per_node.filter((node) => node.status === 'completed')).toHaveLength(1)
    expect(withFollowed(listed, midway).followed).toBe(midway)
    expect(withFollowed([record('p-2', requested + 5000)], midway).followed).toBe(midway)
  })

  it('reads the list again while any of it is under way, and stops once all have settled', () => {
    const poll = recentPurgesPoll(1000)
    expect(poll(listed)).toBe(1000)
    const settled = purgeState(requested, plan, requested + 5000, {
      'pop-zz-edge-1': { status: 'completed', at: new Date(requested + 300).toISOString(), message: null },
    })
    expect(settled.status).toBe('completed')
    expect(poll([{ ...listed[0], ...settled } as PurgeRecord])).toBe(false)
    expect(poll(undefined)).toBe(false)
  })
})
