import * as v from 'valibot'
import { type FieldError, toFieldErrors } from '../../src/domain/common.ts'
import type { CONTENDED_CODE, WRITE_DEADLINE_CODE } from '../../src/domain/write-deadline.ts'

/** The error codes the API sends (openapi.json, the error body's `code`). */
export type ErrorCode = typeof WRITE_DEADLINE_CODE | typeof CONTENDED_CODE

/** An error the API reports to its caller in the contract's format (API.md, "Envelope and errors"). */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429 | 500 | 503,
    message: string,
    readonly errors: FieldError[] = [],
    /** Extra payload, e.g. the current resource on a 409 for a stale revision. */
    readonly data?: unknown,
    /** A word a program acts on instead of the sentence (openapi.json's error `code`): `write_deadline`, `contended`. */
    readonly code?: ErrorCode,
  ) {
    super(message)
  }
}

/** A 429: the caller is to wait `retryAfter` seconds before it tries again (sent as Retry-After). */
export class RateLimited extends ApiError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(429, message)
  }
}

export const badRequest = (message: string, errors: FieldError[] = []) => new ApiError(400, message, errors)
export const fieldError = (field: string, message: string) => new ApiError(400, message, [{ field, message }])
export const unauthorized = (message = 'authentication required') => new ApiError(401, message)
export const forbidden = (permission: string) => new ApiError(403, `missing permission ${permission}`)
export const notFound = (what: string) => new ApiError(404, `${what} not found`)
export const conflict = (message: string, data?: unknown, errors: FieldError[] = []) =>
  new ApiError(409, message, errors, data)

export function errorBody(error: ApiError): Record<string, unknown> {
  return {
    message: error.message,
    errors: error.errors,
    ...(error.data === undefined ? {} : { data: error.data }),
    ...(error.code === undefined ? {} : { code: error.code }),
  }
}

/** A request body checked with a schema built at request time (one that depends on stored data). */
export function validBody<T extends v.GenericSchema>(schema: T, body: unknown, what: string): v.InferOutput<T> {
  const result = v.safeParse(schema, body)
  if (result.success) return result.output
  const errors = toFieldErrors(result.issues)
  throw badRequest(`invalid ${what}: ${errors.map((e) => `${e.field || 'body'} ${e.message}`).join('; ')}`, errors)
}
