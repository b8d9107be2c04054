import type { FieldError } from '../../src/domain/common.ts'

/**
 * The request of a dialog as it shows it: busy, or the server's reason for the last refusal, with what
 * it said of each field (`fieldErrors`, which the resource actions keep on the error they throw).
 */
export const requestOf = (mutation: { isPending: boolean; error: Error | null }) => ({
  busy: mutation.isPending,
  error: mutation.error?.message ?? null,
  fieldErrors: fieldErrorsOf(mutation.error),
})

function fieldErrorsOf(error: Error | null): FieldError[] {
  const found: unknown = error && 'fieldErrors' in error ? error.fieldErrors : undefined
  return Array.isArray(found)
    ? found.filter((item): item is FieldError => typeof item?.field === 'string' && typeof item?.message === 'string')
    : []
}
