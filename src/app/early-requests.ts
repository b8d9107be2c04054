/**
 * Requests index.html's inline script starts for a stored session while the JavaScript still downloads
 * (the session check, user, permissions, and the project in the URL): the restore takes their answers instead of
 * asking again. Each is handed out once, only for the same token, user and project, and any failure
 * (a 401, a network error, an answer that does not parse) makes the app ask again through its API
 * client, which reports a 401 as it always does.
 *
 * It also starts the page's own read when the address names a resource list (with no search but the
 * project: page 1 of 100 by name) or one resource's detail or edit page: the API client takes that answer
 * for the same URL and token (`response`, src/api/http.ts), as the response it would have fetched.
 *
 * And it finds the page's heading where the address alone gives it (a list, an add or edit page): index.html
 * shows it, with the frame's place, while the session is checked (src/prerender.tsx), and so does the
 * console's first render (`heading`), so that the page's heading is on screen from the first paint.
 */

export type EarlyKey = 'session' | 'user' | 'permissions' | 'projectPermissions' | 'projectInfo'

type EarlyState = {
  token: string
  email: string | null
  project: string | null
  /** The page's own read, by its URL. */
  responses?: Record<string, Promise<Response>>
  /** The page's heading, as the address gives it. */
  heading?: EarlyHeading
} & Partial<Record<EarlyKey, Promise<unknown>>>

/** A page's heading (its h1) and the sentence under it ('' for none), and the page it heads (`/websites-edit`). */
export type EarlyHeading = { title: string; description: string; page: string }

declare global {
  interface Window {
    __wadpEarly?: EarlyState
  }
}

export type EarlyRequests = {
  /** The early answer for `key` if it was started for this token (and this user or project): once. */
  take(key: EarlyKey, expected: { token: string; email?: string; project?: string }): Promise<unknown> | null
  /** The response to a GET of `url` if the script started it with this token: once. */
  response(url: string, token: string): Promise<Response> | null
  /** The page's heading index.html showed while the session is checked, or null. */
  heading: EarlyHeading | null
}

/**
 * How long after the console's start a page's early read is handed out: its page asks within its first
 * render; a read of the same URL later (the user went elsewhere first) asks anew rather than take an old answer.
 */
export const EARLY_READ_MS = 10_000

export function takeEarlyRequests(
  source: { __wadpEarly?: EarlyState } = window,
  now: () => number = () => performance.now(),
): EarlyRequests {
  const state = source.__wadpEarly
  delete source.__wadpEarly
  const readsUntil = now() + EARLY_READ_MS
  return {
    heading: state?.heading ?? null,
    take(key, expected) {
      if (!state || state.token !== expected.token) return null
      if (expected.email !== undefined && state.email !== expected.email) return null
      if (expected.project !== undefined && state.project !== expected.project) return null
      const promise = state[key] ?? null
      delete state[key]
      return promise
    },
    response(url, token) {
      const promise = state?.token === token && now() <= readsUntil ? state.responses?.[url] : undefined
      if (!promise) return null
      delete state?.responses?.[url]
      return promise
    },
  }
}

/** The early answer parsed as the API client would, or the API client's own request when there is none or it failed. */
export function earlyOr<T>(early: Promise<unknown> | null, parse: (body: unknown) => T, ask: () => Promise<T>) {
  return early ? early.then(parse).catch(() => ask()) : ask()
}
