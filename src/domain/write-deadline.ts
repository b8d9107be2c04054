/**
 * The `code` of the platform's answer to a write it could not make within its deadline and did not make
 * (a 503: nothing was stored, it may be sent again): docs/api.md, "Write deadline". What a client reads,
 * not the answer's sentence.
 */
export const WRITE_DEADLINE_CODE = 'write_deadline'

/**
 * The `code` of the 503 for a write that met other transactions (a deadlock, a serialization failure) at
 * every attempt: each attempt rolled back, nothing was stored (docs/api.md, "The database away").
 */
export const CONTENDED_CODE = 'contended'

/**
 * The call failed with one of those answers, the platform's word that the write was not made (the API
 * client's error: `statusCode`, the answer's body in `data`).
 */
export function wasNotMade(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { statusCode, data } = error as { statusCode?: unknown; data?: unknown }
  const code = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined
  return statusCode === 503 && (code === WRITE_DEADLINE_CODE || code === CONTENDED_CODE)
}

/**
 * The platform answered and refused (a 4xx other than 408 and 429), or said it did not make the write
 * (`wasNotMade`): nothing was made. No answer, a time-out or another 5xx leave it unknown whether the call
 * took effect.
 */
export function wasRefused(error: unknown): boolean {
  if (wasNotMade(error)) return true
  const status =
    typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429
}
