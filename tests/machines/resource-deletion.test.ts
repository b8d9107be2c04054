import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { selectIsDeleting, selectPendingItems, selectResults } from '../../machines/resource-deletion.selectors.ts'
import {
  type DeletedNotice,
  type DeletionItem,
  type DeletionResult,
  resourceDeletionMachine,
} from '../../machines/resource-deletion.ts'

type Answer = (items: DeletionItem[]) => DeletionResult[] | Promise<DeletionResult[]>

/** The real machine with a fake `deleteResources`: every call's items are recorded, the answer is scripted. */
function startDeletion(answer: Answer = (items) => items.map(({ name }) => ({ name, deleted: true, message: null }))) {
  const calls: DeletionItem[][] = []
  const announced: DeletedNotice[] = []
  const actor = createActor(
    resourceDeletionMachine.provide({
      actions: { announceDeleted: (_, notice: DeletedNotice) => void announced.push(notice) },
      actors: {
        deleteResources: fromPromise<DeletionResult[], { items: DeletionItem[] }>(async ({ input }) => {
          calls.push(input.items)
          return answer(input.items)
        }),
      },
    }),
  )
  actor.start()
  return { actor, calls, announced }
}

const shop = { name: 'shop', revision: 4 }
const blog = { name: 'blog', revision: 1 }
const media = { name: 'media', revision: 9 }
const settled = (actor: ReturnType<typeof startDeletion>['actor']) =>
  waitFor(actor, (snapshot) => !snapshot.matches('deleting'))

describe('resource deletion', () => {
  it('ignores a request that names nothing', () => {
    const { actor } = startDeletion()
    actor.send({ type: 'deletion.request', items: [] })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(selectPendingItems(actor.getSnapshot())).toBeNull()
  })

  it('asks first, naming what goes, and deletes nothing when cancelled', () => {
    const { actor, calls, announced } = startDeletion()
    actor.send({ type: 'deletion.request', items: [shop] })
    expect(actor.getSnapshot().value).toBe('confirming')
    expect(selectPendingItems(actor.getSnapshot())).toEqual([shop])
    actor.send({ type: 'deletion.cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(selectPendingItems(actor.getSnapshot())).toBeNull()
    expect(calls).toEqual([])
    expect(announced).toEqual([])
  })

  it('deletes the one confirmed with its revision, goes back to idle and says what went', async () => {
    const { actor, calls, announced } = startDeletion()
    actor.send({ type: 'deletion.request', items: [shop] })
    actor.send({ type: 'deletion.confirm' })
    expect(selectIsDeleting(actor.getSnapshot())).toBe(true)
    expect(selectPendingItems(actor.getSnapshot())).toEqual([shop])
    await settled(actor)
    expect(actor.getSnapshot().value).toBe('idle')
    expect(calls).toEqual([[shop]])
    expect(announced).toEqual([{ deleted: ['shop'] }])
    expect(selectResults(actor.getSnapshot())).toBeNull()
  })

  it('reports a result per item of a selection, and says which went', async () => {
    const { actor, announced } = startDeletion((items) =>
      items.map(({ name }) =>
        name === 'blog'
          ? { name, deleted: false, message: 'director blog is still used by website shop' }
          : { name, deleted: true, message: null },
      ),
    )
    actor.send({ type: 'deletion.request', items: [shop, blog, media] })
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    expect(actor.getSnapshot().value).toBe('reporting')
    expect(selectResults(actor.getSnapshot())).toEqual([
      { name: 'shop', deleted: true, message: null },
      { name: 'blog', deleted: false, message: 'director blog is still used by website shop' },
      { name: 'media', deleted: true, message: null },
    ])
    expect(announced).toEqual([{ deleted: ['shop', 'media'] }])
  })

  it('reports why the only item could not go', async () => {
    const { actor, announced } = startDeletion(([item]) => [
      { name: item?.name ?? '', deleted: false, message: 'It changed since this page loaded' },
    ])
    actor.send({ type: 'deletion.request', items: [shop] })
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    expect(actor.getSnapshot().value).toBe('reporting')
    expect(selectResults(actor.getSnapshot())).toEqual([
      { name: 'shop', deleted: false, message: 'It changed since this page loaded' },
    ])
    expect(announced).toEqual([{ deleted: [] }])
  })

  it('reports every item as failed when the deletion cannot run at all', async () => {
    const { actor, announced } = startDeletion(() => {
      throw new Error('The platform could not be reached.')
    })
    actor.send({ type: 'deletion.request', items: [shop, blog] })
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    expect(actor.getSnapshot().value).toBe('reporting')
    expect(selectResults(actor.getSnapshot())).toEqual([
      { name: 'shop', deleted: false, message: 'The platform could not be reached.' },
      { name: 'blog', deleted: false, message: 'The platform could not be reached.' },
    ])
    expect(announced).toEqual([])
  })

  it('leaves the report when dismissed, ready for the next deletion', async () => {
    const { actor, calls } = startDeletion()
    actor.send({ type: 'deletion.request', items: [shop, blog] })
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    actor.send({ type: 'deletion.dismiss' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(selectResults(actor.getSnapshot())).toBeNull()
    expect(actor.getSnapshot().context).toEqual({ items: [], results: [] })

    actor.send({ type: 'deletion.request', items: [media] })
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    expect(calls).toEqual([[shop, blog], [media]])
  })

  it('deletes a name asked twice once', async () => {
    const { actor, calls } = startDeletion()
    actor.send({ type: 'deletion.request', items: [shop, blog, { name: 'shop', revision: 5 }] })
    expect(selectPendingItems(actor.getSnapshot())).toEqual([shop, blog])
    actor.send({ type: 'deletion.confirm' })
    await settled(actor)
    expect(calls).toEqual([[shop, blog]])
  })

  it('ignores a second request while one is asked or running', async () => {
    const { actor, calls } = startDeletion()
    actor.send({ type: 'deletion.request', items: [shop] })
    actor.send({ type: 'deletion.request', items: [blog] })
    expect(selectPendingItems(actor.getSnapshot())).toEqual([shop])
    actor.send({ type: 'deletion.confirm' })
    actor.send({ type: 'deletion.cancel' })
    expect(actor.getSnapshot().value).toBe('deleting')
    await settled(actor)
    expect(calls).toEqual([[shop]])
  })
})
