/**
 * Deleting a customer or a project (management pages, RESOURCES.md): what goes is shown counted first,
 * and the name must be typed again before the delete is offered.
 */

export type TenancyKind = 'customer' | 'project'

/** What a deletion removes (`GET /api/auth/v0/{customers|projects}/{name}/deletion-preview`). */
export type DeletionPreview = {
  /** The projects deleted, sorted by name (the project itself, or the customer's). */
  projects: string[]
  /** Resources stored in those projects, counted by API type. */
  resources: Record<string, number>
  /** API tokens limited to one of them: each loses it, one left with none is revoked. */
  tokens_limited_to_it: number
}

/** Whether the typed text names the chosen one: exactly, but for spaces around it. */
export const typedNameMatches = (typed: string, name: string | null) => name !== null && typed.trim() === name

/** The preview's resource counts, largest first, without the types it holds none of. */
export function resourceCounts(preview: DeletionPreview): { type: string; count: number }[] {
  return Object.entries(preview.resources)
    .filter(([, count]) => count > 0)
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type))
}

/** Whether deleting needs `cascade=true`: a customer that still has projects. */
export const needsCascade = (kind: TenancyKind, preview: DeletionPreview | null) =>
  kind === 'customer' && (preview?.projects.length ?? 0) > 0
