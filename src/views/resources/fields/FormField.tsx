import { memo } from 'react'
import type { FieldError } from '../../../domain/common.ts'
import type { FieldSpec } from '../../../domain/resource-ui.ts'
import { FieldControl } from './FieldControl.tsx'
import type { FieldEnv } from './types.ts'

type FormFieldProps = { field: FieldSpec; path: string; value: unknown; env: FieldEnv }

/** Kinds whose widget reads other fields' values: presets compare with them, a secret reads its flag. */
const READS_VALUES: ReadonlySet<FieldSpec['kind']> = new Set(['presets', 'secret', 'records'])

/** Whether a field's widget reads the form's other values beyond its own (`where` rules, presets). */
function readsValues(field: FieldSpec): boolean {
  if (field.kind === 'reference') return field.where !== undefined
  return READS_VALUES.has(field.kind)
}

/** Whether a field's widget shows reference options (a picker, or a list of records holding one). */
function readsReferences(field: FieldSpec): boolean {
  return field.kind === 'reference' || field.kind === 'records'
}

/** The errors a field shows: at its path or under it. */
function errorsAt(errors: readonly FieldError[], path: string): FieldError[] {
  return errors.filter((error) => error.field === path || error.field.startsWith(`${path}.`))
}

function sameErrors(before: readonly FieldError[], after: readonly FieldError[], path: string): boolean {
  if (before === after) return true
  const a = errorsAt(before, path)
  const b = errorsAt(after, path)
  return (
    a.length === b.length &&
    a.every((error, index) => error.message === b[index]?.message && error.field === b[index]?.field)
  )
}

/**
 * Whether a field would draw the same: its definition, value and errors, and the parts of the form it
 * reads. A change of one field, or a reference list arriving, then draws only the fields it touches
 * (typing in a large form drew every field again at each key).
 */
export function sameField(before: FormFieldProps, after: FormFieldProps): boolean {
  const { field } = after
  const a = before.env
  const b = after.env
  return (
    before.field === field &&
    before.path === after.path &&
    before.value === after.value &&
    a.idPrefix === b.idPrefix &&
    a.onChange === b.onChange &&
    a.disabled === b.disabled &&
    a.facts?.nodeCount === b.facts?.nodeCount &&
    a.facts?.permissions === b.facts?.permissions &&
    sameErrors(a.errors, b.errors, after.path) &&
    (!readsValues(field) || a.values === b.values) &&
    (!readsReferences(field) || a.referenceOptions === b.referenceOptions)
  )
}

/** One top-level field of a resource form, drawn again only when what it shows changes. */
export const FormField = memo(FieldControl, sameField)
