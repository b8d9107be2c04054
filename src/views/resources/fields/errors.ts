import type { FieldError } from '../../../domain/common.ts'
import { type Draft, type FieldSpec, formFields, isShown, type ResourceUi } from '../../../domain/resource-ui.ts'

/** The form's own identity inputs, always shown above the type's sections. */
export const IDENTITY_PATHS = ['name', 'display_name'] as const

/** The messages of the errors on exactly this path, as one text (or undefined when there is none). */
export function messageAt(errors: readonly FieldError[], path: string): string | undefined {
  const messages = errors.filter((error) => error.field === path).map((error) => error.message)
  return messages.length > 0 ? messages.join('; ') : undefined
}

/** Lists show the errors of their items (`backends.0.port`, `domain_aliases.1`) too, on the item. */
const LIST_KINDS: ReadonlySet<FieldSpec['kind']> = new Set(['strings', 'records', 'multiselect', 'tagged', 'rows'])

function ownsError(field: FieldSpec, errorPath: string): boolean {
  if (field.kind === 'presets') return false
  if (errorPath === field.path) return true
  const nested = errorPath.startsWith(`${field.path}.`)
  return nested && (LIST_KINDS.has(field.kind) || (field.kind === 'reference' && field.multiple === true))
}

/**
 * The errors no visible input shows: a hidden field's, a field the form does not have, or the whole
 * body's (empty path). The form lists them at the top so no message goes unseen.
 */
export function unmatchedErrors(ui: Pick<ResourceUi, 'sections'>, values: Draft, errors: readonly FieldError[]) {
  const shown = formFields(ui).filter((field) => isShown(field, values))
  return errors.filter(
    (error) =>
      !(IDENTITY_PATHS as readonly string[]).includes(error.field) &&
      !shown.some((field) => ownsError(field, error.field)),
  )
}

/** A field's label for a path of the form (or the path itself), for the error summary. */
export function labelForPath(ui: Pick<ResourceUi, 'sections'>, path: string): string {
  if (path === 'name') return 'Name'
  if (path === 'display_name') return 'Display name'
  const field = formFields(ui).find((candidate) => candidate.path === path)
  return field?.label ?? path
}
