import { type $Fetch, FetchError, ofetch } from 'ofetch'
import { SERVICE_NAMES } from '../domain/platform-info.ts'
import { answerMessage } from '../domain/session.ts'

export const services = SERVICE_NAMES
export type Service = (typeof services)[number]

/** Spec section 9: every platform call times out after 5000 ms unless a call says otherwise. */
export const DEFAULT_TIMEOUT_MS = 5000
/** Spec sections 7 and 9: statistics queries have a client of their own that waits up to 100 s. */
export const STATS_TIMEOUT_MS = 100_000
/** A service's API base path (API.md): `/api/{service}/v0`. */
export const serviceBase = (service: Service) => `/api/${service}/v0`

export type ApiClients = Record<Service, $Fetch> & {
  /** Files the console's own server publishes next to the app (version.json, config.json), asked as every call. */
  site: $Fetch
  /** Statistics queries (`/api/stats/v0/queries`), with their long time-out; a call's `signal` still cancels it. */
  statsQueries: $Fetch
}

export type ApiOptions = {
  /** The stored bearer token, read at each call (it changes at sign-in and sign-out). */
  getToken: () => string | null
  /** Every 401 passes through here with the server's message (the session machine decides). */
  onUnauthorized: (message: string) => void
  /**
   * The response to a GET of this URL with this token that index.html's script already started
   * (src/app/early-requests.ts), if any: taken instead of asking again. A network failure asks again.
   */
  early?: (url: string, token: string) => Promise<Response> | null
}

/** The server's error message (`{"message": …}`), else the transport's. */
export function errorMessage(error: unknown): string {
  if (error instanceof FetchError) {
    const message = answerMessage(error.data)
    if (message) return message
    if (error.name === 'AbortError' || /timeout|aborted/i.test(error.message))
      return 'The platform did not answer in time.'
    return error.statusCode
      ? `${error.statusCode} ${error.statusText ?? ''}`.trim()
      : 'The platform could not be reached.'
  }
  // An answer of a shape the console does not know (another implementation, a proxy): valibot's words say
  // what was wrong, not where.
  if (error instanceof Error && error.name === 'ValiError')
    return `The platform's answer could not be read (${error.message}).`
  return error instanceof Error ? error.message : String(error)
}

/**
 * A signal that aborts with the caller's `signal`, or after `ms` with an AbortError whose message says
 * 'timeout' (what `errorMessage` and `isUnavailableError` read). Every attempt
 * gets its own: ofetch arms its time-out only for a call without a signal, and its retry of a GET (once,
 * after no answer or a 5xx) reused the first attempt's signal, whose timer was gone, so a retry or a call
 * with a signal could wait for ever. An AbortError, not a TimeoutError, so that ofetch does not retry a
 * call that ran out of time: a call takes its time-out, not twice that.
 */
function withDeadline(signal: AbortSignal | null | undefined, ms: number) {
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(new DOMException('timeout', 'AbortError')), ms)
  return {
    signal: signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal,
    done: () => clearTimeout(timer),
  }
}

/** `promise`, or the signal's reason once it aborts first (an early answer that never comes). */
function until<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason))
    promise.then(resolve, reject)
  })
}

/**
 * A call's own time-out (ofetch's `timeout` option: the search's 45 s, an import's 60 s), moved by
 * onRequest under a key of ours: given to ofetch, it would arm a timer of its own and then retry a GET
 * that ran out of time (it retries an abort whenever `timeout` is set), and the client's deadline cut
 * the call short anyway. Kept on the options, which ofetch passes to fetch and copies into a retry.
 */
type CallDeadline = { wadpTimeout?: number }

export function createApi(options: ApiOptions): ApiClients {
  // The URL as ofetch built it (base, path and query) and the headers its onRequest set; each attempt
  // within its own deadline (withDeadline: the call's own time-out, else the client's), an early answer too.
  const fetchWithin =
    (ms: number): typeof fetch =>
    (input, init) => {
      const { signal, done } = withDeadline(init?.signal, (init as CallDeadline | undefined)?.wadpTimeout ?? ms)
      const asked = { ...init, signal }
      const token = options.getToken()
      const early =
        options.early && token && typeof input === 'string' && (init?.method ?? 'GET') === 'GET'
          ? options.early(input, token)
          : null
      return (early ? until(early, signal).catch(() => fetch(input, asked)) : fetch(input, asked)).finally(done)
    }
  const client = (baseURL: string, timeout = DEFAULT_TIMEOUT_MS) =>
    ofetch.create(
      {
        baseURL,
        onRequest({ options: request }) {
          if (request.timeout !== undefined) {
            ;(request as CallDeadline).wadpTimeout = request.timeout
            request.timeout = undefined
          }
          const token = options.getToken()
          if (token) request.headers.set('Authorization', `Bearer ${token}`)
        },
        onResponseError({ response }) {
          if (response.status !== 401) return
          options.onUnauthorized(answerMessage(response._data))
        },
      },
      { fetch: fetchWithin(timeout) },
    )
  return {
    auth: client(serviceBase('auth')),
    core: client(serviceBase('core')),
    purge: client(serviceBase('purge')),
    acme: client(serviceBase('acme')),
    stats: client(serviceBase('stats')),
    statsQueries: client(`${serviceBase('stats')}/queries`, STATS_TIMEOUT_MS),
    site: client('/'),
  }
}

/** A 403: the caller lacks the permission (as opposed to a failure worth reporting). */
export function isForbidden(error: unknown): boolean {
  return error instanceof FetchError && error.statusCode === 403
}

/** A 404: what the call named does not exist (a resource, or a type the platform does not serve). */
export function isNotFound(error: unknown): boolean {
  return error instanceof FetchError && error.statusCode === 404
}
