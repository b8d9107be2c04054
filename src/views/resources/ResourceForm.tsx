import { type FormEvent, Fragment, lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import type { FieldError } from '../../domain/common.ts'
import {
  type Draft,
  type FieldSpec,
  type FormFacts,
  getPath,
  isShown,
  type ResourceUi,
} from '../../domain/resource-ui.ts'
import { Button } from '../../ui/Button.tsx'
import { focusFirstInvalid } from '../../ui/focus-invalid.ts'
import { inputClassName } from '../../ui/TextField.tsx'
import type { ConflictVersion } from './ConflictPanel.tsx'
import { labelForPath, messageAt, unmatchedErrors } from './fields/errors.ts'
import { FieldControl } from './fields/FieldControl.tsx'
import { FieldFrame } from './fields/FieldFrame.tsx'
import { type FieldEnv, fieldId, textOf } from './fields/types.ts'

export type { ConflictVersion } from './ConflictPanel.tsx'
export type { ReferenceChoices } from './fields/types.ts'

// Shown only when a save meets someone else's change: its dialog loads then.
const ConflictPanel = lazy(() => import('./fields/deferred.tsx').then((module) => ({ default: module.ConflictPanel })))

export type ResourceFormProps = {
  ui: ResourceUi
  mode: 'create' | 'edit'
  /** What the user typed (kept by the form machine across errors and conflicts). */
  values: Draft
  fieldErrors: readonly FieldError[]
  /** The server's message when a save failed. */
  formError: string | null
  saving: boolean
  /** The server's newer version after a save met a stale revision: the form asks what to do. */
  conflict: ConflictVersion | null
  /** A dotted path (`probe.window`, `backends.0.host`) or a whole list at its path. */
  onChange: (path: string, value: unknown) => void
  onSubmit: () => void
  onCancel: () => void
  onReload: () => void
  onOverwrite: () => void
  onDismissConflict: () => void
  /** The options of a reference picker for a type (the page backs it with a query). */
  referenceOptions: FieldEnv['referenceOptions']
  /** What the type's section notes and fields read beyond the values (the number of nodes, your permissions). */
  facts?: FormFacts
}

const NO_FACTS: FormFacts = { nodeCount: null }

const ignoreChange = () => {}

const FIXED_ONCE_CREATED_HINT = 'It cannot change after creation.'

/** A field fixed once created, as its edit form shows it: its help starts by saying it cannot change. */
function fixedField(field: FieldSpec): FieldSpec {
  return { ...field, help: field.help ? `${FIXED_ONCE_CREATED_HINT} ${field.help}` : FIXED_ONCE_CREATED_HINT }
}

/**
 * The add and edit form of every resource type, laid out from its definition: the name and display
 * name, then each section's fields. Presentational: values and errors in, changes and decisions out.
 */
export function ResourceForm(props: ResourceFormProps) {
  const { ui, mode, values, fieldErrors, formError, saving, conflict } = props
  // While saving the machine takes no changes, and the inputs take none either: they stay enabled (a
  // disabled control loses the focus to the page's body, and a keyboard user would start again from the
  // top), marked unavailable by the fieldset's aria-disabled, and a controlled input shows its value again.
  // A refusal that puts the focus on the first refused field says its error as the focus moves there; when
  // the focus is there already (Enter pressed in it), nothing moves and only the alert would be read: the
  // live region at the end of the form says that error then, in a node of its own at each refusal
  // (`refusals` its key), so that Enter pressed again says it again. The copy goes as the user changes a
  // value or submits again (browse mode would read it again below the field's own error).
  const [said, setSaid] = useState({ refusals: 0, text: '' })
  const unsay = () => setSaid((previous) => (previous.text ? { ...previous, text: '' } : previous))
  const onChange = saving
    ? ignoreChange
    : (path: string, value: unknown) => {
        unsay()
        props.onChange(path, value)
      }
  const env: FieldEnv = {
    idPrefix: useId(),
    values,
    errors: fieldErrors,
    onChange,
    busy: saving,
    referenceOptions: props.referenceOptions,
    facts: props.facts ?? NO_FACTS,
  }
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const awaitingResult = useRef(false)
  // The alert as the submit found it: a refusal that leaves it in place with the same words (the form's
  // own check, refused again) changes nothing in it, and an alert is read out only as it comes or changes.
  // Its words are then put in new nodes (`refusals` their key), so that the refusal is said again.
  const alertBefore = useRef<{ node: HTMLDivElement | null; text: string }>({ node: null, text: '' })
  const [refusals, setRefusals] = useState(0)
  const unmatched = unmatchedErrors(ui, values, fieldErrors)
  // The server's sentence gives way to what the top says for the form's own checks when every field error
  // of its answer (its `errors`, docs/api.md) shows on a field of the form, whatever its words: it would only
  // say them again ('expires_at must be…', 'website x already exists' over Name's 'is already taken'). It
  // stays when the answer names no field (a stale revision) or one no input shows (listed under it).
  const repeatsField = formError !== null && fieldErrors.length > 0 && unmatched.length === 0
  const ownError = repeatsField ? null : formError

  // After a submit that came back with errors, focus goes where they are: the first marked field, or the
  // message at the top when the server said something of its own or no field shows the error.
  useEffect(() => {
    if (!awaitingResult.current || saving) return
    if (conflict) awaitingResult.current = false
    if (conflict || (fieldErrors.length === 0 && !ownError)) return
    awaitingResult.current = false
    const alert = alertRef.current
    if (alert && alert === alertBefore.current.node && alert.textContent === alertBefore.current.text)
      setRefusals((count) => count + 1)
    if (ownError) {
      alertRef.current?.focus()
      return
    }
    const focused = document.activeElement
    const target = focusFirstInvalid(formRef.current, alertRef.current)
    if (target === null || target !== focused || target === alertRef.current) return
    // The field's error, as the focus moving would have read it with the field (its `…-error` description).
    const error = (target.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id.endsWith('-error'))
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
    if (error) setSaid((previous) => ({ refusals: previous.refusals + 1, text: error }))
  }, [saving, conflict, fieldErrors, ownError])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    awaitingResult.current = true
    unsay()
    alertBefore.current = { node: alertRef.current, text: alertRef.current?.textContent ?? '' }
    props.onSubmit()
  }
  const errorCount = fieldErrors.length
  const nameId = fieldId(env, 'name')
  const displayNameId = fieldId(env, 'display_name')

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex max-w-5xl flex-col gap-8">
      {(ownError || errorCount > 0) && (
        <div
          ref={alertRef}
          role="alert"
          tabIndex={-1}
          className="flex flex-col gap-1 rounded-md border border-red-300 bg-red-50 p-3 text-red-900 focus:outline-2 focus:outline-red-600/40 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
        >
          <Fragment key={refusals}>
            <p className="font-medium">
              {ownError ?? `Correct ${errorCount === 1 ? 'the error' : `the ${errorCount} errors`} before saving.`}
            </p>
            {unmatched.length > 0 && (
              <ul className="list-disc pl-5 text-sm">
                {unmatched.map((error) => (
                  <li key={`${error.field}|${error.message}`}>
                    {error.field ? `${labelForPath(ui, error.field)}: ` : ''}
                    {error.message}
                  </li>
                ))}
              </ul>
            )}
          </Fragment>
        </div>
      )}

      {/* While saving the inputs wait, keeping the focus (see onChange above). */}
      <fieldset aria-disabled={saving || undefined} className="flex min-w-0 flex-col gap-8">
        <div className="grid gap-x-6 gap-y-4 md:grid-cols-2">
          <FieldFrame
            id={nameId}
            label="Name"
            help={
              mode === 'create'
                ? 'Lowercase letters, digits and dashes. It cannot be changed later.'
                : 'A name cannot be changed.'
            }
            error={messageAt(fieldErrors, 'name')}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="text"
                value={textOf(values.name)}
                onChange={(event) => onChange('name', event.target.value)}
                disabled={mode === 'edit'}
                required={mode === 'create'}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                autoComplete="off"
                spellCheck={false}
                className={`${inputClassName} font-mono`}
              />
            )}
          </FieldFrame>
          <FieldFrame
            id={displayNameId}
            label="Display name"
            help="Optional: a readable name shown with the name."
            error={messageAt(fieldErrors, 'display_name')}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="text"
                value={textOf(values.display_name)}
                onChange={(event) => onChange('display_name', event.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                autoComplete="off"
                className={inputClassName}
              />
            )}
          </FieldFrame>
        </div>

        {ui.sections.map((section) => {
          const shown = section.fields.filter((field) => !field.readOnly && isShown(field, values))
          if (shown.length === 0) return null
          const description =
            typeof section.description === 'function'
              ? section.description(values, props.facts ?? NO_FACTS)
              : section.description
          // A section of one list named like it (Backends): the list's own legend is left to screen readers.
          const repeated = shown.length === 1 && shown[0]?.label === section.title ? '[&>fieldset>legend]:sr-only' : ''
          return (
            <fieldset key={section.title} className="flex min-w-0 flex-col gap-3">
              <legend className="mb-1 w-full border-b border-slate-200 pb-1 text-lg font-semibold dark:border-slate-800">
                {section.title}
              </legend>
              {description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
              <div className="grid gap-x-6 gap-y-4 md:grid-cols-2">
                {shown.map((field) => {
                  const fixed = mode === 'edit' && field.fixedOnceCreated === true
                  const control = (
                    <FieldControl
                      field={fixed ? fixedField(field) : field}
                      path={field.path}
                      value={getPath(values, field.path)}
                      env={fixed ? { ...env, disabled: true } : env}
                    />
                  )
                  return (
                    <div key={field.path} className={`min-w-0 ${field.wide ? 'md:col-span-2' : ''} ${repeated}`}>
                      {/* Shown with its value, but not editable: the server refuses a change of it. */}
                      {fixed ? (
                        <fieldset disabled className="min-w-0">
                          {control}
                        </fieldset>
                      ) : (
                        control
                      )}
                    </div>
                  )
                })}
              </div>
            </fieldset>
          )
        })}
      </fieldset>

      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button type="submit" busy={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>

      <p aria-live="polite" className="sr-only">
        {said.text && <span key={said.refusals}>{said.text}</span>}
      </p>

      {conflict && (
        <Suspense fallback={null}>
          <ConflictPanel
            ui={ui}
            values={values}
            conflict={conflict}
            onReload={props.onReload}
            onOverwrite={props.onOverwrite}
            onDismiss={props.onDismissConflict}
          />
        </Suspense>
      )}
    </form>
  )
}
