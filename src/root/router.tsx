import { createRouter } from '@tanstack/react-router'
import type { RouterContext } from '../app/router-context.ts'
import { routeTree } from '../routeTree.gen.ts'
import { ErrorPage } from '../views/ErrorPage.tsx'
import { NotFoundPage } from '../views/NotFoundPage.tsx'

/**
 * The default parser turns `?project=123` into the number 123; every search value stays a string here
 * and the routes' valibot schemas decide what it means.
 */
export function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search))
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    parseSearch,
    stringifySearch,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    defaultPreload: 'intent',
    // Preloaded data lives in TanStack Query, which decides freshness itself.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
