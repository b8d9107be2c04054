import * as v from 'valibot'
import { DisplayName, type FieldError, Slug, toFieldErrors } from './common.ts'
import { bodyOf, type Draft, formFields, getPath, type ResourceUi } from './resource-ui.ts'

type FieldsSchema = v.GenericSchema<unknown, Record<string, unknown>>
type Check = v.PipeItem<Record<string, unknown>, Record<string, unknown>, v.BaseIssue<unknown>>

const ResourceName = v.pipe(
  Slug,
  v.description('Unique name in its scope, fixed at creation (an update may repeat it, not change it)'),
)
const OptionalDisplayName = v.optional(
  v.pipe(v.nullable(DisplayName), v.description('Name shown in the console instead of the name')),
  null,
)

/** The root object schema and the cross-field checks of a type's fields schema. */
function splitFields(fields: FieldsSchema): { entries: v.ObjectEntries; checks: Check[] } {
  // A pipe also exposes its root object's `entries`, so look for the pipe first.
  const withPipe = fields as unknown as { pipe?: unknown[]; entries?: v.ObjectEntries }
  if (!withPipe.pipe && withPipe.entries) return { entries: withPipe.entries, checks: [] }
  const [root, ...checks] = withPipe.pipe ?? []
  const entries = (root as { entries?: v.ObjectEntries } | undefined)?.entries
  if (!entries) throw new Error('a resource fields schema must be an object or a pipe starting with one')
  return { entries, checks: checks as Check[] }
}

/** The type's own fields, without its cross-field checks. */
export function fieldEntries(fields: FieldsSchema): v.ObjectEntries {
  return splitFields(fields).entries
}

export function dataFieldNames(fields: FieldsSchema): string[] {
  return Object.keys(splitFields(fields).entries)
}

type SchemaShape = {
  type?: string
  wrapped?: SchemaShape
  pipe?: SchemaShape[]
  entries?: Record<string, SchemaShape>
  options?: SchemaShape[]
}

/** The entries of an object field (through optional, nullable and pipe wrappers; every option of a variant). */
function nestedEntries(schema: SchemaShape): Record<string, SchemaShape> | null {
  if (schema.wrapped) return nestedEntries(schema.wrapped)
  if (schema.type === 'variant') {
    const merged = Object.assign({}, ...(schema.options ?? []).map((option) => nestedEntries(option) ?? {}))
    return Object.keys(merged).length > 0 ? merged : null
  }
  if (schema.entries) return schema.entries
  const root = schema.pipe?.[0]
  return root && root !== schema ? nestedEntries(root) : null
}

/** Whether a field holds one value (not an object or a list), which a list can sort by. */
function isScalar(schema: SchemaShape): boolean {
  if (schema.wrapped) return isScalar(schema.wrapped)
  const root = schema.pipe?.[0]
  if (root && root !== schema) return isScalar(root)
  return !['object', 'strict_object', 'loose_object', 'variant', 'array', 'record', 'tuple'].includes(schema.type ?? '')
}

/**
 * What a list of the type can sort by: every field, and the one-value fields of an object field as a
 * dotted path (a page rule's `match.path`, `action.kind`).
 */
export function sortablePaths(fields: FieldsSchema): string[] {
  return Object.entries(splitFields(fields).entries as Record<string, SchemaShape>).flatMap(([name, schema]) => {
    const inner = isScalar(schema) ? null : nestedEntries(schema)
    const nested = Object.entries(inner ?? {})
      .filter(([, field]) => isScalar(field))
      .map(([key]) => `${name}.${key}`)
    return [name, ...nested]
  })
}

/**
 * The request body of a create (`mode: 'create'`) or an update: the common fields and the type's
 * fields in one strict object, with the type's cross-field checks after it. Unknown fields are refused
 * so a typo does not silently vanish. The server validates requests with it and the console's forms
 * validate with the very same schema before they send.
 */
export function bodySchema(
  fields: FieldsSchema,
  mode: 'create' | 'update',
  key?: { field: string; schema: v.GenericSchema<unknown, string> },
) {
  const { entries, checks } = splitFields(fields)
  const keySchema = key && v.pipe(key.schema, v.description(`Names it: unique, fixed at creation`))
  const nameEntries: v.ObjectEntries = keySchema
    ? { [key.field]: mode === 'create' ? keySchema : v.optional(keySchema) }
    : { name: mode === 'create' ? ResourceName : v.optional(ResourceName) }
  const schema = v.strictObject({ ...nameEntries, display_name: OptionalDisplayName, ...entries }, (issue) =>
    issue.expected === 'never'
      ? 'is not a field of this resource'
      : issue.path
        ? 'is required'
        : 'must be a JSON object',
  )
  return checks.length === 0 ? schema : v.pipe(schema, ...(checks as []))
}

/** Defaults deep-merged under a type's own starting values (`newDraft`), which win. */
function mergeDefaults(defaults: unknown, own: unknown): unknown {
  if (own === undefined) return defaults
  if (!isPlainObject(defaults) || !isPlainObject(own)) return own
  const merged: Record<string, unknown> = { ...defaults }
  for (const [key, value] of Object.entries(own)) merged[key] = mergeDefaults(defaults[key], value)
  return merged
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The values an add form starts from: every default of the schema (a website's default_rules, a
 * director's probe), under the type's own starting values. Required fields without a default stay empty.
 */
export function initialDraft(fields: FieldsSchema, own: Record<string, unknown> = {}): Record<string, unknown> {
  const { entries } = splitFields(fields)
  const defaults = v.getDefaults(v.object(entries)) as Record<string, unknown>
  const present = Object.fromEntries(Object.entries(defaults).filter(([, value]) => value !== undefined))
  return mergeDefaults({ name: '', display_name: '', ...present }, own) as Record<string, unknown>
}

/**
 * The same schema the server validates a create or an update with, as the form's rule; then what the
 * type's server refuses of a day set in the form (a date field's `problem`, the same function), for a day
 * that differs from the one the form started from (`initial`).
 */
export function validatorOf(
  ui: ResourceUi,
  mode: 'create' | 'edit',
  initial: Draft = {},
): (values: Draft) => FieldError[] {
  const schema = bodySchema(ui.fields, mode === 'create' ? 'create' : 'update')
  const days = formFields(ui).flatMap((field) => (field.kind === 'date' && field.problem ? [field] : []))
  return (values) => {
    const result = v.safeParse(schema, bodyOf(ui, values))
    const errors = result.success ? [] : toFieldErrors(result.issues)
    const written = errors.length === 0 ? ui.writeProblem?.(values, initial) : null
    if (written) errors.push(written)
    for (const { path, problem } of days) {
      const day = getPath(values, path)
      if (typeof day !== 'string' || day === getPath(initial, path) || errors.some((e) => e.field === path)) continue
      const message = problem?.(day, new Date())
      if (message) errors.push({ field: path, message })
    }
    return errors
  }
}
