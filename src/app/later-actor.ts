import type { AnyActorRef, ContextFrom, Observer, SnapshotFrom, Subscription } from 'xstate'
import type { globalSearchMachine } from '../../machines/global-search.ts'
import type { projectSelectorMachine } from '../../machines/project-selector.ts'
import type { syncStatusMachine } from '../../machines/sync-status.ts'

/** What the console uses of a root actor: a LaterActor gives the same. */
export type LaterActor<TActor extends AnyActorRef> = Pick<TActor, 'send' | 'getSnapshot' | 'subscribe' | 'on'>

/**
 * Root actors whose machines come in a chunk of their own, loaded once the shell is idle after its first
 * paint (`load`) or with the first event sent to one of them (issue 27: a page's first render draws nothing
 * of them). Each stands in for its actor from the start, so the routes read and send to it as to any root
 * actor: an event sent before the actors are there is kept and delivered, in order, once they have started;
 * a subscription or a listener of emitted events is attached then (a subscriber is told the actor's
 * snapshot at once). Until then a snapshot is `before`'s, the machine's initial state (STAND_INS).
 */
export function laterActors<TActors extends Record<string, AnyActorRef>>(
  before: { [K in keyof TActors]: SnapshotFrom<TActors[K]> },
  start: () => Promise<TActors>,
): { actors: { [K in keyof TActors]: LaterActor<TActors[K]> }; load: () => Promise<unknown> } {
  const arrivals: ((started: TActors) => void)[] = []
  let loading: Promise<unknown> | null = null
  const load = () => {
    loading ??= start().then(
      (started) => {
        for (const arrive of arrivals) arrive(started)
      },
      // A chunk that failed to load (the chunk-reload machine handles it): asked for again on next use.
      () => {
        loading = null
      },
    )
    return loading
  }
  const actors = Object.fromEntries(
    Object.keys(before).map((name) => {
      const { stand, arrive } = laterActor(before[name] as SnapshotFrom<AnyActorRef>, load)
      arrivals.push((started) => arrive(started[name] as AnyActorRef))
      return [name, stand]
    }),
  )
  return { actors: actors as { [K in keyof TActors]: LaterActor<TActors[K]> }, load }
}

function laterActor(before: SnapshotFrom<AnyActorRef>, load: () => void) {
  let actor: AnyActorRef | null = null
  const sent: unknown[] = []
  const attachments = new Set<(arrived: AnyActorRef) => void>()
  const arrive = (arrived: AnyActorRef) => {
    actor = arrived
    for (const attach of attachments) attach(arrived)
    attachments.clear()
    for (const event of sent.splice(0)) arrived.send(event)
  }
  /** Attaches once the actor is there; the subscription it returns ends either way. */
  const later = (attach: (arrived: AnyActorRef) => Subscription, told?: (arrived: AnyActorRef) => void) => {
    if (actor) return attach(actor)
    let attached: Subscription | null = null
    const attachment = (arrived: AnyActorRef) => {
      attached = attach(arrived)
      told?.(arrived)
    }
    attachments.add(attachment)
    return {
      unsubscribe: () => {
        attachments.delete(attachment)
        attached?.unsubscribe()
      },
    }
  }
  const stand: LaterActor<AnyActorRef> = {
    getSnapshot: () => (actor ? actor.getSnapshot() : before),
    send: (event) => {
      if (actor) return actor.send(event)
      sent.push(event)
      load()
    },
    subscribe: (
      next?: Observer<unknown> | ((snapshot: unknown) => void),
      error?: (error: unknown) => void,
      complete?: () => void,
    ) => {
      const observer = typeof next === 'object' ? next : { next, error, complete }
      return later(
        (arrived) => arrived.subscribe(observer),
        (arrived) => observer.next?.(arrived.getSnapshot()),
      )
    },
    on: (type, handler) => later((arrived) => arrived.on(type, handler)),
  }
  return { stand, arrive }
}

/**
 * A machine's initial state before its code is there: what its selectors and /debug read (the state's value,
 * its context, no tags). tests/app/later-actor.test.ts holds each to the real machine's initial snapshot.
 */
function standIn<TMachine>(value: string, context: ContextFrom<TMachine>): SnapshotFrom<TMachine> {
  return { status: 'active', value, context, hasTag: () => false } as never
}

const syncContext = (kind: 'project' | 'admin') => ({
  kind,
  project: null,
  autoStart: false,
  maxAttempts: 300,
  explicit: false,
  attempts: 0,
  seenUpdated: [],
  latest: null,
  result: null,
  message: null,
})

/** The initial snapshots of the later root actors, as src/root/console.ts creates them. */
export const STAND_INS = {
  projectSelector: standIn<typeof projectSelectorMachine>('closed', { filter: '' }),
  globalSearch: standIn<typeof globalSearchMachine>('idle', { text: '', query: '' }),
  projectSync: standIn<typeof syncStatusMachine>('idle', syncContext('project')),
  adminSync: standIn<typeof syncStatusMachine>('idle', syncContext('admin')),
}
