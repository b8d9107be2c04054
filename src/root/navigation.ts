import type { AnyRouter } from '@tanstack/react-router'
import type { ConsoleActors, Notify } from '../app/router-context.ts'
import { storage } from '../app/storage.ts'
import { isLocalRedirect, LOGOUT_QUERY_KEY, SSO_CALLBACK_PATH } from '../domain/session.ts'
import { stringifySearch } from './router.tsx'

/** Paths a signed-out visitor may be on without it becoming the page to return to after sign-in. */
const PUBLIC_PATHS = new Set(['/', SSO_CALLBACK_PATH])

type Search = Record<string, unknown>

export function href(pathname: string, search: Search): string {
  return `${pathname}${stringifySearch(search)}`
}

/** Runs `task` after the browser has painted the next frame (a frame callback runs just before the paint). */
function afterNextPaint(task: () => void) {
  requestAnimationFrame(() => setTimeout(task, 0))
}

/**
 * Navigation follows machine state: emitted events become router navigations, and URL changes become
 * machine events. Nothing else in the console navigates on its own.
 */
export function connectNavigation(router: AnyRouter, actors: ConsoleActors, notify: Notify) {
  const location = () => router.state.location
  const search = () => location().search as Search
  const go = (to: string, replace = false) => void router.navigate({ href: to, replace })
  const signedIn = () => actors.session.getSnapshot().hasTag('signedIn')

  /** The page a signed-out visitor asked for, kept to return to after sign-in (spec section 5). */
  const rememberRequestedPage = () => {
    // An unknown URL shows the 404 page, signed in or not: it is no page to return to. Nor is the page of
    // the Session Expired dialog with its flag: its Continue's way to / names that page, without the flag.
    if (search()[LOGOUT_QUERY_KEY] !== undefined) return
    if (router.matchRoutes(router.latestLocation).some((match) => match._notFound)) return
    const { pathname, href: page } = location()
    const requested = PUBLIC_PATHS.has(pathname) ? search().redirect : page
    if (isLocalRedirect(requested)) storage.set(storage.keys.redirectAfterLogin, requested)
  }

  actors.session.on('session.signedIn', () => {
    const saved = storage.get(storage.keys.redirectAfterLogin)
    storage.remove(storage.keys.redirectAfterLogin)
    go(isLocalRedirect(saved) ? saved : '/home', true)
  })
  // The current page with the Session Expired dialog's flag (spec section 4, Expiry), or without it.
  const here = (flag?: string) => href(location().pathname, { ...search(), [LOGOUT_QUERY_KEY]: flag })
  actors.session.on('session.signedOut', ({ reason }) => {
    actors.project.send({ type: 'project.reset' })
    // An expired token keeps the dialog that says so (its Continue signs out, to /) instead of a bare sign-in page.
    if (reason === 'tokenExpired') go(here('true'), true)
    // To / and no project (spec section 4, Logout): the root's search middleware would keep ?project= on
    // a bare '/', so the key is named, empty. The last selected project stays stored for the next sign-in.
    // From the Session Expired dialog (its flag in the URL), the page under it is the one to return to.
    else
      void router.navigate({
        to: '/',
        search: { project: undefined, redirect: search()[LOGOUT_QUERY_KEY] ? here() : undefined },
        replace: true,
      })
  })
  actors.session.on('session.expiredNotice', () => go(here('true')))
  actors.session.on('session.notify', ({ message }) => notify(message))
  // Refreshing the user's permissions covers the open project's too, which decide most of what is shown.
  actors.session.on('session.refreshed', () => actors.project.send({ type: 'project.refresh' }))

  // The default is looked up from the first URL: one that names a project since (the sign-in page's
  // redirect, followed at once) is the one to open, not the default put in its place.
  actors.project.on('project.defaulted', ({ name }) => {
    const named = projectInUrl()
    if (named) actors.project.send({ type: 'project.urlChanged', project: named })
    else go(href(location().pathname, { ...search(), project: name }), true)
  })
  actors.project.on('project.navigate', ({ name }) =>
    name
      ? go(href('/home', { project: name }))
      : // Cleared: /home without a query. The root's search middleware keeps ?project= on every link unless
        // the new search names the key, so it is named, empty.
        void router.navigate({ to: '/home', search: { project: undefined } }),
  )

  let wasSignedIn = false
  actors.session.subscribe((snapshot) => {
    const now = snapshot.hasTag('signedIn')
    if (now && !wasSignedIn) actors.project.send({ type: 'project.urlChanged', project: projectInUrl() })
    if (!now && snapshot.hasTag('signedOut') && wasSignedIn === false) rememberRequestedPage()
    wasSignedIn = now
  })
  const projectInUrl = () => {
    const project = search().project
    return typeof project === 'string' && project !== '' ? project : null
  }
  router.subscribe('onResolved', () => {
    if (signedIn()) actors.project.send({ type: 'project.urlChanged', project: projectInUrl() })
    else if (actors.session.getSnapshot().hasTag('signedOut')) rememberRequestedPage()
  })
}

/** The project's sync check follows the selected project (its notifications: src/app/shell-actors.ts). */
export function connectConfiguration(actors: ConsoleActors) {
  // A project's sync check starts once its page has painted: its requests never hold up that first paint.
  // A project that is not there for the user (it does not exist, or is not theirs) has nothing to check.
  let synced: string | null = null
  actors.project.subscribe((snapshot) => {
    const project = snapshot.hasTag('unavailable') ? null : snapshot.context.project
    if (project === synced) return
    if (project !== null && !snapshot.hasTag('ready') && !snapshot.hasTag('error')) return
    synced = project
    afterNextPaint(() => actors.projectSync.send({ type: 'sync.projectChanged', project }))
  })
}
