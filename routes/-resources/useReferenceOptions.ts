import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
  allowedReference,
  type Draft,
  type FieldSpec,
  formFields,
  type ResourceUi,
} from '../../src/domain/resource-ui.ts'
import { queryError, retryWhileUnavailable } from '../../src/queries/errors.ts'
import { referenceTargetOf } from '../../src/types/resource-routes.ts'
import { nextTask } from '../../src/ui/nextTask.ts'
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
  // The lists are asked for one a task after the form's first render, and the queries below follow them
  // once all are on their way. Each request is a few ms of the main thread on a phone: started together
  // in the render's effects, six of them (a website's form) made one long task of it (issue 27).
  const queryClient = useQueryClient()
  const { queries } = page
  const [asking, setAsking] = useState(false)
  useEffect(() => {
    let live = true
    void (async () => {
      for (const { type, keep } of types) {
        await nextTask()
        if (!live) return
        void queryClient.prefetchQuery(namesQuery(queries, project, type, '', keep))
      }
      setAsking(true)
    })()
    return () => {
      live = false
    }
  }, [types, queryClient, queries, project])
  const results = useQueries({
    queries: types.map(({ type, keep }) => ({
      ...namesQuery(queries, project, type, filters[type] ?? '', keep),
      enabled: asking,
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
      loading: result.isPending && (!asking || result.fetchStatus !== 'idle'),
      error: result.isError && !absent ? 'The options could not be loaded.' : null,
      filter: result.data?.more || filter !== '' ? filter : null,
      onFilter: (text) => setFilters((current) => ({ ...current, [type]: text })),
    }
  }
}

/** The names of a referenced type's resources matching `filter`, as the picker lists them. */
function namesQuery(
  queries: ResourcePage['queries'],
  project: string,
  type: string,
  filter: string,
  keep: readonly string[],
) {
  return { ...queries.names(referenceTargetOf(type), project, filter, keep), retry: retryWhileUnavailable(0) }
}
