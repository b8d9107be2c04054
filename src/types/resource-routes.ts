import { typeEntryOf } from './registry.ts'

/** The console's route name for an API type (`pagerules` → `page-rules`), from the type catalogue. */
export function routeNameOf(apiType: string): string {
  return typeEntryOf(apiType)?.route ?? apiType
}

/** What the console calls a type in lists and headings (the sidebar's words), from the type catalogue. */
export function typeLabelOf(apiType: string): string {
  return typeEntryOf(apiType)?.label ?? apiType
}

/** A type's list page: `/websites`, `/page-rules`; IP lists keep the spec's `/ipLists` (the type catalogue). */
export function listPathOf(apiType: string): string {
  return typeEntryOf(apiType)?.listPath ?? `/${routeNameOf(apiType)}`
}

/** One resource's detail page: `/websites-detail/shop`, `/iplist-detail/office`. */
export function detailPathOf(apiType: string, name: string): string {
  return `/${routeNameOf(apiType)}-detail/${encodeURIComponent(name)}`
}

/**
 * The page that shows a resource an audit entry names, or null when no page does (an organization or a
 * customer has no detail page; a backup or an invalidation is shown in its tool's list).
 */
export function pageOfResource(apiType: string, name: string): string | null {
  // An invalidation is an action, not a resource type: its page lists them.
  if (apiType === 'purge') return '/invalidation'
  const page = typeEntryOf(apiType)?.page
  if (page === undefined) return detailPathOf(apiType, name)
  return page === null ? null : page.replace('{name}', encodeURIComponent(name))
}

/** Where a reference picker reads the type it names. */
export function referenceTargetOf(type: string): {
  type: string
  service: 'core' | 'auth' | 'acme'
  scope: 'project' | 'platform'
} {
  const entry = typeEntryOf(type)
  return { type, service: entry?.service ?? 'core', scope: entry?.scope ?? 'project' }
}
