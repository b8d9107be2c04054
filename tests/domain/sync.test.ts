import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  FLAG_COUNTRIES,
  flagOf,
  type SyncDetail,
  type SyncRowOptions,
  SyncState,
  syncRows,
} from '../../src/domain/sync.ts'
import { syncNode } from '../tools/sync-fixtures.ts'

const running: SyncRowOptions = { kind: 'project', seenUpdated: [], finished: false }
const stateOf = (detail: SyncDetail, options: Partial<SyncRowOptions> = {}) =>
  syncRows([detail], { ...running, ...options })[0]?.state

describe('flagOf', () => {
  it('uses the second dash-separated segment of the endpoint as the flag', () => {
    expect(flagOf('pop-fr-par-1')).toBe('fr')
    expect(flagOf('edge-SG-1')).toBe('sg')
  })

  it('shows uk as gb', () => {
    expect(flagOf('pop-uk-lon-1')).toBe('gb')
    expect(flagOf('pop-gb-man-1')).toBe('gb')
  })

  it('has a flag for each of the eleven countries of the spec and the generic flag for any other', () => {
    expect([...FLAG_COUNTRIES].sort()).toEqual(['au', 'br', 'ca', 'de', 'es', 'fr', 'gb', 'nl', 'pt', 'sg', 'us'])
    for (const country of FLAG_COUNTRIES) expect(flagOf(`pop-${country}-1`)).toBe(country)
    expect(flagOf('pop-jp-tyo-1')).toBe('generic')
    expect(flagOf('edge')).toBe('generic')
    expect(flagOf('pop--1')).toBe('generic')
  })
})

describe('syncRows', () => {
  it('carries the endpoint, its flag and the status source of every node, in order', () => {
    const rows = syncRows(
      [syncNode('pop-uk-lon-1', { status_source: 'agent', message: null }), syncNode('pop-jp-tyo-1')],
      running,
    )
    expect(rows).toEqual([
      { endpoint: 'pop-uk-lon-1', country: 'gb', source: 'agent', state: 'loading', message: null },
      { endpoint: 'pop-jp-tyo-1', country: 'generic', source: 'simulated', state: 'loading', message: null },
    ])
  })

  it("carries an agent node's message, and shows a cross at once for a node that failed to load the change", () => {
    const compiler = "project shop: Unknown token ';' when looking for STRING\n('shop.vcl' Line 2 Pos 33)"
    const failed = syncNode('pop-fr-par-1', { status_source: 'agent', message: compiler })
    // Waiting will not fix it: no spinner while the other nodes catch up.
    expect(syncRows([failed], running)[0]).toEqual({
      endpoint: 'pop-fr-par-1',
      country: 'fr',
      source: 'agent',
      state: 'notSynchronized',
      message: compiler,
    })
    expect(stateOf(failed, { kind: 'admin' })).toBe('notSynchronized')
    // A silent agent is unavailable; its message says for how long.
    const silent = syncNode('pop-fr-par-1', { status_source: 'agent', available: false, message: 'no report for 12 s' })
    expect(stateOf(silent)).toBe('unavailable')
    expect(syncRows([silent], running)[0]?.message).toBe('no report for 12 s')
    // What it applied earlier in the run still counts.
    expect(stateOf(failed, { seenUpdated: ['pop-fr-par-1'] })).toBe('updated')
  })

  it('shows a check for a node updated now or earlier in the run', () => {
    expect(stateOf(syncNode('pop-fr-par-1', { updated: true }))).toBe('updated')
    expect(stateOf(syncNode('pop-fr-par-1'), { seenUpdated: ['pop-fr-par-1'] })).toBe('updated')
    expect(stateOf(syncNode('pop-fr-par-1'), { seenUpdated: ['pop-fr-par-1'], finished: true })).toBe('updated')
    // Even a node that has since gone into maintenance or away applied the change in this run.
    expect(
      stateOf(syncNode('pop-fr-par-1', { maintenance: true, available: false }), { seenUpdated: ['pop-fr-par-1'] }),
    ).toBe('updated')
  })

  it('shows a spinner while the run goes on and a cross once it ended without the node', () => {
    expect(stateOf(syncNode('pop-fr-par-1'))).toBe('loading')
    expect(stateOf(syncNode('pop-fr-par-1'), { finished: true })).toBe('notSynchronized')
    expect(stateOf(syncNode('pop-fr-par-1'), { seenUpdated: ['pop-de-fra-1'], finished: true })).toBe('notSynchronized')
  })

  it('shows a wrench for a node in maintenance, in both views, running or not', () => {
    for (const kind of ['project', 'admin'] as const) {
      for (const finished of [false, true]) {
        expect(stateOf(syncNode('pop-fr-par-1', { maintenance: true, available: false }), { kind, finished })).toBe(
          'maintenance',
        )
      }
    }
  })

  it('shows a warning for an unavailable node in the project view only', () => {
    const away = syncNode('pop-fr-par-1', { available: false })
    expect(stateOf(away, { kind: 'project' })).toBe('unavailable')
    expect(stateOf(away, { kind: 'project', finished: true })).toBe('unavailable')
    // The spec gives the warning to the project view only; in the admin view an agent's message says it.
    expect(stateOf(away, { kind: 'admin' })).toBe('loading')
    expect(stateOf(away, { kind: 'admin', finished: true })).toBe('notSynchronized')
  })
})

describe('SyncState schema', () => {
  it('accepts the server answer and rejects one without details', () => {
    const answer = { error: null, updated: false, finished: false, details: [syncNode('pop-fr-par-1')] }
    expect(v.parse(SyncState, answer)).toEqual(answer)
    expect(v.safeParse(SyncState, { error: null, updated: true, finished: true }).success).toBe(false)
  })
})
