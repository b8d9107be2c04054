import * as v from 'valibot'
import { LIST_PAGE_SIZE } from '../../src/domain/requests.ts'
import type { ResourceExample } from '../../src/domain/resource-example.ts'
import { bodySchema, type ResourceDefinition } from '../resources/definition.ts'

/** What a type's generic operations show as examples, from its `src/types/<type>/example.ts`. */
export type ResourceExamples = {
  /** Request bodies. */
  create: Record<string, unknown>
  replace: Record<string, unknown>
  change: Record<string, unknown>
  /** Answers: the create's, a GET's, an update's (PUT or PATCH), the list's. */
  created: { data: Record<string, unknown> }
  read: { data: Record<string, unknown> }
  changed: { data: Record<string, unknown> }
  list: { data: Record<string, unknown>[]; meta: { total: number; page: number; items: number } }
}

/** When the example resource was created and changed, by whom: the common fields of its answers. */
const CREATED = { at: '2026-03-02T09:30:00.000Z', by: 'admin@example.com' }
const CHANGED = { at: '2026-03-09T14:05:00.000Z', by: 'operator@example.com' }

function keyOf(definition: ResourceDefinition): string {
  return definition.key?.field ?? 'name'
}

/**
 * A body as the server stores it (defaults filled in, values normalised), through the create schema the
 * server validates with; an example that schema refuses stops the server from starting, naming it.
 */
function stored(definition: ResourceDefinition, body: Record<string, unknown>, what: string) {
  const result = v.safeParse(bodySchema(definition, 'create'), body)
  if (!result.success) {
    const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? 'body'} ${issue.message}`)
    throw new Error(`src/types: the ${what} example of ${definition.type} is refused: ${problems.join('; ')}`)
  }
  return result.output as Record<string, unknown>
}

/** The record the server answers with for a stored body: common fields, own fields, secrets as `_set`. */
function record(
  definition: ResourceDefinition,
  data: Record<string, unknown>,
  example: ResourceExample,
  changed: boolean,
): Record<string, unknown> {
  const { name: _name, display_name, ...own } = data
  const secrets: Record<string, boolean> = {}
  for (const field of definition.secretFields ?? []) {
    secrets[`${field}_set`] = own[field] !== null && own[field] !== undefined
    delete own[field]
  }
  return {
    name: data[keyOf(definition)],
    display_name: display_name ?? null,
    ...own,
    revision: changed ? 2 : 1,
    created_at: CREATED.at,
    created_by: CREATED.by,
    updated_at: changed ? CHANGED.at : CREATED.at,
    updated_by: changed ? CHANGED.by : CREATED.by,
    ...example.answer,
    ...secrets,
  }
}

/** Every example of a type's generic operations, from the ones written in its folder. */
export function resourceExamples(definition: ResourceDefinition, example: ResourceExample): ResourceExamples {
  // The whole resource, named as it is (an update may repeat its name): a user's e-mail stays in its data.
  const replace = { ...example.create, ...example.update }
  const created = record(definition, stored(definition, example.create, 'create'), example, false)
  const changed = record(
    definition,
    stored(definition, { ...example.create, ...example.update }, 'update'),
    example,
    true,
  )
  return {
    create: example.create,
    replace,
    change: example.update,
    created: { data: { ...created, ...example.revealed } },
    read: { data: { ...created, ...example.read } },
    changed: { data: changed },
    list: { data: [{ ...created, ...example.read }], meta: { total: 1, page: 1, items: LIST_PAGE_SIZE.default } },
  }
}
