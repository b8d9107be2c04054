import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  selectIsRotating,
  selectRotatedSecret,
  selectRotationQuestion,
} from '../../machines/secret-rotation.selectors.ts'
import { secretRotationMachine } from '../../machines/secret-rotation.ts'

const SECRET = 'wadp_TheNewSecretShownOnlyOnce0123456789'

function start(run: (name: string) => Promise<string>) {
  const calls: string[] = []
  const actor = createActor(
    secretRotationMachine.provide({
      actors: {
        rotateSecret: fromPromise<string, { name: string }>(({ input }) => {
          calls.push(input.name)
          return run(input.name)
        }),
      },
    }),
  )
  actor.start()
  return { actor, calls }
}

describe('secret rotation', () => {
  it('asks first, rotates once confirmed, shows the new secret once and then forgets it', async () => {
    const { actor, calls } = start(async () => SECRET)
    actor.send({ type: 'secret.rotate', name: 'pop-fr-par-9' })
    expect(selectRotationQuestion(actor.getSnapshot())).toEqual({ name: 'pop-fr-par-9', error: null })
    expect(calls).toEqual([])

    actor.send({ type: 'secret.confirm' })
    expect(selectIsRotating(actor.getSnapshot())).toBe(true)
    await waitFor(actor, (snapshot) => selectRotatedSecret(snapshot) !== null)
    expect(calls).toEqual(['pop-fr-par-9'])
    expect(selectRotationQuestion(actor.getSnapshot())).toBeNull()
    expect(selectRotatedSecret(actor.getSnapshot())).toEqual({ name: 'pop-fr-par-9', secret: SECRET })

    actor.send({ type: 'secret.dismiss' })
    expect(selectRotatedSecret(actor.getSnapshot())).toBeNull()
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(SECRET)
  })

  it('sends nothing when cancelled', () => {
    const { actor, calls } = start(async () => SECRET)
    actor.send({ type: 'secret.rotate', name: 'pop-fr-par-9' })
    actor.send({ type: 'secret.cancel' })
    expect(selectRotationQuestion(actor.getSnapshot())).toBeNull()
    expect(calls).toEqual([])
  })

  it('keeps the question with the reason when the rotation fails, and can try again', async () => {
    let fail = true
    const { actor, calls } = start(async () => {
      if (fail) throw new Error('node pop-fr-par-9 is simulated: only an edge agent node has a secret')
      return SECRET
    })
    actor.send({ type: 'secret.rotate', name: 'pop-fr-par-9' })
    actor.send({ type: 'secret.confirm' })
    await waitFor(actor, (snapshot) => !selectIsRotating(snapshot))
    expect(selectRotationQuestion(actor.getSnapshot())).toEqual({
      name: 'pop-fr-par-9',
      error: 'node pop-fr-par-9 is simulated: only an edge agent node has a secret',
    })
    expect(selectRotatedSecret(actor.getSnapshot())).toBeNull()

    fail = false
    actor.send({ type: 'secret.confirm' })
    // The old reason goes while the next try runs.
    expect(selectRotationQuestion(actor.getSnapshot())?.error).toBeNull()
    await waitFor(actor, (snapshot) => selectRotatedSecret(snapshot) !== null)
    expect(calls).toHaveLength(2)
  })
})
