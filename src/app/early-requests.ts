import { HEADING_PROJECT, HEADING_TIMES } from '../domain/page-headings.ts'
import { EARLY_HEADING_CLASS, EARLY_PROJECT_CLASS, STORAGE_KEYS } from '../domain/session.ts'
import { TIMES_NOTE, ZONE_MARK } from '../domain/time-zone.ts'

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

/**
 * The pages whose read the script starts, by the first segment of their path (`/websites`,
 * `/websites-detail`): the API collection (`{p}` for the project) and whether the page reads one record
 * (its name is the path's second segment) or the collection's first page (`listQuery`).
 */
export type EarlyPages = {
  pages: Record<string, [collection: string, record: boolean]>
  /**
   * Headings and their descriptions ('' for none) by the path's first segment. A heading with `EARLY_NAME`
   * is a record's page, the name put in its place; a description may hold the project and the times'
   * sentence (src/domain/page-headings.ts), and is left out when it needs a project the address does not name.
   */
  headings: Record<string, [title: string, description: string]>
  listQuery: string
}

/** A page's heading (its h1) and the sentence under it ('' for none), and the page it heads (`/websites-edit`). */
export type EarlyHeading = { title: string; description: string; page: string }

/** Where a heading takes the record's name from the address: `Edit website {name}`. */
export const EARLY_NAME = '{name}'

declare global {
  interface Window {
    __wadpEarly?: EarlyState
  }
}

/** The inline script (ES5, no dependency) that starts them; `src/prerender.tsx` puts it in index.html. */
export function earlyRequestsScript(early: EarlyPages = { pages: {}, headings: {}, listQuery: '' }): string {
  const keys = JSON.stringify({
    type: STORAGE_KEYS.authType,
    token: STORAGE_KEYS.authToken,
    oauth: STORAGE_KEYS.oauthToken,
    email: STORAGE_KEYS.userEmail,
  })
  // The page's read: its path's first segment in the table, a second one only for a record, no search but
  // the project, and a project when the collection is a project's.
  const page = `var P=${JSON.stringify(early.pages)},a=location.pathname.split('/'),o=a.length<4&&P.hasOwnProperty('/'+a[1])&&P['/'+a[1]],r=a[2],only=1;new URLSearchParams(location.search).forEach(function(v,n){if(n!=='project')only=0});if(o&&only&&!o[1]===!r&&(p||o[0].indexOf('{p}')<0)){var u=o[0].replace('{p}',c(p||''))+(o[1]?'/'+c(decodeURIComponent(r)):${JSON.stringify(early.listQuery)}),f=fetch(u,{headers:h});f['catch'](function(){});w.responses={};w.responses[u]=f}`
  // The page's heading: a name from the address only where the heading has its place, never as markup
  // (the script after index.html's markup sets it as text). Marks <html> so that the first paint shows the frame.
  const fill = (text: string, mark: string, value: string) => `${text}.split(${JSON.stringify(mark)}).join(${value})`
  // The time zone as src/domain/time-zone.ts reads it, only for a page that says it.
  const zone = `(T&&T.Now&&T.Now.timeZoneId&&T.Now.timeZoneId())||Intl.DateTimeFormat().resolvedOptions().timeZone||'UTC'`
  const heading = `var H=${JSON.stringify(early.headings)},g=H.hasOwnProperty('/'+a[1])&&H['/'+a[1]],N=${JSON.stringify(EARLY_NAME)},d=document.documentElement,T=window.Temporal;if(p)d.classList.add(${JSON.stringify(EARLY_PROJECT_CLASS)});if(g&&a.length===(g[0].indexOf(N)<0?2:3)&&(a.length===2||r)){var q=g[1];if(!p&&q.indexOf(${JSON.stringify(HEADING_PROJECT)})>=0)q='';if(q.indexOf(${JSON.stringify(HEADING_TIMES)})>=0)q=${fill('q', HEADING_TIMES, fill(JSON.stringify(TIMES_NOTE), ZONE_MARK, zone))};w.heading={title:${fill('g[0]', EARLY_NAME, 'decodeURIComponent(r)')},description:${fill('q', HEADING_PROJECT, 'p')},page:'/'+a[1]};d.classList.add(${JSON.stringify(EARLY_HEADING_CLASS)})}`
  return `(function(){try{var k=${keys},s=localStorage,t=s.getItem(k.type)==='oauth'?s.getItem(k.oauth):s.getItem(k.token);if(!t||!window.fetch)return;var h={authorization:'Bearer '+t},e=s.getItem(k.email),p=new URLSearchParams(location.search).get('project'),c=encodeURIComponent,j=function(u,o){var r=fetch(u,o||{headers:h}).then(function(x){return x.ok?x.json():Promise.reject(x.status)});r['catch'](function(){});return r},w={token:t,email:e,project:p};w.session=j('/api/auth/v0/auth/check');w.permissions=j('/api/auth/v0/auth/permissions');if(e)w.user=j('/api/auth/v0/users/'+c(e));if(p){w.projectPermissions=j('/api/auth/v0/projects/'+c(p)+'/permissions');w.projectInfo=j('/api/core/v0/projects/'+c(p))}window.__wadpEarly=w;${page};${heading}}catch(x){}})()`
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
