import { assign, setup } from 'xstate'
import { notProvided } from './not-provided.ts'

/**
 * A resource's secret replaced by a new one (an edge agent node's): the question says the old one stops
 * working at once, one request rotates it, and the new secret is shown once. It is held in this
 * machine's context only while shown (never in the query cache, a URL or storage) and forgotten when
 * the user says they have it.
 */

export type SecretRotationContext = {
  /** The resource whose secret is rotated; null while nothing is asked. */
  name: string | null
  /** The new secret, while it is shown. */
  secret: string | null
  /** Why the rotation failed: the question stays, saying it. */
  error: string | null
}

export type SecretRotationEvent =
  | { type: 'secret.rotate'; name: string }
  | { type: 'secret.confirm' }
  | { type: 'secret.cancel' }
  | { type: 'secret.dismiss' }

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error))

export const secretRotationMachine = setup({
  types: {
    context: {} as SecretRotationContext,
    events: {} as SecretRotationEvent,
  },
  actors: {
    /** Gives the resource a new secret and returns it; the old one stops working. */
    rotateSecret: notProvided<string, { name: string }>('rotateSecret'),
  },
}).createMachine({
  id: 'secretRotation',
  description:
    'A new secret for a resource (an edge agent node): confirm that the old one stops working, rotate, then show the new one once.',
  context: { name: null, secret: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'secret.rotate': { target: 'confirming', actions: assign(({ event }) => ({ name: event.name, error: null })) },
      },
    },
    confirming: {
      tags: 'asking',
      on: {
        'secret.confirm': 'rotating',
        'secret.cancel': { target: 'idle', actions: assign({ name: null, error: null }) },
      },
    },
    rotating: {
      tags: ['asking', 'busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'rotateSecret',
        src: 'rotateSecret',
        input: ({ context }) => ({ name: context.name ?? '' }),
        onDone: { target: 'revealing', actions: assign(({ event }) => ({ secret: event.output })) },
        onError: { target: 'confirming', actions: assign(({ event }) => ({ error: errorMessage(event.error) })) },
      },
    },
    // Shown until the user says they have it: nothing else can show it again.
    revealing: {
      tags: 'secret',
      on: { 'secret.dismiss': { target: 'idle', actions: assign({ name: null, secret: null }) } },
    },
  },
})
