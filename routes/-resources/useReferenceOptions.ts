import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import {
  allowedReference,
  type Draft,
  type FieldSpec,
  formFields,
  type ResourceUi,
} from '../../src/domain/resource-ui.ts'
import { queryError, retryWhileUnavailable } from '../../src/queries/errors.ts'
import { referenceTargetOf } from '../../src/types/resource-routes.ts'
import type { ReferenceChoices } from '../../src/views/resources/ResourceForm.tsx'
import type { ResourcePage } from './useResourcePage.ts'

type ReferenceField = Extract<FieldSpec, { kind: 'reference' }>

/** Every reference picker of the form, records' fields included. */
function referenceFields(fields: readonly FieldSpec[]): ReferenceField[] {
  return fields.flatMap((field): ReferenceField[] => {
    if (field.kind === 'reference') return [field]
    if (field.kind === 'records') return referenceFields(field.fields)
    return []
  })
}

/** Each referenced type once, with the fields its pickers' `where` rules read. */
function referencedTypes(fields: readonly ReferenceField[]): { type: string; keep: string[] }[] {
  const keep = new Map<string, Set<string>>()
  for (const field of fields) {
    const fieldsOfType = keep.get(field.type) ?? new Set<string>()
    if (field.where) fieldsOfType.add(field.where.field)
    keep.set(field.type, fieldsOfType)
  }
  return [...keep].map(([type, kept]) => ({ type, keep: [...kept].sort() }))
}

/**
 * The pickers' options, one query per referenced type: the first names by name, or those matching what
 * the user typed in a picker's filter (offered when a type has more than one picker page), less those
 * the picker's `where` rule excludes for the form's current values. A type the platform does not serve
 * yet answers 404: its picker simply has no options.
 */
export function useReferenceOptions(
  ui: ResourceUi,
  page: ResourcePage,
  project: string,
): (field: ReferenceField, values: Draft) => ReferenceChoices {
  const [types] = useState(() => referencedTypes(referenceFields(formFields(ui))))
  const [filters, setFilters] = useState<Record<string, string>>({})
  const results = useQueries({
    queries: types.map(({ type, keep }) => ({
      ...page.queries.names(referenceTargetOf(type), project, filters[type] ?? '', keep),
      retry: retryWhileUnavailable(0),
    })),
  })
  return (field, values) => {
    const { type } = field
    const result = results[types.findIndex((candidate) => candidate.type === type)]
    if (!result) return { options: [], loading: false }
    const absent = queryError.isNotFound(result.error)
    const filter = filters[type] ?? ''
    return {
      options: (result.data?.names ?? [])
        .filter((item) => allowedReference(field.where, values, item.values))
        .map((item) => ({
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
