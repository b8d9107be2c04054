import * as v from 'valibot'
import { DisplayName, Slug } from '../../src/domain/common.ts'
import type { Db } from '../db/client.ts'
import type { Principal } from '../http/principal.ts'
import type { ServiceName } from '../http/service.ts'

export type ResourceData = Record<string, unknown>
type FieldsSchema = v.GenericSchema<unknown, ResourceData>
type ObjectEntries = v.ObjectEntries

/** A stored resource as the API returns it: common fields plus the type's own. */
export type ResourceRecord = {
  name: string
  display_name: string | null
  revision: number
  created_at: string
  created_by: string
  updated_at: string
  updated_by: string
} & ResourceData

export type WriteArgs = {
  db: Db
  scope: string
  name: string
  data: ResourceData
  existing: ResourceRecord | null
  principal: Principal
}

/**
 * Everything the generic mechanism needs to serve a resource type: adding a type is one of these and a
 * `registerResource` call, not a new router.
 */
export type ResourceDefinition = {
  /** Path segment and permission resource name, e.g. `websites` (API.md table). */
  type: string
  /** Singular, human: "website". */
  label: string
  service: ServiceName
  scope: 'project' | 'platform'
  permissionService: 'wadp' | 'auth'
  fields: FieldsSchema
  /** Users are keyed by e-mail: the name comes from this field instead of a slug `name`. */
  key?: { field: string; schema: v.GenericSchema<unknown, string> }
  /** Data fields that name other resources, and the type they name (checked on write and delete). */
  references?: Record<string, string>
  /** Extra values the global search matches besides name and display name. */
  searchable?: (data: ResourceData) => string[]
  /** Whether a change here is configuration the nodes must apply (bumps the scope's revision). */
  configuration: boolean
  /** Fields never returned or written to the audit log. */
  secretFields?: string[]
  /** Fields the server maintains in `data` (a token's prefix…): ignored in bodies, kept across updates. */
  readOnlyFields?: string[]
  hooks?: {
    /** Type-specific rules checked before a create or update is stored; may adjust the data. */
    beforeWrite?(args: WriteArgs): Promise<ResourceData | undefined>
    /** On create: the secret's hash to store, the data to store with it, and what to return once. */
    issueSecret?(args: WriteArgs): Promise<{ hash: string; data: ResourceData; reveal: Record<string, unknown> }>
    /** Runs in the delete's transaction, e.g. a project's resources go with it. */
    beforeDelete?(args: { db: Db; scope: string; name: string }): Promise<void>
    /** Adds derived read-only fields to what the API returns. */
    present?(record: ResourceRecord): ResourceRecord
  }
}

export const META_FIELDS = ['revision', 'created_at', 'created_by', 'updated_at', 'updated_by'] as const

/** The root object schema and the cross-field checks of a type's fields schema. */
function splitFields(fields: FieldsSchema): {
  entries: ObjectEntries
  checks: v.PipeItem<ResourceData, ResourceData, v.BaseIssue<unknown>>[]
} {
  // A pipe also exposes its root object's `entries`, so look for the pipe first.
  const withPipe = fields as unknown as { pipe?: unknown[]; entries?: ObjectEntries }
  if (!withPipe.pipe && withPipe.entries) return { entries: withPipe.entries, checks: [] }
  const [root, ...checks] = withPipe.pipe ?? []
  const entries = (root as { entries?: ObjectEntries } | undefined)?.entries
  if (!entries) throw new Error('a resource fields schema must be an object or a pipe starting with one')
  return { entries, checks: checks as v.PipeItem<ResourceData, ResourceData, v.BaseIssue<unknown>>[] }
}

export function dataFieldNames(definition: ResourceDefinition): string[] {
  return Object.keys(splitFields(definition.fields).entries)
}

/**
 * The request-body schema of a create (`mode: 'create'`) or an update: the common fields and the
 * type's fields in one strict object, with the type's cross-field checks after it. Unknown fields
 * are refused so a typo does not silently vanish.
 */
export function bodySchema(definition: ResourceDefinition, mode: 'create' | 'update') {
  const { entries, checks } = splitFields(definition.fields)
  const key = definition.key
  const nameEntries: ObjectEntries = key
    ? { [key.field]: mode === 'create' ? key.schema : v.optional(key.schema) }
    : { name: mode === 'create' ? Slug : v.optional(Slug) }
  const schema = v.strictObject(
    { ...nameEntries, display_name: v.optional(v.nullable(DisplayName), null), ...entries },
    (issue) => (issue.expected === 'never' ? 'is not a field of this resource' : 'must be a JSON object'),
  )
  return checks.length === 0 ? schema : v.pipe(schema, ...(checks as []))
}

export function permissionOf(definition: ResourceDefinition, action: 'list' | 'get' | 'create' | 'update' | 'delete') {
  return `${definition.permissionService}.${definition.type}.${action}`
}
