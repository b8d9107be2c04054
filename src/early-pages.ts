import { projectSyncPath } from './api/configuration.ts'
import { serviceBase } from './api/http.ts'
import { projectPath, projectPermissionsPath } from './api/projects.ts'
import { collectionPath } from './api/resources.ts'
import { PERMISSIONS_PATH, SESSION_CHECK_PATH, userPath } from './api/session.ts'
import { DEFAULT_LIST_PARAMS } from './domain/list-params.ts'
import { HEADING_PROJECT, HEADING_TIMES, PAGE_HEADINGS } from './domain/page-headings.ts'
import { formTitle, resourceRoutes } from './domain/resource-ui.ts'
import { EARLY_HEADING_CLASS, EARLY_PROJECT_CLASS, STORAGE_KEYS } from './domain/session.ts'
import { TIMES_NOTE, ZONE_MARK } from './domain/time-zone.ts'
import { RESOURCE_UIS } from './types/screens.ts'

// Build-time: index.html's inline script that starts a stored session's requests and finds the page's
// heading (src/prerender.tsx), and the table of pages it carries. What the console does with them at run
// time is src/app/early-requests.ts, which stays free of this module's imports (the pages' headings, the
// types' screens): they would land in the start chunk.

/**
 * The resource pages whose read index.html's script starts (src/app/early-requests.ts): each type's list
 * (its first page, as src/api/resources.ts asks for it) and its detail and edit pages (the record), where
 * the route exists with a one-segment path. And the headings the address alone gives: a list's title, the
 * add page's and the edit page's (the name from the address), and the other pages' whose heading is
 * fixed (src/domain/page-headings.ts), shown while a stored session is checked.
 */
export function earlyPages(declared: readonly string[]): EarlyPages {
  const pages: EarlyPages['pages'] = {}
  const headings: EarlyPages['headings'] = {}
  const oneSegment = /^\/[^/]+$/
  for (const ui of RESOURCE_UIS) {
    const collection = serviceBase(ui.service) + collectionPath(ui, '{p}')
    const routes = resourceRoutes(ui)
    if (oneSegment.test(routes.list) && declared.includes(routes.list)) {
      pages[routes.list] = [collection, false]
      headings[routes.list] = [ui.title, '']
    }
    if (oneSegment.test(routes.add) && declared.includes(routes.add))
      headings[routes.add] = [formTitle(ui, 'create'), '']
    for (const [page, kind] of [
      [routes.detail(''), 'detail'],
      [routes.edit(''), 'edit'],
    ] as const) {
      const base = page.slice(0, -1)
      // The route's path is the base and the name's parameter: `/websites-detail/{-$website_name}`.
      const withName = (path: string) =>
        path.startsWith(`${base}/`) && /^\{-?\$\w+\}$/.test(path.slice(base.length + 1))
      if (!oneSegment.test(base) || !declared.some(withName)) continue
      pages[base] = [collection, true]
      // A record's detail is headed by its display name, which only its answer gives.
      if (kind === 'edit') headings[base] = [formTitle(ui, 'edit', EARLY_NAME), '']
    }
  }
  for (const [path, { title, description }] of Object.entries(PAGE_HEADINGS))
    if (declared.includes(path)) headings[path] = [title, description]
  const { page, items } = DEFAULT_LIST_PARAMS
  return { pages, headings, listQuery: `?page=${page}&items=${items}` }
}

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

/** Where a heading takes the record's name from the address: `Edit website {name}`. */
export const EARLY_NAME = '{name}'

