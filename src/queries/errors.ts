import { errorMessage, isNotFound } from '../api/http.ts'

/**
 * How a failed query reads to the pages: whether what it asked for does not exist, and the server's own
 * message otherwise. Routes ask here rather than inspect the transport's errors themselves.
 */
export const queryError = {
  isNotFound,
  message: errorMessage,
}
