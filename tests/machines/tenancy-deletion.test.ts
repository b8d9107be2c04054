import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { selectCanDelete, selectError, selectPhase, selectPreview } from '../../machines/tenancy-deletion.selectors.ts'
import {
  type DeleteTenancyInput,
  type PreviewedTarget,
  type TenancyDeletedNotice,
  tenancyDeletionMachine,
} from '../../machines/tenancy-deletion.ts'
import type { TenancyKind } from '../../src/domain/tenancy-deletion.ts'

const acme: PreviewedTarget = {
  revision: 3,
  preview: { projects: ['shop', 'blog'], resources: { websites: 2, directors: 1 }, tokens_limited_to_it: 1 },
}
const empty: PreviewedTarget = { revision: 1, preview: { projects: [], resources: {}, tokens_limited_to_it: 0 } }
const shop: PreviewedTarget = {
  revision: 7,
  preview: { projects: ['shop'], resources: { websites: 2 }, tokens_limited_to_it: 0 },
}

type Script = {
  preview?: (name: string) => PreviewedTarget | Promise<PreviewedTarget>
  remove?: (input: DeleteTenancyInput) => void | Promise<void>
}

/** The real machine with fake requests: every delete's input is recorded, the answers are scripted. */
function startDeletion(kind: TenancyKind, script: Script = {}) {
  const deletes: DeleteTenancyInput[] = []
  const previews: string[] = []
  const announced: TenancyDeletedNotice[] = []
  const actor = createActor(
    tenancyDeletionMachine.provide({
      actions: { announceDeleted: (_, notice: TenancyDeletedNotice) => void announced.push(notice) },
      actors: {
        loadPreview: fromPromise<PreviewedTarget, { kind: TenancyKind; name: string }>(async ({ input }) => {
          previews.push(input.name)
          return (script.preview ?? (() => shop))(input.name)
        }),
        deleteTenancy: fromPromise<void, DeleteTenancyInput>(async ({ input }) => {
          deletes.push(input)
          await script.remove?.(input)
        }),
      },
    }),
    { input: { kind } },
  )
  actor.start()
  return { actor, deletes, previews, announced }
}

type Actor = ReturnType<typeof startDeletion>['actor']
const settled = (actor: Actor) => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))

