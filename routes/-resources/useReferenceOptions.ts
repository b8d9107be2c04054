import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import { type FieldSpec, formFields, type ResourceUi } from '../../src/domain/resource-ui.ts'
import { queryError } from '../../src/queries/errors.ts'
import type { ReferenceChoices } from '../../src/views/resources/ResourceForm.tsx'
import type { useResourcePage } from './useResourcePage.ts'

type Page = ReturnType<typeof useResourcePage>

/** Every type the form's reference pickers name, records' fields included. */
function referenceTypes(fields: readonly FieldSpec[]): string[] {
  const types = fields.flatMap((field): string[] => {
    if (field.kind === 'reference') return [field.type]
    if (field.kind === 'records') return referenceTypes(field.fields)
    return []
  })
  return [...new Set(types)]
}

/**
 * The pickers' options, one query per referenced type: the first names by name, or those matching what
 * the user typed in a picker's filter (offered when a type has more than one picker page). A type the
 * platform does not serve yet answers 404: its picker simply has no options.
 */
export function useReferenceOptions(ui: ResourceUi, page: Page, project: string): (type: string) => ReferenceChoices {
  const [types] = useState(() => referenceTypes(formFields(ui)))
  const [filters, setFilters] = useState<Record<string, string>>({})
  const results = useQueries({
    queries: types.map((type) => ({
      ...page.queries.names({ type, service: 'core' }, project, filters[type] ?? ''),
      retry: false,
    })),
  })
  return (type) => {
    const result = results[types.indexOf(type)]
    if (!result) return { options: [], loading: false }
    const absent = queryError.isNotFound(result.error)
    const filter = filters[type] ?? ''
    return {
      options: (result.data?.names ?? []).map((item) => ({
        value: item.name,
        label: item.display_name ? `${item.name} (${item.display_name})` : item.name,
      })),
      loading: result.isPending && result.fetchStatus !== 'idle',
      error: result.isError && !absent ? 'The options could not be loaded.' : null,
      filter: result.data?.more || filter !== '' ? filter : null,
      onFilter: (text) => setFilters((current) => ({ ...current, [type]: text })),
    }
  }
}
