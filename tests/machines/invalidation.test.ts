import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  selectCurrent,
  selectErrors,
  selectIsConfirming,
  selectMessage,
} from '../../machines/invalidation.selectors.ts'
import { FOLLOW_INTERVAL_MS, invalidationMachine, MAX_MISSES } from '../../machines/invalidation.ts'
import { INVALIDATION_INPUT } from '../../src/app/machine-registry.ts'
import type { PurgeRecord, PurgeRequest } from '../../src/domain/purge.ts'

const record = (status: PurgeRecord['status'], request: PurgeRequest): PurgeRecord => ({
  ...request,
  name: 'p-1',
  status,
  per_node: [],
  created_at: '2026-11-24T10:00:00.000Z',
  created_by: 'ops@example.com',
})

/** The real machine with scripted calls: each read answers with the next status of `reads`. */
function start(
  options: { send?: (request: PurgeRequest) => Promise<PurgeRecord>; reads?: (PurgeRecord['status'] | Error)[] } = {},
) {
  const sent: PurgeRequest[] = []
  const reads = [...(options.reads ?? [])]
  let announced = 0
  const actor = createActor(
    invalidationMachine.provide({
      actors: {
        sendPurge: fromPromise<PurgeRecord, { request: PurgeRequest }>(async ({ input }) => {
          sent.push(input.request)
          return options.send ? options.send(input.request) : record('queued', input.request)
        }),
        readPurge: fromPromise<PurgeRecord, { name: string }>(async () => {
          const next = reads.shift() ?? 'completed'
          if (next instanceof Error) throw next
          return record(next, sent.at(-1) as PurgeRequest)
        }),
      },
      actions: {
        announceChange: () => {
          announced += 1
        },
      },
    }),
    { input: INVALIDATION_INPUT },
  )
  actor.start()
  return { actor, sent, announced: () => announced }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('invalidation', () => {
  it('sends nothing while a target is refused, and says which line', () => {
    const { actor, sent } = start()
    actor.send({ type: 'draft.change', patch: { text: 'https://shop.example.com/a\n\nhttps://evil.example.net/x' } })
    actor.send({ type: 'purge.submit' })
    expect(selectErrors(actor.getSnapshot())).toEqual([
      { field: 'targets', message: 'line 3: evil.example.net is not a domain of this project' },
    ])
    expect(actor.getSnapshot().value).toBe('editing')
    expect(sent).toEqual([])
  })

  it('sends a valid request, then follows it until it settled', async () => {
    const { actor, sent, announced } = start({ reads: ['in_progress', 'completed'] })
    actor.send({ type: 'draft.change', patch: { text: 'https://shop.example.com/a' } })
    actor.send({ type: 'purge.submit' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('following')).toBe(true))
    expect(sent).toEqual([{ type: 'url', targets: ['https://shop.example.com/a'], soft: false }])
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS)
    expect(selectCurrent(actor.getSnapshot())?.status).toBe('in_progress')
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS)
    expect(actor.getSnapshot().value).toBe('settled')
    expect(selectCurrent(actor.getSnapshot())?.status).toBe('completed')
    // Once when sent, once when settled: the recent list refreshes both times.
    expect(announced()).toBe(2)
  })

  it('asks before everything goes, and sends nothing when cancelled', async () => {
    const { actor, sent } = start()
    actor.send({ type: 'draft.change', patch: { type: 'all' } })
    actor.send({ type: 'purge.submit' })
    expect(selectIsConfirming(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'purge.cancel' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(sent).toEqual([])
    actor.send({ type: 'purge.submit' })
    actor.send({ type: 'purge.confirm' })
    await vi.waitFor(() => expect(sent).toEqual([{ type: 'all', targets: [], soft: false }]))
  })

  it('keeps what was typed and says why when the server refuses', async () => {
    const { actor } = start({ send: async () => Promise.reject(new Error('invalid invalidation: targets.0 gone')) })
    actor.send({ type: 'draft.change', patch: { type: 'host', text: 'shop.example.com' } })
    actor.send({ type: 'purge.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && selectMessage(snapshot) !== null)
    expect(selectMessage(actor.getSnapshot())).toBe('invalid invalidation: targets.0 gone')
    expect(actor.getSnapshot().context.draft).toEqual({ type: 'host', text: 'shop.example.com', soft: false })
  })

  it('sends an earlier request again as it was', async () => {
    const { actor, sent } = start()
    actor.send({ type: 'purge.again', request: { type: 'tag', targets: ['product-42'], soft: true } })
    await vi.waitFor(() => expect(sent).toEqual([{ type: 'tag', targets: ['product-42'], soft: true }]))
  })

  it('keeps a refused Purge again off the form: what the user typed is not marked with its targets', async () => {
    const refusal = Object.assign(new Error('invalid invalidation: targets.0 gone.example.com is not a domain'), {
      errors: [{ field: 'targets.0', message: 'gone.example.com is not a domain of this project' }],
    })
    const { actor } = start({ send: async () => Promise.reject(refusal) })
    actor.send({ type: 'draft.change', patch: { text: 'https://shop.example.com/typed' } })
    actor.send({ type: 'purge.again', request: { type: 'host', targets: ['gone.example.com'], soft: false } })
    await vi.waitFor(() => expect(selectMessage(actor.getSnapshot())).toBe(refusal.message))
    expect(selectErrors(actor.getSnapshot())).toEqual([])
    expect(actor.getSnapshot().context.draft.text).toBe('https://shop.example.com/typed')
    // The form's own request, refused, still marks its lines.
    const form = start({ send: async () => Promise.reject(refusal) })
    form.actor.send({ type: 'draft.change', patch: { text: 'https://shop.example.com/typed' } })
    form.actor.send({ type: 'purge.submit' })
    await vi.waitFor(() => expect(selectErrors(form.actor.getSnapshot())).toEqual(refusal.errors))
  })

  it('stops following after repeated failed reads and says the request went', async () => {
    const failures = Array.from({ length: MAX_MISSES }, () => new Error('network'))
    const { actor } = start({ reads: failures })
    actor.send({ type: 'purge.again', request: { type: 'tag', targets: ['a'], soft: false } })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('following')).toBe(true))
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS * MAX_MISSES)
    expect(actor.getSnapshot().value).toBe('settled')
    expect(selectMessage(actor.getSnapshot())).toBe(
      'The invalidation was sent, but its progress could not be read. It is in the list below.',
    )
  })
})
