/**
 * /debug shows the root machines' context: secrets never reach the screen. A key naming a token, a
 * secret, a password or an authorization (any case, as part of a longer name too: `credentials.token`,
 * `client_secret`, `Authorization`) has its value replaced, and so does any text that is a bearer token.
 */
export const MASK = '••••'

const SECRET_KEY = /token|secret|password|passwd|authorization|api[-_]?key|cookie/i
const BEARER = /^bearer\s+[\w.~+/=-]+$/i
/** How deep a context is shown; deeper values are summarized. */
const MAX_DEPTH = 12

/** Whether a key's value is a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key)
}

/**
 * A JSON-ready copy of `value` with secrets masked: functions, actor references and cycles are named
 * instead of followed, dates become ISO texts, errors their message, maps and sets plain objects and lists.
 */
export function maskSecrets(value: unknown): unknown {
  const seen = new WeakSet<object>()
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return BEARER.test(item) ? MASK : item
    if (typeof item === 'function') return '[function]'
    if (typeof item === 'bigint') return item.toString()
    if (typeof item === 'symbol') return item.toString()
    if (item === null || typeof item !== 'object') return item
    if (item instanceof Date) return Number.isNaN(item.getTime()) ? 'Invalid Date' : item.toISOString()
    if (item instanceof Error) return { error: item.message }
    if (seen.has(item)) return '[circular]'
    if (depth >= MAX_DEPTH) return '[…]'
    // An actor reference (a spawned or invoked child) is named, not expanded.
    if ('sessionId' in item && 'send' in item && typeof item.send === 'function')
      return `[actor ${String((item as { id?: unknown }).id ?? '')}]`
    seen.add(item)
    try {
      if (Array.isArray(item)) return item.map((entry) => walk(entry, depth + 1))
      if (item instanceof Set) return [...item].map((entry) => walk(entry, depth + 1))
      const entries = item instanceof Map ? [...item.entries()].map(([k, v]) => [String(k), v]) : Object.entries(item)
      return Object.fromEntries(
        entries.map(([key, entry]) => [
          key,
          isSecretKey(key) && entry !== null && entry !== undefined && entry !== '' ? MASK : walk(entry, depth + 1),
        ]),
      )
    } finally {
      seen.delete(item)
    }
  }
  return walk(value, 0)
}
