import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  SYNC_NOTIFICATION_DURATION_MS,
  SYNC_NOTIFICATION_TITLES,
  selectSyncAttempts,
  selectSyncExplicit,
  selectSyncMessage,
  selectSyncRows,
  selectSyncStatus,
  shouldNotify,
  syncNotification,
} from '../../machines/sync-status.selectors.ts'
import {
  type FetchSyncStateInput,
  MAX_SYNC_ATTEMPTS,
  type SyncStatusEmitted,
  type SyncStatusInput,
  syncStatusMachine,
} from '../../machines/sync-status.ts'
import { SYNC_MESSAGES, type SyncDetail, type SyncState } from '../../src/domain/sync.ts'
import { syncNode } from '../tools/sync-fixtures.ts'

const working = (...details: SyncDetail[]): SyncState => ({ error: null, updated: false, finished: false, details })
const applied: SyncState = {
  error: null,
  updated: true,
  finished: true,
  details: [syncNode('pop-fr-par-1', { updated: true }), syncNode('pop-uk-lon-1', { updated: true })],
}
const stuck: SyncState = {
  error: null,
  updated: false,
  finished: true,
  details: [syncNode('pop-fr-par-1', { updated: true }), syncNode('pop-de-fra-1', { maintenance: true })],
}

type Answer = SyncState | Error | (() => Promise<SyncState>)

/**
 * The real machine with a scripted `fetchSyncState`: the n-th call gets the n-th answer, the last
 * answer repeats. Time is a SimulatedClock, so 300 polls cost no real second.
 */
function startSync(input: Partial<SyncStatusInput>, answers: Answer[] | ((call: FetchSyncStateInput) => Answer)) {
  const clock = new SimulatedClock()
  const calls: FetchSyncStateInput[] = []
  const machine = syncStatusMachine.provide({
    actors: {
      fetchSyncState: fromPromise<SyncState, FetchSyncStateInput>(async ({ input: call }) => {
        calls.push(call)
        const answer = Array.isArray(answers) ? answers[Math.min(calls.length, answers.length) - 1] : answers(call)
        if (answer === undefined) throw new Error('test: no answer scripted')
        if (answer instanceof Error) throw answer
        return typeof answer === 'function' ? answer() : answer
      }),
    },
  })
  const actor = createActor(machine, {
    clock,
    input: { kind: 'project', project: 'alpha', autoStart: true, ...input },
  })
  const emitted: SyncStatusEmitted[] = []
  actor.on('sync.finished', (event) => emitted.push(event))
  actor.start()
  /** Resolves once the current poll is answered: waiting for the next tick, or the run has ended. */
  const answered = () => waitFor(actor, (s) => s.matches({ loading: 'waiting' }) || !s.hasTag('busy'))
  /** Lets `ticks` poll intervals pass, each after the poll before it was answered. */
  const poll = async (ticks: number) => {
    for (let tick = 0; tick < ticks; tick += 1) {
      await answered()
      clock.increment(1000)
    }
    return answered()
  }
  return { actor, clock, calls, emitted, answered, poll }
}

