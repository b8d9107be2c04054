import { useState } from 'react'
import { capitalize, getPath, splitTagged } from '../../../domain/resource-ui.ts'
import { Button } from '../../../ui/Button.tsx'
import { inputClassName } from '../../../ui/TextField.tsx'
import { messageAt } from './errors.ts'
import { errorClassName, FieldFrame, groupDescription, labelClassName } from './FieldFrame.tsx'
import { fieldId, textOf, type WidgetProps } from './types.ts'

/**
 * A list of typed choices stored as strings (a rate limit's keys): a kind each, and for the kinds that
 * need one (`header`) the name that goes after a colon (`header:X-Api-Key`).
 */
export function TaggedWidget({ field, path, value, env }: WidgetProps<'tagged'>) {
  const id = fieldId(env, path)
  const items = Array.isArray(value) ? value.map(textOf) : []
  const one = capitalize(field.itemLabel)
  const rowError = (index: number) => messageAt(env.errors, `${path}.${index}`)
  const listError = messageAt(env.errors, path)
  const { describedBy, helpText, errorText } = groupDescription(id, field.help, listError)
  const choiceOf = (kind: string) => field.choices.find((choice) => choice.value === kind)
  const setKind = (index: number, kind: string) => {
    const previous = splitTagged(items[index] ?? '')
    // A named kind keeps the name typed so far (header -> cookie of the same name).
    env.onChange(`${path}.${index}`, choiceOf(kind)?.parameter ? `${kind}:${previous.name ?? ''}` : kind)
  }
  const unused = field.choices.find((choice) => !choice.parameter && !items.includes(choice.value))
  const add = () => env.onChange(path, [...items, unused?.value ?? `${field.choices[0]?.value ?? ''}`])
  const full = field.max !== undefined && items.length >= field.max
  return (
    <fieldset aria-describedby={describedBy} className="flex flex-col gap-2">
      <legend className={`${labelClassName} mb-1`}>{field.label}</legend>
      {items.map((item, index) => {
        const { kind, name } = splitTagged(item)
        const choice = choiceOf(kind)
        const error = rowError(index)
        const rowId = `${id}-${index}`
        const errorId = error ? `${rowId}-error` : undefined
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are plain strings; the position is the identity
          <div key={index} className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <select
                id={rowId}
                value={kind}
                onChange={(event) => setKind(index, event.target.value)}
                aria-label={`${one} ${index + 1}`}
                aria-invalid={error && !choice?.parameter ? true : undefined}
                aria-describedby={errorId}
                className={`${inputClassName} w-auto`}
              >
                {!choice && <option value={kind}>{kind}</option>}
                {field.choices.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              {choice?.parameter && (
                <input
                  type="text"
                  value={name ?? ''}
                  onChange={(event) => env.onChange(`${path}.${index}`, `${kind}:${event.target.value}`)}
                  aria-label={`${choice.parameter} of ${field.itemLabel} ${index + 1}`}
                  placeholder={choice.placeholder}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={errorId}
                  autoComplete="off"
                  spellCheck={false}
                  className={`${inputClassName} min-w-0 flex-1 font-mono`}
                />
              )}
              <Button
                variant="ghost"
                size="sm"
                className="shrink-0"
                onClick={() =>
                  env.onChange(
                    path,
                    items.filter((_, at) => at !== index),
                  )
                }
              >
                Remove<span className="sr-only"> {`${field.itemLabel} ${index + 1}`}</span>
              </Button>
            </div>
            {error && (
              <p id={errorId} className={errorClassName}>
                {error}
              </p>
            )}
          </div>
        )
      })}
      <div>
        <Button variant="secondary" size="sm" onClick={add} disabled={full}>
          Add {field.itemLabel}
        </Button>
      </div>
      {helpText}
      {errorText}
    </fieldset>
  )
}

/**
 * A write-only value (a captcha provider's secret): the form never holds the stored one, only whether
 * it is set. It says "set" or "not set"; Replace opens an input, and Keep (Cancel) leaves the stored one.
 */
export function SecretWidget({ field, path, value, env }: WidgetProps<'secret'>) {
  const id = fieldId(env, path)
  const isSet = getPath(env.values, field.setPath) === true
  const [replacing, setReplacing] = useState(value !== undefined && value !== null)
  const error = messageAt(env.errors, path)
  // A missing one refused (a provider's type needs it) opens its input, which takes the focus with its
  // error, and stays open while it is typed.
  if (error !== undefined && !isSet && !replacing) setReplacing(true)
  const open = replacing || (error !== undefined && !isSet)
  const status = (
    <span>
      {`${field.label}: `}
      <strong>{isSet ? 'set' : 'not set'}</strong>
    </span>
  )
  if (!open) {
    return (
      <div className="flex flex-col gap-1">
        <span className={labelClassName}>{field.label}</span>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {status}
          <Button variant="secondary" size="sm" onClick={() => setReplacing(true)}>
            {isSet ? 'Replace' : 'Set'}
            <span className="sr-only"> {field.label.toLowerCase()}</span>
          </Button>
        </div>
        {field.help && <p className="text-sm text-slate-600 dark:text-slate-400">{field.help}</p>}
        {error && (
          <p id={`${id}-error`} className={errorClassName}>
            {error}
          </p>
        )}
      </div>
    )
  }
  const help = isSet ? `Replaces the stored ${field.label.toLowerCase()}, which is never shown.` : field.help
  return (
    <FieldFrame id={id} label={isSet ? `New ${field.label.toLowerCase()}` : field.label} help={help} error={error}>
      {({ id: inputId, describedBy, invalid }) => (
        <div className="flex items-center gap-2">
          <input
            id={inputId}
            type="password"
            value={textOf(value)}
            onChange={(event) => env.onChange(path, event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            autoComplete="new-password"
            spellCheck={false}
            className={`${inputClassName} font-mono`}
          />
          {isSet && (
            <Button
              variant="ghost"
              size="sm"
              className="shrink-0"
              onClick={() => {
                setReplacing(false)
                env.onChange(path, undefined)
              }}
            >
              Keep the current one
            </Button>
          )}
        </div>
      )}
    </FieldFrame>
  )
}