describe('tenancy deletion', () => {
  it('starts by asking for a choice, and ignores an empty one', () => {
    const { actor, previews } = startDeletion('project')
    expect(selectPhase(actor.getSnapshot())).toBe('choosing')
    actor.send({ type: 'deletion.choose', name: '   ' })
    expect(selectPhase(actor.getSnapshot())).toBe('choosing')
    expect(previews).toEqual([])
  })

  it('shows the preview, and enables the delete only once the name is typed exactly', async () => {
    const { actor, deletes } = startDeletion('project')
    actor.send({ type: 'deletion.choose', name: 'shop' })
    expect(selectPhase(actor.getSnapshot())).toBe('previewing')
    await settled(actor)
    expect(selectPhase(actor.getSnapshot())).toBe('confirming')
    expect(selectPreview(actor.getSnapshot())).toEqual(shop.preview)
    expect(selectCanDelete(actor.getSnapshot())).toBe(false)

    actor.send({ type: 'deletion.type', text: 'sho' })
    actor.send({ type: 'deletion.confirm' })
    expect(selectPhase(actor.getSnapshot())).toBe('confirming')
    actor.send({ type: 'deletion.type', text: 'Shop' })
    expect(selectCanDelete(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'deletion.type', text: ' shop ' })
    expect(selectCanDelete(actor.getSnapshot())).toBe(true)
    expect(deletes).toEqual([])
  })

  it('deletes a project in one request against the previewed revision, and announces it', async () => {
    const { actor, deletes, announced } = startDeletion('project')
    actor.send({ type: 'deletion.choose', name: 'shop' })
    await settled(actor)
    actor.send({ type: 'deletion.type', text: 'shop' })
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    expect(selectPhase(actor.getSnapshot())).toBe('deleted')
    expect(deletes).toEqual([{ kind: 'project', name: 'shop', revision: 7, cascade: false }])
    expect(announced).toEqual([{ kind: 'project', name: 'shop', projects: ['shop'] }])
  })

  it('cascades for a customer with projects, and announces its projects', async () => {
    const { actor, deletes, announced } = startDeletion('customer', { preview: () => acme })
    actor.send({ type: 'deletion.choose', name: 'acme' })
    await settled(actor)
    actor.send({ type: 'deletion.type', text: 'acme' })
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    expect(deletes).toEqual([{ kind: 'customer', name: 'acme', revision: 3, cascade: true }])
    expect(announced).toEqual([{ kind: 'customer', name: 'acme', projects: ['shop', 'blog'] }])
  })

  it('does not cascade for a customer without projects', async () => {
    const { actor, deletes } = startDeletion('customer', { preview: () => empty })
    actor.send({ type: 'deletion.choose', name: 'lonely' })
    await settled(actor)
    actor.send({ type: 'deletion.type', text: 'lonely' })
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    expect(deletes).toEqual([{ kind: 'customer', name: 'lonely', revision: 1, cascade: false }])
  })

  it('keeps what was typed and the server’s reason when the delete fails, and can try again', async () => {
    let refuse = true
    const { actor, deletes, announced } = startDeletion('project', {
      remove: () => {
        if (refuse) throw new Error('the project changed meanwhile (revision 8)')
      },
    })
    actor.send({ type: 'deletion.choose', name: 'shop' })
    await settled(actor)
    actor.send({ type: 'deletion.type', text: 'shop' })
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    expect(selectPhase(actor.getSnapshot())).toBe('failed')
    expect(selectError(actor.getSnapshot())).toBe('the project changed meanwhile (revision 8)')
    expect(actor.getSnapshot().context.typed).toBe('shop')
    expect(selectPreview(actor.getSnapshot())).toEqual(shop.preview)
    expect(announced).toEqual([])

    refuse = false
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    expect(selectPhase(actor.getSnapshot())).toBe('deleted')
    expect(deletes).toHaveLength(2)
  })

  it('reads the preview again after a failure, keeping the typed name', async () => {
    let revision = 7
    const { actor, deletes } = startDeletion('project', {
      preview: () => ({ ...shop, revision }),
      remove: (input) => {
        if (input.revision !== 8) throw new Error('stale')
      },
    })
    actor.send({ type: 'deletion.choose', name: 'shop' })
    await settled(actor)
    actor.send({ type: 'deletion.type', text: 'shop' })
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    revision = 8
    actor.send({ type: 'deletion.retry' })
    await settled(actor)
    expect(selectPhase(actor.getSnapshot())).toBe('confirming')
    expect(actor.getSnapshot().context.typed).toBe('shop')
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    expect(selectPhase(actor.getSnapshot())).toBe('deleted')
    expect(deletes.map((d) => d.revision)).toEqual([7, 8])
  })

  it('says why the preview could not be read, and deletes nothing', async () => {
    const { actor, deletes } = startDeletion('project', {
      preview: () => {
        throw new Error('no project named "gone"')
      },
    })
    actor.send({ type: 'deletion.choose', name: 'gone' })
    await settled(actor)
    expect(selectPhase(actor.getSnapshot())).toBe('previewFailed')
    expect(selectError(actor.getSnapshot())).toBe('no project named "gone"')
    actor.send({ type: 'deletion.confirm' })
    expect(deletes).toEqual([])
  })

  it('starts over on another choice, forgetting what was typed', async () => {
    const { actor, previews } = startDeletion('project')
    actor.send({ type: 'deletion.choose', name: 'shop' })
    await settled(actor)
    actor.send({ type: 'deletion.type', text: 'shop' })
    actor.send({ type: 'deletion.choose', name: 'blog' })
    expect(actor.getSnapshot().context).toMatchObject({ name: 'blog', typed: '', preview: null })
    await settled(actor)
    expect(previews).toEqual(['shop', 'blog'])
    expect(selectCanDelete(actor.getSnapshot())).toBe(false)
  })

  it('lets no other choice in while deleting', async () => {
    let release = () => {}
    const { actor, deletes } = startDeletion('project', {
      remove: () => new Promise<void>((resolve) => (release = resolve)),
    })
    actor.send({ type: 'deletion.choose', name: 'shop' })
    await settled(actor)
    actor.send({ type: 'deletion.type', text: 'shop' })
    actor.send({ type: 'deletion.confirm' })
    await waitFor(actor, () => deletes.length === 1)
    actor.send({ type: 'deletion.choose', name: 'blog' })
    expect(selectPhase(actor.getSnapshot())).toBe('deleting')
    expect(actor.getSnapshot().context.name).toBe('shop')
    release()
    await settled(actor)
    expect(selectPhase(actor.getSnapshot())).toBe('deleted')
  })
})