describe('sync status: how a run ends', () => {
  it('ends in success once the servers report the change applied, polling once per second', async () => {
    const sync = startSync({}, [working(syncNode('pop-fr-par-1')), working(syncNode('pop-fr-par-1')), applied])
    await sync.answered()
    expect(sync.calls).toHaveLength(1)
    // The next poll waits the full interval.
    sync.clock.increment(999)
    expect(sync.calls).toHaveLength(1)
    sync.clock.increment(1)
    const state = await sync.poll(1)
    expect(sync.calls).toEqual([
      { kind: 'project', project: 'alpha' },
      { kind: 'project', project: 'alpha' },
      { kind: 'project', project: 'alpha' },
    ])
    expect(selectSyncStatus(state)).toBe('success')
    expect(selectSyncMessage(state)).toBe('All changes have been applied to the servers.')
    expect(selectSyncAttempts(state)).toBe(3)
    expect(sync.emitted).toEqual([
      {
        type: 'sync.finished',
        kind: 'project',
        result: 'success',
        message: SYNC_MESSAGES.success.project,
        explicit: false,
      },
    ])
    // The run is over: time passing does not poll again.
    sync.clock.increment(10_000)
    expect(sync.calls).toHaveLength(3)
  })

  it('reports the admin config message for the admin view, which fetches without a project', async () => {
    const sync = startSync({ kind: 'admin', project: undefined }, [working(), applied])
    const state = await sync.poll(1)
    expect(sync.calls).toEqual([
      { kind: 'admin', project: null },
      { kind: 'admin', project: null },
    ])
    expect(selectSyncMessage(state)).toBe('All config changes have been applied to the servers.')
  })

  it('ends in warning when the servers finished without applying the change everywhere', async () => {
    const sync = startSync({}, [working(), stuck])
    const state = await sync.poll(1)
    expect(selectSyncStatus(state)).toBe('warning')
    expect(selectSyncMessage(state)).toBe("Some nodes aren't synchronized. Please retry later.")
    expect(sync.emitted.map((e) => e.result)).toEqual(['warning'])
  })

  it('gives up with a warning after 300 polls, 299 s after the first, when the servers never finish', async () => {
    const sync = startSync({}, [working(syncNode('pop-fr-par-1'))])
    const started = Date.now()
    let state = await sync.poll(MAX_SYNC_ATTEMPTS - 2)
    expect(selectSyncStatus(state)).toBe('loading')
    expect(sync.calls).toHaveLength(MAX_SYNC_ATTEMPTS - 1)
    state = await sync.poll(1)
    expect(sync.calls).toHaveLength(MAX_SYNC_ATTEMPTS)
    expect(sync.clock.now()).toBe((MAX_SYNC_ATTEMPTS - 1) * 1000)
    expect(selectSyncStatus(state)).toBe('warning')
    expect(selectSyncMessage(state)).toBe(SYNC_MESSAGES.warning)
    expect(selectSyncAttempts(state)).toBe(MAX_SYNC_ATTEMPTS)
    // The node never applied the change: the run is over, so it shows a cross, not a spinner.
    expect(selectSyncRows(state).map((row) => row.state)).toEqual(['notSynchronized'])
    sync.clock.increment(60_000)
    expect(sync.calls).toHaveLength(MAX_SYNC_ATTEMPTS)
    expect(sync.emitted).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('ends in error with the text of an error the response carries', async () => {
    const sync = startSync({}, [{ ...working(), error: 'fleet state unavailable' }])
    const state = await sync.answered()
    expect(selectSyncStatus(state)).toBe('error')
    expect(selectSyncMessage(state)).toBe('fleet state unavailable')
    expect(sync.emitted.map((e) => [e.result, e.message])).toEqual([['error', 'fleet state unavailable']])
  })

  it('falls back to the generic error message when the response error is blank', async () => {
    const sync = startSync({}, [{ ...applied, error: '' }])
    const state = await sync.answered()
    expect(selectSyncStatus(state)).toBe('error')
    expect(selectSyncMessage(state)).toBe('Failed to retrieve synchronization status.')
  })

  it('ends at once in error with the thrown message when a poll fails, without retrying', async () => {
    const sync = startSync({}, [working(), new Error('Request timed out')])
    const state = await sync.poll(1)
    expect(selectSyncStatus(state)).toBe('error')
    expect(selectSyncMessage(state)).toBe('Request timed out')
    sync.clock.increment(10_000)
    expect(sync.calls).toHaveLength(2)
  })

  it('uses the fallback message when what was thrown says nothing', async () => {
    const sync = startSync({}, [new Error('')])
    const state = await sync.answered()
    expect(selectSyncMessage(state)).toBe(SYNC_MESSAGES.failed)
  })
})

describe('sync status: node rows', () => {
  it('keeps the check mark of a node that was updated earlier in the same run', async () => {
    const sync = startSync({}, [
      working(syncNode('pop-fr-par-1', { updated: true }), syncNode('pop-us-nyc-1')),
      // The next answer lost the French node's update (a missed heartbeat): it still applied the change.
      working(syncNode('pop-fr-par-1'), syncNode('pop-us-nyc-1')),
    ])
    const state = await sync.poll(1)
    expect(state.context.seenUpdated).toEqual(['pop-fr-par-1'])
    expect(selectSyncRows(state)).toEqual([
      { endpoint: 'pop-fr-par-1', country: 'fr', source: 'simulated', state: 'updated', message: null },
      { endpoint: 'pop-us-nyc-1', country: 'us', source: 'simulated', state: 'loading', message: null },
    ])
  })

  it('forgets the earlier updates when a new run starts', async () => {
    const sync = startSync({}, [
      working(syncNode('pop-fr-par-1', { updated: true })),
      stuck,
      working(syncNode('pop-fr-par-1')),
    ])
    await sync.poll(1)
    sync.actor.send({ type: 'sync.recheck' })
    expect(sync.actor.getSnapshot().context.seenUpdated).toEqual([])
    const state = await sync.answered()
    expect(selectSyncRows(state).map((row) => row.state)).toEqual(['loading'])
  })

  it('shows a wrench for a node in maintenance and a cross for the rest once the run ends', async () => {
    const sync = startSync({}, [{ ...stuck, details: [...stuck.details, syncNode('pop-br-sao-1')] }])
    const state = await sync.answered()
    expect(selectSyncRows(state).map((row) => [row.endpoint, row.state])).toEqual([
      ['pop-fr-par-1', 'updated'],
      ['pop-de-fra-1', 'maintenance'],
      ['pop-br-sao-1', 'notSynchronized'],
    ])
  })

  it('returns the same rows array for the same snapshot, so views do not re-render for nothing', async () => {
    const sync = startSync({}, [working(syncNode('pop-fr-par-1'))])
    const state = await sync.answered()
    expect(selectSyncRows(state)).toBe(selectSyncRows(state))
  })
})

describe('sync status: starting and restarting', () => {
  it('waits in idle without fetching until started manually, then reports the run as explicit', async () => {
    const sync = startSync({ autoStart: false }, [applied])
    expect(selectSyncStatus(sync.actor.getSnapshot())).toBe('idle')
    sync.clock.increment(5000)
    expect(sync.calls).toEqual([])
    sync.actor.send({ type: 'sync.start', explicit: true })
    const state = await sync.answered()
    expect(selectSyncStatus(state)).toBe('success')
    expect(selectSyncExplicit(state)).toBe(true)
    expect(sync.emitted).toEqual([
      {
        type: 'sync.finished',
        kind: 'project',
        result: 'success',
        message: SYNC_MESSAGES.success.project,
        explicit: true,
      },
    ])
  })

  it('reports a run started without the user asking as not explicit', async () => {
    const sync = startSync({ autoStart: false }, [applied])
    sync.actor.send({ type: 'sync.start', explicit: false })
    await sync.answered()
    expect(sync.emitted.map((e) => e.explicit)).toEqual([false])
  })

  it('stays idle for a project view without a project, even when asked to start', async () => {
    const sync = startSync({ project: null }, [applied])
    sync.actor.send({ type: 'sync.start', explicit: true })
    expect(selectSyncStatus(sync.actor.getSnapshot())).toBe('idle')
    expect(sync.calls).toEqual([])
  })

  it('re-checks explicitly from a finished run, counting the attempts from zero again', async () => {
    const sync = startSync({ kind: 'admin' }, [working(), stuck, working(), applied])
    let state = await sync.poll(1)
    expect(selectSyncStatus(state)).toBe('warning')
    sync.actor.send({ type: 'sync.recheck' })
    expect(selectSyncAttempts(sync.actor.getSnapshot())).toBe(0)
    expect(selectSyncRows(sync.actor.getSnapshot())).toEqual([])
    state = await sync.poll(1)
    expect(selectSyncStatus(state)).toBe('success')
    expect(selectSyncAttempts(state)).toBe(2)
    expect(sync.emitted.map((e) => [e.result, e.explicit])).toEqual([
      ['warning', false],
      ['success', true],
    ])
  })

  it('restarts the check for the new project when the project changes mid-run', async () => {
    const sync = startSync({}, (call) => (call.project === 'beta' ? applied : working(syncNode('pop-fr-par-1'))))
    await sync.poll(3)
    expect(selectSyncAttempts(sync.actor.getSnapshot())).toBe(4)
    sync.actor.send({ type: 'sync.projectChanged', project: 'beta' })
    const restarted = sync.actor.getSnapshot()
    expect(selectSyncAttempts(restarted)).toBe(0)
    expect(restarted.context.latest).toBeNull()
    expect(sync.calls.at(-1)).toEqual({ kind: 'project', project: 'beta' })
    const state = await sync.answered()
    expect(selectSyncStatus(state)).toBe('success')
    expect(selectSyncAttempts(state)).toBe(1)
  })

  it('restarts silently after a project change, even from an explicit finished run', async () => {
    const sync = startSync({ autoStart: false }, [stuck, applied])
    sync.actor.send({ type: 'sync.start', explicit: true })
    await sync.answered()
    sync.actor.send({ type: 'sync.projectChanged', project: 'beta' })
    const state = await sync.answered()
    expect(selectSyncStatus(state)).toBe('success')
    expect(sync.emitted.map((e) => [e.result, e.explicit])).toEqual([
      ['warning', true],
      ['success', false],
    ])
  })

  it('starts from idle when a project arrives, and goes back to idle when it is cleared', async () => {
    const sync = startSync({ project: null }, [working()])
    sync.actor.send({ type: 'sync.projectChanged', project: 'alpha' })
    await sync.answered()
    expect(sync.calls).toEqual([{ kind: 'project', project: 'alpha' }])
    sync.actor.send({ type: 'sync.projectChanged', project: null })
    expect(selectSyncStatus(sync.actor.getSnapshot())).toBe('idle')
    sync.clock.increment(5000)
    expect(sync.calls).toHaveLength(1)
  })

  it('ignores an answer for the old project that arrives after the change', async () => {
    let releaseOld: (state: SyncState) => void = () => {}
    const sync = startSync({}, (call) =>
      call.project === 'alpha' ? () => new Promise<SyncState>((resolve) => (releaseOld = resolve)) : working(),
    )
    sync.actor.send({ type: 'sync.projectChanged', project: 'beta' })
    await sync.answered()
    releaseOld(applied)
    await Promise.resolve()
    const state = sync.actor.getSnapshot()
    expect(selectSyncStatus(state)).toBe('loading')
    expect(state.context.latest).toEqual(working())
    expect(sync.emitted).toEqual([])
  })

  it('does not restart for the same project, nor for a project change in the admin view', async () => {
    const sync = startSync({}, [working()])
    await sync.poll(1)
    sync.actor.send({ type: 'sync.projectChanged', project: 'alpha' })
    expect(selectSyncAttempts(sync.actor.getSnapshot())).toBe(2)
    const admin = startSync({ kind: 'admin' }, [working()])
    await admin.poll(1)
    admin.actor.send({ type: 'sync.projectChanged', project: 'beta' })
    expect(selectSyncAttempts(admin.actor.getSnapshot())).toBe(2)
    expect(admin.calls.every((call) => call.project === null)).toBe(true)
  })
})

describe('sync status: notifications', () => {
  it('notifies for 10 s, titled by the view, only when the run was explicit', () => {
    const finished: SyncStatusEmitted = {
      type: 'sync.finished',
      kind: 'admin',
      result: 'warning',
      message: SYNC_MESSAGES.warning,
      explicit: true,
    }
    expect(shouldNotify(finished)).toBe(true)
    expect(syncNotification(finished)).toEqual({
      title: 'Admin Config Sync Status',
      message: SYNC_MESSAGES.warning,
      result: 'warning',
      durationMs: 10_000,
    })
    expect(syncNotification({ ...finished, kind: 'project' })?.title).toBe('Configuration Sync Status')
    expect(syncNotification({ ...finished, explicit: false })).toBeNull()
    expect(SYNC_NOTIFICATION_TITLES).toEqual({
      project: 'Configuration Sync Status',
      admin: 'Admin Config Sync Status',
    })
    expect(SYNC_NOTIFICATION_DURATION_MS).toBe(10_000)
  })
})
