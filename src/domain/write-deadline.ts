/**
 * The `code` of the platform's answer to a write it could not make within its deadline and did not make
 * (a 503: nothing was stored, it may be sent again): docs/api.md, "Write deadline". What a client reads,
 * not the answer's sentence.
 */
export const WRITE_DEADLINE_CODE = 'write_deadline'

/** The call failed with that answer (the API client's error: `statusCode`, the answer's body in `data`). */
export function wasNotMadeInTime(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { statusCode, data } = error as { statusCode?: unknown; data?: unknown }
  return (
    statusCode === 503 &&
    typeof data === 'object' &&
    data !== null &&
    (data as { code?: unknown }).code === WRITE_DEADLINE_CODE
  )
}
