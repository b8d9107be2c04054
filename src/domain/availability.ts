/**
 * Whether the platform is away for a moment (issue 25: its database stopped or restarting, a proxy with
 * no server behind it) rather than refusing what was asked: a 502, 503 or 504, or no answer at all (the
 * connection refused or dropped). Such a call is worth asking again by itself after a short wait; a 4xx
 * or a 500 is not. Read from the transport's error by its fields (ofetch's `FetchError`: `statusCode`,
 * `response`), so that machines can ask too.
 */
export function isUnavailableError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { statusCode, name, message } = error as { statusCode?: unknown; name?: unknown; message?: unknown }
  if (typeof statusCode === 'number') return statusCode === 502 || statusCode === 503 || statusCode === 504
  // No answer at all: refused or dropped. A time-out or a cancel is the caller's own decision, not this.
  return name === 'FetchError' && !(typeof message === 'string' && /timeout|aborted|abort/i.test(message))
}

/** The wait before asking an unavailable platform again: its `Retry-After` (1-30 s), else this. */
export const UNAVAILABLE_RETRY_MS = 2000

/** How long the platform asked to be left alone (`Retry-After` in seconds), within 1-30 s; else `UNAVAILABLE_RETRY_MS`. */
export function unavailableRetryMs(error: unknown): number {
  const response = (error as { response?: { headers?: { get?: (name: string) => string | null } } } | null)?.response
  const seconds = Number(response?.headers?.get?.('retry-after') ?? Number.NaN)
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(30, Math.max(1, seconds)) * 1000 : UNAVAILABLE_RETRY_MS
}
