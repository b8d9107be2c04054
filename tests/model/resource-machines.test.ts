import { describe, expect, it } from 'vitest'
import { type AnyStateMachine, type EventFromLogic, initialTransition, type SnapshotFrom, transition } from 'xstate'
import { getShortestPaths, getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph'
import { backupRestoreMachine } from '../../machines/backup-restore.ts'
import { invalidationMachine } from '../../machines/invalidation.ts'
import { ipImportMachine } from '../../machines/ip-import.ts'
import { resourceDeletionMachine } from '../../machines/resource-deletion.ts'
import { resourceFormMachine } from '../../machines/resource-form.ts'
import { tenancyDeletionMachine } from '../../machines/tenancy-deletion.ts'
import {
  backupRestoreEvents,
  INVALIDATION_INPUT,
  invalidationEvents,
  ipImportEvents,
  MACHINES,
  RESOURCE_FORM_INPUT,
  resourceDeletionEvents,
  resourceFormEvents,
  TENANCY_DELETION_INPUT,
  tenancyDeletionEvents,
  tenancyDeletionState,
} from '../../src/app/machine-registry.ts'

type AnyPath = StatePath<SnapshotFrom<AnyStateMachine>, { type: string; [key: string]: unknown }>
type Step<M extends AnyStateMachine> = {
  event: EventFromLogic<M>
  before: SnapshotFrom<M>
  after: SnapshotFrom<M>
  emitted: { type: string; [key: string]: unknown }[]
}

/** Replays a generated path with the pure `transition`, which also returns the actions it would run. */
function replay<M extends AnyStateMachine>(machine: M, path: AnyPath, input?: unknown): Step<M>[] {
  let [state] = (initialTransition as (m: AnyStateMachine, i?: unknown) => [SnapshotFrom<M>, unknown])(machine, input)
  return path.steps.slice(1).map(({ event }) => {
    const [after, actions] = transition(machine, state, event as EventFromLogic<M>)
    // What the machine tells the composition layer: its announce* actions, with their parameters.
    const emitted = actions.flatMap(({ type, params }: { type: string; params: unknown }) =>
      type.startsWith('announce') ? [{ type, ...(params as object) }] : [],
    )
    const step = {
      event: event as EventFromLogic<M>,
      before: state as SnapshotFrom<M>,
      after: after as SnapshotFrom<M>,
      emitted,
    }
    state = after
    return step
  })
}

const describePath = (path: AnyPath) => {
  const events = path.steps
    .slice(1)
    .map(({ event }) => event.type.replace('xstate.done.actor.', 'done:').replace('xstate.error.actor.', 'error:'))
  return `${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : 'start'}`
}

function unreached(machine: AnyStateMachine, paths: AnyPath[]): string[] {
  return getStateNodes(machine.root)
    .filter((node) => node.type === 'atomic')
    .filter((node) => !paths.some((path) => path.state._nodes.includes(node)))
    .map((node) => node.id)
}

describe('resource form model: every simple path', () => {
  const events = resourceFormEvents as EventFromLogic<typeof resourceFormMachine>[]
  const paths = getSimplePaths(resourceFormMachine, {
    events,
    input: RESOURCE_FORM_INPUT,
    filterEvents: (state, event) => state.can(event),
    serializeState: (state) =>
      JSON.stringify([
        state.value,
        state.context.values.host,
        state.context.revision,
        state.context.fieldErrors.length,
      ]),
  }) as unknown as AnyPath[]

  it('reaches every state, in a bounded number of paths', () => {
    expect(unreached(resourceFormMachine, paths).filter((id) => !id.endsWith('.saved'))).toEqual([])
    expect(paths.some((path) => JSON.stringify(path.state.value) === '"saved"')).toBe(true)
    expect(paths.length).toBeLessThan(2000)
  })

  for (const path of paths) {
    it(describePath(path), () => {
      for (const { event, before, after, emitted } of replay(resourceFormMachine, path, RESOURCE_FORM_INPUT)) {
        // Nothing reaches the server while the schema refuses the values.
        if (after.matches('saving') && !before.matches('saving')) {
          expect(RESOURCE_FORM_INPUT.validate(after.context.values)).toEqual([])
        }
        // Saved only when the server said so (or once its secret was seen), and then announced once.
        if (after.matches('saved')) {
          expect([before.matches('revealing') ? 'secret.dismiss' : 'xstate.done.actor.save']).toContain(event.type)
          expect(emitted.map((e) => e.type)).toEqual(['announceSaved'])
        } else {
          expect(emitted).toEqual([])
        }
        // A revealed secret lives only while it is shown: every other state has forgotten it.
        if (!after.matches('revealing')) expect(after.context.secret).toBeNull()
        // A failed save keeps every value the user typed.
        if (before.matches('saving') && after.matches('editing'))
          expect(after.context.values).toEqual(before.context.values)
        // A conflict keeps my values until I choose, and an overwrite goes with the server's revision.
        if (after.matches('conflict')) {
          expect(after.context.values).toEqual(before.context.values)
          expect(after.context.conflict).not.toBeNull()
        }
        if (event.type === 'conflict.overwrite') expect(after.context.revision).toBe(before.context.conflict?.revision)
        if (event.type === 'conflict.reload') {
          expect(after.context.values).toEqual({ name: 'blue', host: 'b.example.com' })
          expect(after.context.revision).toBe(3)
        }
      }
    })
  }
})

describe('resource deletion model: shortest path to every state', () => {
  const events = resourceDeletionEvents as EventFromLogic<typeof resourceDeletionMachine>[]
  // The real actor answers for exactly the items it was given; a canned answer for other items is no path.
  const answersFor = (state: SnapshotFrom<typeof resourceDeletionMachine>, event: { type: string; output?: unknown }) =>
    event.type !== 'xstate.done.actor.deleteResources' ||
    JSON.stringify((event.output as { name: string }[]).map((r) => r.name)) ===
      JSON.stringify(state.context.items.map((i) => i.name))
  const paths = getShortestPaths(resourceDeletionMachine, {
    events,
    filterEvents: (state, event) => state.can(event) && answersFor(state, event),
    serializeState: (state) => JSON.stringify([state.value, state.context.items.length, state.context.results.length]),
  }) as unknown as AnyPath[]

  it('reaches every state', () => {
    expect(unreached(resourceDeletionMachine, paths)).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), () => {
      for (const { event, before, after, emitted } of replay(resourceDeletionMachine, path)) {
        // Nothing is deleted unless the user confirmed a question naming it.
        if (after.matches('deleting') && !before.matches('deleting')) {
          expect(before.matches('confirming')).toBe(true)
          expect(event.type).toBe('deletion.confirm')
          expect(after.context.items.length).toBeGreaterThan(0)
        }
        // A report holds one result per item asked about.
        if (after.matches('reporting')) {
          expect(after.context.results.map((r) => r.name)).toEqual(before.context.items.map((i) => i.name))
        }
        for (const done of emitted) {
          expect(done.type).toBe('announceDeleted')
          expect(before.matches('deleting')).toBe(true)
        }
      }
    })
  }
})

