import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { getProjectSync } from '../api/configuration.ts'
import type { ApiClients } from '../api/http.ts'
import { getResource, listResources } from '../api/resources.ts'
import type { ResourceListParams } from '../domain/list-params.ts'
import { type Draft, getPath, type ResourceUi, setPath } from '../domain/resource-ui.ts'
import { nextTurn } from '../ui/nextTask.ts'
import { retryWhileUnavailable } from './errors.ts'
import { RESOURCES_KEY, resourceTypeKey } from './resource-keys.ts'

type Target = Pick<ResourceUi, 'type' | 'service' | 'scope'>

/** How long a list page stays fresh (hover to click, a quick return from a detail page). */
export const LIST_FRESH_MS = 10_000

/** Reference pickers offer the first names by name; typing in the picker narrows on the server. */
export const PICKER_ITEMS = 1000

/**
 * Every resource type's queries under one hierarchy: `resources/type/project` -> `list` (one page) and
 * `detail` (one resource), so a write invalidates the type's lists and the resource by prefix.
 */
export function resourceQueries(api: ApiClients) {
  const all = RESOURCES_KEY
  const ofType = (ui: Target, project: string) => resourceTypeKey(ui.type, project)
  return {
    all,
    ofType,
    list: (ui: Target, project: string, params: ResourceListParams, filters: Readonly<Record<string, string>> = {}) =>
      queryOptions({
        queryKey: [...ofType(ui, project), 'list', params, filters],
        queryFn: () => listResources(api, ui, project, params, filters),
        // The rows stay while the next page or filter loads, instead of flashing empty.
        placeholderData: keepPreviousData,
        // Rows its loader fetched as the link was hovered are still fresh when the click follows: the page
        // shows them without asking again. Writes in the console invalidate the lists at once.
        staleTime: LIST_FRESH_MS,
      }),
    detail: (ui: Target, project: string, name: string) =>
      queryOptions({
        queryKey: [...ofType(ui, project), 'detail', name],
        queryFn: () => getResource(api, ui, project, name),
        retry: retryWhileUnavailable(0),
      }),
    /**
     * Names for a reference picker, filtered on the server by what the user typed; `more` says the type
     * has more matches than one picker page, so the picker offers its filter. Each name carries the
     * values of `keep`, which a picker's `where` rule reads.
     */
    names: (ui: Target, project: string, q: string, keep: readonly string[] = []) =>
      queryOptions({
        queryKey: [...ofType(ui, project), 'names', q, keep],
        queryFn: async () => {
          // A form asks for all its pickers' lists at once: their requests start one a task.
          await nextTurn()
          const page = await listResources(api, ui, project, { page: 1, items: PICKER_ITEMS, q, sort: 'name' })
          return {
            names: page.data.map((record) => ({
              name: record.name,
              display_name: record.display_name ?? null,
              values: keep.reduce<Draft>((kept, path) => setPath(kept, path, getPath(record, path)), {}),
            })),
            more: page.meta.total > page.data.length,
          }
        },
        staleTime: 30_000,
        placeholderData: keepPreviousData,
      }),
    /** Every answer read from the sync checks: a node's save drops them (`ResourceUi.affectsSync`). */
    syncDerived: [...all, 'node-count'] as const,
    /** How many nodes serve the project (the available ones): a per-node limit's note multiplies by it. */
    nodeCount: (project: string) =>
      queryOptions({
        queryKey: [...all, 'node-count', project],
        queryFn: async () => (await getProjectSync(api, project)).details.filter((node) => node.available).length,
        staleTime: 60_000,
      }),
  }
}
export type ResourceQueries = ReturnType<typeof resourceQueries>
