import { errorMessage, isNotFound } from '../api/http.ts'
import { isUnavailableError, unavailableRetryMs } from '../domain/availability.ts'

/**
 * How a failed query reads to the pages: whether what it asked for does not exist, and the server's own
 * message otherwise. Routes ask here rather than inspect the transport's errors themselves.
 */
export const queryError = {
  isNotFound,
  /** The platform is away for a moment (a 503 while its database restarts): the query is asked again. */
  isUnavailable: isUnavailableError,
  message: errorMessage,
}

/**
 * How many times a query asks an unavailable platform again, at its Retry-After (2 s): five minutes'
 * worth, then it fails as any query does (issue 25). A page recovers without a reload meanwhile.
 */
export const UNAVAILABLE_RETRIES = 150

/**
 * A query's `retry`: while the platform is unavailable, again and again (see `UNAVAILABLE_RETRIES`);
 * any other failure `others` times (0 for a query whose failure must show at once, such as a 404).
 */
export function retryWhileUnavailable(others: number) {
  return (failureCount: number, error: unknown) =>
    isUnavailableError(error) ? failureCount < UNAVAILABLE_RETRIES : failureCount < others
}

/** A query's `retryDelay`: the platform's Retry-After while it is unavailable, else react-query's backing off. */
export function retryDelay(attempt: number, error: unknown): number {
  return isUnavailableError(error) ? unavailableRetryMs(error) : Math.min(1000 * 2 ** attempt, 30_000)
}

/**
 * A call outside the query cache (a project's permissions) asked again while the platform is unavailable,
 * as a query would be; any other failure, or the last one, is thrown.
 */
export async function whileUnavailable<T>(call: () => Promise<T>, tries = UNAVAILABLE_RETRIES): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call()
    } catch (error) {
      if (!isUnavailableError(error) || attempt + 1 >= tries) throw error
      await new Promise((resolve) => setTimeout(resolve, unavailableRetryMs(error)))
    }
  }
}