describe('invalidation model: shortest path to every state and context', () => {
  const events = invalidationEvents as EventFromLogic<typeof invalidationMachine>[]
  const entry = MACHINES.invalidation
  // Simple paths explode with the draft's edits; a shortest path to each distinct state-and-context covers
  // every state with every kind of request, every follow-up miss count and every result.
  const paths = getShortestPaths(invalidationMachine, {
    events,
    input: INVALIDATION_INPUT,
    filterEvents: (state, event) => state.can(event),
    serializeState: (state) => entry.serializeState(state),
  }) as unknown as AnyPath[]

  it('reaches every state, in a bounded number of paths', () => {
    // `checked` only passes a request on (to confirming or sending): no path rests there.
    expect(unreached(invalidationMachine, paths)).toEqual(['invalidation.checked'])
    expect(paths.length).toBeLessThan(3000)
  })

  for (const path of paths) {
    it(describePath(path), () => {
      for (const { event, before, after } of replay(invalidationMachine, path, INVALIDATION_INPUT)) {
        // Nothing is sent that the schema refuses, and everything goes through a confirmation.
        if (after.matches('sending') && !before.matches('sending')) {
          const request = after.context.request
          expect(request).not.toBeNull()
          if (event.type === 'purge.submit') expect(INVALIDATION_INPUT.check(before.context.draft).errors).toEqual([])
          if (request?.type === 'all') expect(event.type).toBe('purge.confirm')
        }
        // What the user typed is never lost by a failure.
        if (event.type.startsWith('xstate.error')) expect(after.context.draft).toEqual(before.context.draft)
        // Settled only with a settled request or after giving up on reading it.
        if (after.matches('settled') && !before.matches('settled')) {
          const settled = ['completed', 'partial', 'failed'].includes(after.context.current?.status ?? '')
          expect(settled || after.context.message !== null).toBe(true)
        }
      }
    })
  }
})

