import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { selectRestoreBusy, selectRestoreStep } from '../../machines/backup-restore.selectors.ts'
import { backupRestoreMachine, type RestoreFailure } from '../../machines/backup-restore.ts'
import type { RestorePlan } from '../../src/domain/backup.ts'

const plan = (revision: number, names: string[]): RestorePlan => ({
  plan_revision: revision,
  changes: names.map((name) => ({ type: 'directors', name, action: 'create' })),
})

/**
 * The real machine over a fake project: a dry run plans against `project.revision`, an apply with another
 * revision is refused with the fresh plan, and `project.applied` records what a successful apply changed.
 */
function start(script: { plans?: (RestorePlan | Error)[]; applies?: ('ok' | 'stale' | Error)[] } = {}) {
  const project = { revision: 3, applied: [] as RestorePlan[], announced: 0 }
  const plans = [...(script.plans ?? [plan(3, ['origin-a'])])]
  const applies = [...(script.applies ?? ['ok'])]
  const actor = createActor(
    backupRestoreMachine.provide({
      actors: {
        planRestore: fromPromise<RestorePlan, { backup: string }>(async () => {
          const next = plans.shift() ?? plan(project.revision, ['origin-a'])
          if (next instanceof Error) throw next
          return next
        }),
        applyRestore: fromPromise<RestorePlan, { backup: string; planRevision: number }>(async ({ input }) => {
          const next = applies.shift() ?? 'ok'
          if (next instanceof Error) throw next
          if (next === 'stale' || input.planRevision !== project.revision) {
            project.revision += 1
            const failure: RestoreFailure = Object.assign(new Error('the project changed since the dry run'), {
              freshPlan: plan(project.revision, ['origin-a', 'origin-b']),
            })
            throw failure
          }
          const applied = { ...plan(project.revision + 1, ['origin-a']), applied: true }
          project.applied.push(applied)
          return applied
        }),
      },
      actions: {
        announceRestored: () => {
          project.announced += 1
        },
      },
    }),
  )
  actor.start()
  return { actor, project }
}

const open = { type: 'restore.open', backup: { name: 'b-1', label: 'Nightly' } } as const

describe('backup restore machine', () => {
  it('shows the dry run, applies it on confirmation and announces the change once', async () => {
    const { actor, project } = start()
    expect(selectRestoreBusy(actor.getSnapshot())).toBe(false)
    actor.send(open)
    // The dry run and the apply are busy (the dialog cannot be dismissed); reviewing and the result are not.
    expect(selectRestoreBusy(actor.getSnapshot())).toBe(true)
    await waitFor(actor, (s) => s.matches('reviewing'))
    expect(selectRestoreBusy(actor.getSnapshot())).toBe(false)
    expect(actor.getSnapshot().context.plan?.changes).toHaveLength(1)
    expect(project.applied).toHaveLength(0)
    actor.send({ type: 'restore.confirm' })
    expect(selectRestoreBusy(actor.getSnapshot())).toBe(true)
    await waitFor(actor, (s) => s.matches('restored'))
    expect(selectRestoreBusy(actor.getSnapshot())).toBe(false)
    expect(project.applied).toHaveLength(1)
    expect(project.announced).toBe(1)
  })

  it('shows the fresh plan when the project changed after the dry run, and applies only after a new confirmation', async () => {
    const { actor, project } = start({ applies: ['stale', 'ok'] })
    actor.send(open)
    await waitFor(actor, (s) => s.matches('reviewing'))
    actor.send({ type: 'restore.confirm' })
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.replanned)
    const snapshot = actor.getSnapshot()
    expect(snapshot.context.plan?.changes.map((c) => c.name)).toEqual(['origin-a', 'origin-b'])
    expect(snapshot.context.message).toMatch(/changed since the dry run/)
    expect(project.applied).toHaveLength(0)
    expect(project.announced).toBe(0)
    actor.send({ type: 'restore.confirm' })
    await waitFor(actor, (s) => s.matches('restored'))
    expect(project.applied).toHaveLength(1)
  })

  it('keeps the plan and says why when an apply fails as a whole', async () => {
    const { actor, project } = start({ applies: [new Error('website shop in the backup: domain taken')] })
    actor.send(open)
    await waitFor(actor, (s) => s.matches('reviewing'))
    actor.send({ type: 'restore.confirm' })
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.message !== null)
    expect(actor.getSnapshot().context.message).toBe('website shop in the backup: domain taken')
    expect(actor.getSnapshot().context.plan?.changes).toHaveLength(1)
    expect(project.announced).toBe(0)
  })

  it('cannot confirm a plan with nothing to change', async () => {
    const { actor, project } = start({ plans: [plan(3, [])] })
    actor.send(open)
    await waitFor(actor, (s) => s.matches('reviewing'))
    actor.send({ type: 'restore.confirm' })
    expect(selectRestoreStep(actor.getSnapshot())).toBe('reviewing')
    expect(project.applied).toHaveLength(0)
  })

  it('offers a retry when the dry run fails, and closes clean', async () => {
    const { actor } = start({ plans: [new Error('The platform could not be reached.'), plan(3, ['origin-a'])] })
    actor.send(open)
    await waitFor(actor, (s) => s.matches('planFailed'))
    expect(actor.getSnapshot().context.message).toBe('The platform could not be reached.')
    actor.send({ type: 'restore.retry' })
    await waitFor(actor, (s) => s.matches('reviewing'))
    actor.send({ type: 'restore.close' })
    expect(actor.getSnapshot().context).toEqual({
      backup: null,
      plan: null,
      applied: null,
      message: null,
      replanned: false,
      unsure: false,
    })
  })

  it('keeps the plan, unsure, when the apply’s answer never came; the next try meets the fresh plan if it was applied', async () => {
    const lost: RestoreFailure = Object.assign(new Error('The platform did not answer in time.'), { unsure: true })
    const { actor, project } = start({ applies: [lost, 'stale'] })
    actor.send(open)
    await waitFor(actor, (s) => s.matches('reviewing'))
    actor.send({ type: 'restore.confirm' })
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.message !== null)
    expect(actor.getSnapshot().context).toMatchObject({ unsure: true, replanned: false })
    // It may have been applied: the project's lists are read again and the sync check starts, as after a restore.
    expect(project.announced).toBe(1)
    expect(actor.getSnapshot().context.plan?.changes).toHaveLength(1)
    // Restore again: applied after all, the platform refuses the old plan with the project as it is now.
    actor.send({ type: 'restore.confirm' })
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.replanned)
    expect(actor.getSnapshot().context.unsure).toBe(false)
  })
})
