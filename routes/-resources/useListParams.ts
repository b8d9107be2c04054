import { useNavigate, useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import * as v from 'valibot'
import { knownSort, listParams, listSearchOf, type ResourceListParams } from '../../src/domain/list-params.ts'
import { ResourceListSearch } from '../../src/domain/list-search.ts'

import { listFilterValues, type ResourceUi } from '../../src/domain/resource-ui.ts'

/**
 * A list page's state in the URL: the page, page size, name filter and sort (the same params the
 * route's loader reads, listLoader.ts, so the rows come from its cache) and the type's list filters;
 * with the navigations that change them.
 */
export function useListParams(ui: ResourceUi) {
  const navigate = useNavigate()
  const search = useSearch({ strict: false })
  const read = listParams(v.parse(ResourceListSearch, search))
  const { page, items, q } = read
  const sort = knownSort(ui, read.sort)
  const params = useMemo(() => ({ page, items, q, sort }), [page, items, q, sort])
  const filterKey = JSON.stringify(listFilterValues(ui, search as Record<string, unknown>))
  const filters = useMemo(() => JSON.parse(filterKey) as Record<string, string>, [filterKey])

  const setParams = (next: Partial<ResourceListParams>) => {
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, ...listSearchOf({ ...params, ...next }) }),
      // Refining a filter replaces the entry instead of adding one per pause in typing.
      replace: next.q !== undefined && next.q !== '' && params.q !== '',
    } as Parameters<typeof navigate>[0])
  }

  const setFilter = (param: string, value: string) => {
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, [param]: value || undefined, page: undefined }),
    } as Parameters<typeof navigate>[0])
  }

  return { params, filters, setParams, setFilter }
}