describe('IP import model: shortest path to every state and context', () => {
  const events = ipImportEvents as EventFromLogic<typeof ipImportMachine>[]
  const entry = MACHINES['ip-import']
  const paths = getShortestPaths(ipImportMachine, {
    events,
    input: entry.input,
    filterEvents: (state, event) => state.can(event),
    serializeState: (state) => entry.serializeState(state),
  }) as unknown as AnyPath[]

  it('reaches every state', () => {
    expect(unreached(ipImportMachine, paths)).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), () => {
      for (const { event, before, after, emitted } of replay(ipImportMachine, path, entry.input)) {
        // Nothing is sent without text, and a replace only after its confirmation.
        if (after.matches('importing') && !before.matches('importing')) {
          expect(after.context.text.trim()).not.toBe('')
          expect(event.type).toBe(after.context.mode === 'replace' ? 'import.confirm' : 'import.submit')
        }
        // The pasted text survives every failure, and the next import goes against the newest revision.
        if (before.matches('importing') && after.matches('editing')) {
          expect(after.context.text).toBe(before.context.text)
          expect(after.context.failure).not.toBeNull()
        }
        if (before.matches('importing') && after.matches('reported')) {
          expect(after.context.revision).toBe(after.context.report?.revision)
          expect(emitted.map((e) => e.type)).toEqual(['announceImported'])
        } else {
          expect(emitted).toEqual([])
        }
      }
    })
  }
})

describe('backup restore model: every simple path ends unchanged or fully applied', () => {
  const events = backupRestoreEvents as EventFromLogic<typeof backupRestoreMachine>[]
  const entry = MACHINES['backup-restore']
  const paths = getSimplePaths(backupRestoreMachine, {
    events,
    filterEvents: (state, event) => state.can(event),
    serializeState: (state) => entry.serializeState(state),
  }) as unknown as AnyPath[]

  it('reaches every state', () => {
    expect(unreached(backupRestoreMachine, paths)).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), () => {
      // The fake project: a restore changes it only when the server answered that the plan was applied.
      let appliedPlans = 0
      let reviewedSinceLastApply = false
      for (const { event, before, after, emitted } of replay(backupRestoreMachine, path)) {
        // The actors' events are not in the machine's event union.
        const type: string = event.type
        if (after.matches('reviewing')) reviewedSinceLastApply = true
        if (after.matches('applying') && !before.matches('applying')) {
          // Only a plan the user saw, with something to change, and only on their confirmation.
          expect(event.type).toBe('restore.confirm')
          expect(before.matches('reviewing')).toBe(true)
          expect(reviewedSinceLastApply).toBe(true)
          expect(before.context.plan?.changes.length).toBeGreaterThan(0)
          reviewedSinceLastApply = false
        }
        if (type === 'xstate.done.actor.applyRestore') appliedPlans += 1
        // Announced exactly when applied: the sync check starts for a real change only.
        expect(emitted.length).toBe(type === 'xstate.done.actor.applyRestore' ? 1 : 0)
        // A refusal leaves the project as it was and shows the plan of the project as it is now.
        if (type === 'xstate.error.actor.applyRestore') {
          expect(after.matches('reviewing')).toBe(true)
          expect(after.context.applied).toBeNull()
          expect(after.context.message).not.toBeNull()
        }
        // "Restored" is shown only with what the server applied.
        if (after.matches('restored')) expect(after.context.applied?.applied).toBe(true)
      }
      const last = path.steps.at(-1)?.state ?? path.state
      expect(last.matches('restored')).toBe(
        appliedPlans > 0 && path.steps.at(-1)?.event.type === 'xstate.done.actor.applyRestore',
      )
    })
  }
})

describe('tenancy deletion model: shortest path to every state and context', () => {
  const events = tenancyDeletionEvents as EventFromLogic<typeof tenancyDeletionMachine>[]
  const paths = getShortestPaths(tenancyDeletionMachine, {
    events,
    input: TENANCY_DELETION_INPUT,
    filterEvents: (state, event) => state.can(event),
    serializeState: tenancyDeletionState,
  }) as unknown as AnyPath[]

  it('reaches every state', () => {
    expect(unreached(tenancyDeletionMachine, paths)).toEqual([])
    expect(paths.some((path) => path.state.value === 'deleted')).toBe(true)
  })

  for (const path of paths) {
    it(describePath(path), () => {
      for (const { event, before, after, emitted } of replay(tenancyDeletionMachine, path, TENANCY_DELETION_INPUT)) {
        // Nothing is deleted but the chosen one, after its preview, with its name typed again, on a confirm.
        if (after.matches('deleting') && !before.matches('deleting')) {
          expect(event.type).toBe('deletion.confirm')
          expect(before.context.preview).not.toBeNull()
          expect(before.context.typed.trim()).toBe(before.context.name)
        }
        // The announcement comes from a finished delete only, naming what went.
        for (const done of emitted) {
          expect(done).toMatchObject({ type: 'announceDeleted', kind: 'project', name: 'shop', projects: ['shop'] })
          expect(before.matches('deleting')).toBe(true)
          expect(after.matches('deleted')).toBe(true)
        }
        // A failed delete keeps what was typed and says why.
        if (after.matches('failed')) {
          expect(after.context.typed).toBe(before.context.typed)
          expect(after.context.error).toBeTruthy()
        }
      }
    })
  }
})
