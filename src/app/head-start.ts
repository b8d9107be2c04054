/** An early answer older than this is not handed out: whoever asks later wants the current state. */
const FRESH_FOR_MS = 10_000

/**
 * Requests a sign-in is about to make one after another (user, permissions, the project in the URL),
 * started together the moment the token is accepted. The first caller of a key within 10 s gets the
 * early promise; anyone later fetches anew. Everything not taken is dropped when the session ends, so
 * nothing one session started reaches the next.
 */
export function createHeadStart(now: () => number = Date.now) {
  const pending = new Map<string, { promise: Promise<unknown>; at: number }>()
  return {
    start(key: string, request: () => Promise<unknown>) {
      const promise = request()
      // Whoever takes it handles a failure; one nobody takes must not surface as unhandled.
      promise.catch(() => {})
      pending.set(key, { promise, at: now() })
    },
    take<T>(key: string, request: () => Promise<T>): Promise<T> {
      const early = pending.get(key)
      pending.delete(key)
      return early && now() - early.at <= FRESH_FOR_MS ? (early.promise as Promise<T>) : request()
    },
    clear() {
      pending.clear()
    },
  }
}
export type HeadStart = ReturnType<typeof createHeadStart>