/** The inline script (ES5, no dependency) that starts them; `src/prerender.tsx` puts it in index.html. */
export function earlyRequestsScript(early: EarlyPages = { pages: {}, headings: {}, listQuery: '' }): string {
  const keys = JSON.stringify({
    type: STORAGE_KEYS.authType,
    token: STORAGE_KEYS.authToken,
    oauth: STORAGE_KEYS.oauthToken,
    email: STORAGE_KEYS.userEmail,
  })
  // `text` (script) with every `mark` put in by `value` (script).
  const fill = (text: string, mark: string, value: string) => `${text}.split(${JSON.stringify(mark)}).join(${value})`
  // An API URL built by src/api's paths, the email or the project encoded in place of `{e}` or `{p}`.
  const [auth, core] = [serviceBase('auth'), serviceBase('core')]
  const path = (url: string, mark: string, value: string) => fill(JSON.stringify(url), mark, `c(${value})`)
  // The page's read: its path's first segment in the table, a second one only for a record, no search but
  // the project, and a project when the collection is a project's.
  const page = `var P=${JSON.stringify(early.pages)},a=location.pathname.split('/'),o=a.length<4&&P.hasOwnProperty('/'+a[1])&&P['/'+a[1]],r=a[2],only=1;new URLSearchParams(location.search).forEach(function(v,n){if(n!=='project')only=0});if(o&&only&&!o[1]===!r&&(p||o[0].indexOf('{p}')<0)){var u=o[0].replace('{p}',c(p||''))+(o[1]?'/'+c(decodeURIComponent(r)):${JSON.stringify(early.listQuery)}),f=fetch(u,{headers:h});f['catch'](function(){});w.responses[u]=f}`
  // The project's sync state, which the top bar's check reads once the page has painted: asked once the
  // project has answered (nothing for a project that is not there), after the page's own read.
  const sync = `if(p){var y=${path(core + projectSyncPath('{p}'), '{p}', 'p')},z=w.projectInfo.then(function(){return fetch(y,{headers:h})});z['catch'](function(){});w.responses[y]=z}`
  // The page's heading: a name from the address only where the heading has its place, never as markup
  // (the script after index.html's markup sets it as text). Marks <html> so that the first paint shows the frame.
  // The time zone as src/domain/time-zone.ts reads it, only for a page that says it.
  const zone = `(T&&T.Now&&T.Now.timeZoneId&&T.Now.timeZoneId())||Intl.DateTimeFormat().resolvedOptions().timeZone||'UTC'`
  const heading = `var H=${JSON.stringify(early.headings)},g=H.hasOwnProperty('/'+a[1])&&H['/'+a[1]],N=${JSON.stringify(EARLY_NAME)},d=document.documentElement,T=window.Temporal;if(p)d.classList.add(${JSON.stringify(EARLY_PROJECT_CLASS)});if(g&&a.length===(g[0].indexOf(N)<0?2:3)&&(a.length===2||r)){var q=g[1];if(!p&&q.indexOf(${JSON.stringify(HEADING_PROJECT)})>=0)q='';if(q.indexOf(${JSON.stringify(HEADING_TIMES)})>=0)q=${fill('q', HEADING_TIMES, fill(JSON.stringify(TIMES_NOTE), ZONE_MARK, zone))};w.heading={title:${fill('g[0]', EARLY_NAME, 'decodeURIComponent(r)')},description:${fill('q', HEADING_PROJECT, 'p')},page:'/'+a[1]};d.classList.add(${JSON.stringify(EARLY_HEADING_CLASS)})}`
  // The session's and the project's reads, as src/api asks them.
  const restore = [
    `w.session=j(${JSON.stringify(auth + SESSION_CHECK_PATH)})`,
    `w.permissions=j(${JSON.stringify(auth + PERMISSIONS_PATH)})`,
    `if(e)w.user=j(${path(auth + userPath('{e}'), '{e}', 'e')})`,
    `if(p){w.projectPermissions=j(${path(auth + projectPermissionsPath('{p}'), '{p}', 'p')})`,
    `w.projectInfo=j(${path(core + projectPath('{p}'), '{p}', 'p')})}`,
  ].join(';')
  return `(function(){try{var k=${keys},s=localStorage,t=s.getItem(k.type)==='oauth'?s.getItem(k.oauth):s.getItem(k.token);if(!t||!window.fetch)return;var h={authorization:'Bearer '+t},e=s.getItem(k.email),p=new URLSearchParams(location.search).get('project'),c=encodeURIComponent,j=function(u,o){var r=fetch(u,o||{headers:h}).then(function(x){return x.ok?x.json():Promise.reject(x.status)});r['catch'](function(){});return r},w={token:t,email:e,project:p,responses:{}};${restore};window.__wadpEarly=w;${page};${sync};${heading}}catch(x){}})()`
}
