import { useQueries } from '@tanstack/react-query'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import { referenceTargetOf } from '../../src/types/resource-routes.ts'
import { Dropdown } from '../../src/views/resources/fields/Dropdowns.tsx'
import type { ResourcePage } from './useResourcePage.ts'

/**
 * The type's list filters as dropdowns: fixed choices, or another type's names (a projects list by
 * customer), each with All first.
 */
export function useListFilterControls(
  ui: ResourceUi,
  project: string,
  page: ResourcePage,
  filters: Record<string, string>,
  setFilter: (param: string, value: string) => void,
) {
  const namedTypes = (ui.listFilters ?? []).flatMap((filter) => (filter.optionsOf ? [filter.optionsOf] : []))
  const named = useQueries({
    queries: namedTypes.map((type) => page.queries.names(referenceTargetOf(type), project, '')),
  })
  const namedOptions = (type: string) =>
    (named[namedTypes.indexOf(type)]?.data?.names ?? []).map((item) => ({
      value: item.name,
      label: item.display_name ? `${item.display_name} (${item.name})` : item.name,
    }))
  return ui.listFilters?.map((filter) => (
    <div key={filter.param} className="w-44">
      <Dropdown
        label={filter.label}
        options={[{ value: '', label: 'All' }, ...(filter.options ?? namedOptions(filter.optionsOf))]}
        value={filters[filter.param] ?? ''}
        onChange={(value) => setFilter(filter.param, value)}
      />
    </div>
  ))
}
