import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  selectFailure,
  selectIsConfirmingReplace,
  selectIsOpen,
  selectReport,
} from '../../machines/ip-import.selectors.ts'
import { type ImportMode, type ImportReport, ipImportMachine } from '../../machines/ip-import.ts'

type Call = { text: string; mode: ImportMode; revision: number }

function start(answer: (call: Call) => Promise<ImportReport> = async (call) => report(call.revision + 1)) {
  const calls: Call[] = []
  let announced = 0
  const actor = createActor(
    ipImportMachine.provide({
      actors: {
        importAddresses: fromPromise<ImportReport, Call>(async ({ input }) => {
          calls.push(input)
          return answer(input)
        }),
      },
      actions: {
        announceImported: () => {
          announced += 1
        },
      },
    }),
    { input: { revision: 3 } },
  )
  actor.start()
  return { actor, calls, announced: () => announced }
}

const report = (revision: number): ImportReport => ({
  added: 2,
  duplicates: 1,
  invalid: [{ line: 3, text: '10.0.0.999', message: 'must be an IPv4 or IPv6 address, optionally with a /prefix' }],
  revision,
  entryCount: 6,
})

describe('pasting addresses into an IP list', () => {
  it('sends the text with the revision shown, reports, and the next import goes against the revision shown then', async () => {
    const { actor, calls, announced } = start()
    actor.send({ type: 'import.open' })
    expect(selectIsOpen(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'import.change', text: '10.0.0.1\n10.0.0.1\n10.0.0.999\n10.0.0.2' })
    actor.send({ type: 'import.submit', revision: 3 })
    await waitFor(actor, (snapshot) => snapshot.matches('reported'))
    expect(calls).toEqual([{ text: '10.0.0.1\n10.0.0.1\n10.0.0.999\n10.0.0.2', mode: 'append', revision: 3 }])
    expect(selectReport(actor.getSnapshot())).toEqual(report(4))
    expect(announced()).toBe(1)
    actor.send({ type: 'import.open' })
    expect(actor.getSnapshot().context.text).toBe('')
    actor.send({ type: 'import.change', text: '10.0.0.3' })
    actor.send({ type: 'import.submit', revision: 4 })
    await waitFor(actor, (snapshot) => snapshot.matches('reported'))
    expect(calls[1]?.revision).toBe(4)
  })

  it('asks before a replace, and sends nothing when the user goes back', async () => {
    const { actor, calls } = start()
    actor.send({ type: 'import.open' })
    actor.send({ type: 'import.change', text: '192.0.2.1' })
    actor.send({ type: 'import.mode', mode: 'replace' })
    actor.send({ type: 'import.submit', revision: 3 })
    expect(selectIsConfirmingReplace(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'import.cancel' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(calls).toEqual([])
    actor.send({ type: 'import.submit', revision: 3 })
    actor.send({ type: 'import.confirm' })
    await waitFor(actor, (snapshot) => snapshot.matches('reported'))
    expect(calls.map((call) => call.mode)).toEqual(['replace'])
  })

  it('says so and sends nothing when nothing was pasted', () => {
    const { actor, calls } = start()
    actor.send({ type: 'import.open' })
    actor.send({ type: 'import.change', text: '  \n ' })
    actor.send({ type: 'import.submit', revision: 3 })
    expect(selectFailure(actor.getSnapshot())?.message).toBe('Paste at least one address or network.')
    expect(calls).toEqual([])
  })

  it('keeps the text when the list changed meanwhile, and imports against the revision read since', async () => {
    let first = true
    const { actor, calls } = start(async (call) => {
      if (first) {
        first = false
        throw { stale: true, message: 'ops@example.com changed this list meanwhile' }
      }
      return report(call.revision + 1)
    })
    actor.send({ type: 'import.open' })
    actor.send({ type: 'import.change', text: '10.0.0.1' })
    actor.send({ type: 'import.submit', revision: 3 })
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && selectFailure(snapshot) !== null)
    expect(selectFailure(actor.getSnapshot())).toEqual({
      stale: true,
      message: 'ops@example.com changed this list meanwhile',
    })
    expect(actor.getSnapshot().context.text).toBe('10.0.0.1')
    // The page shows the other version now, and sends its revision.
    actor.send({ type: 'import.submit', revision: 9 })
    await waitFor(actor, (snapshot) => snapshot.matches('reported'))
    expect(calls.map((call) => call.revision)).toEqual([3, 9])
  })
})
