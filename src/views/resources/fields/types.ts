import type { FieldError } from '../../../domain/common.ts'
import type { Draft, FieldSpec, FormFacts, Option } from '../../../domain/resource-ui.ts'

/** What a reference picker offers: the names of the referenced type in the project. */
export type ReferenceChoices = {
  options: readonly Option[]
  loading: boolean
  /** The names could not be loaded (the picker still works with what the value holds). */
  error?: string | null
  /** The filter's text when the type has more names than one picker shows (null: no filter offered). */
  filter?: string | null
  onFilter?: (text: string) => void
}

/** What every field widget of a form shares: the values, the errors and where changes go. */
export type FieldEnv = {
  /** Unique per form, so two forms on a page never share input ids. */
  idPrefix: string
  /** The whole form's values (presets compare with them). */
  values: Draft
  errors: readonly FieldError[]
  onChange: (path: string, value: unknown) => void
  /** A reference picker's options for the form's current values. */
  referenceOptions: (field: Extract<FieldSpec, { kind: 'reference' }>, values: Draft) => ReferenceChoices
  /** What the form knows beyond the values (the signed-in user's permissions, for a token's). */
  facts?: FormFacts
  /**
   * The field shows its value but takes no change (fixed once created, on its edit form). Its native
   * inputs are disabled by the fieldset around it; widgets with their own disabled look read this.
   */
  disabled?: boolean
  /**
   * A save is under way: every field keeps its focus and takes no change (the form ignores changes then);
   * a widget that holds its own text (the code editor) is read-only meanwhile.
   */
  busy?: boolean
}

export type WidgetProps<K extends FieldSpec['kind']> = {
  field: Extract<FieldSpec, { kind: K }>
  /** The full path of this input in the values: the field's own, or `backends.0.port` inside a list. */
  path: string
  value: unknown
  env: FieldEnv
}

/** An element id for a path of the form. */
export function fieldId(env: Pick<FieldEnv, 'idPrefix'>, path: string): string {
  return `${env.idPrefix}-${path.replace(/[^\w-]/g, '-')}`
}

/** The text an input shows for a value: nothing for null or undefined. */
export function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value)
}
