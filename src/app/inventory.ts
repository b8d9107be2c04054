import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ApiClients } from '../api/http.ts'
import { findInventoryNames, getInventory, getReferences } from '../api/inventory.ts'

/** /resources' queries (issue 14): the inventory, the name filter, a resource's references. */
export function inventoryQueries(api: ApiClients) {
  const all = ['inventory'] as const
  return {
    types: (project: string) =>
      queryOptions({ queryKey: [...all, project, 'types'], queryFn: () => getInventory(api, project) }),
    names: (project: string, q: string, page: number) =>
      queryOptions({
        queryKey: [...all, project, 'names', q, page],
        queryFn: () => findInventoryNames(api, project, q, page),
        // The next filter's matches replace the current ones when they arrive, without emptying the list.
        placeholderData: keepPreviousData,
      }),
    references: (project: string, type: string, name: string) =>
      queryOptions({
        queryKey: [...all, project, 'references', type, name],
        queryFn: () => getReferences(api, project, type, name),
      }),
  }
}
