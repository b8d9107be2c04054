import { useState } from 'react'
import { DATE_INPUT, dateInputOf, parseDateInput } from '../../../domain/datetime-input.ts'
import { getPath, type Option } from '../../../domain/resource-ui.ts'
import { buttonClassName } from '../../../ui/Button.tsx'
import { inputClassName } from '../../../ui/TextField.tsx'
import { Dropdown } from './Dropdowns.tsx'
import { messageAt } from './errors.ts'
import { FieldFrame, groupDescription, helpClassName, labelClassName } from './FieldFrame.tsx'
import { fieldId, textOf, type WidgetProps } from './types.ts'

/** The value a select sends for its 'No selection' option: null. */
export const NO_SELECTION = ''

export function TextWidget({ field, path, value, env }: WidgetProps<'text'>) {
  const onChange = (text: string) => env.onChange(path, field.nullable && text === '' ? null : text)
  return (
    <FieldFrame id={fieldId(env, path)} label={field.label} help={field.help} error={messageAt(env.errors, path)}>
      {({ id, describedBy, invalid }) =>
        field.multiline ? (
          <textarea
            id={id}
            value={textOf(value)}
            onChange={(event) => onChange(event.target.value)}
            placeholder={field.placeholder}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            rows={8}
            className={`${inputClassName} font-mono text-sm`}
          />
        ) : (
          <input
            id={id}
            type="text"
            value={textOf(value)}
            onChange={(event) => onChange(event.target.value)}
            placeholder={field.placeholder}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            autoComplete="off"
            spellCheck={false}
            className={inputClassName}
          />
        )
      }
    </FieldFrame>
  )
}

/** What the user types is kept as typed (a string): the schema parses numeric strings, and reports the rest. */
export function NumberWidget({ field, path, value, env }: WidgetProps<'number'>) {
  return (
    <FieldFrame id={fieldId(env, path)} label={field.label} help={field.help} error={messageAt(env.errors, path)}>
      {({ id, describedBy, invalid }) => (
        <div className="flex items-center gap-2">
          <input
            id={id}
            type="number"
            inputMode="numeric"
            step={1}
            min={field.min}
            max={field.max}
            value={textOf(value)}
            onChange={(event) => env.onChange(path, event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={`${inputClassName} max-w-48`}
          />
          {field.unit && (
            <span className="text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
              {field.unit}
            </span>
          )}
        </div>
      )}
    </FieldFrame>
  )
}

/** A switch: a native checkbox (so it needs no script of its own) with the switch role and look. */
export function BooleanWidget({ field, path, value, env }: WidgetProps<'boolean'>) {
  const id = fieldId(env, path)
  const error = messageAt(env.errors, path)
  const { describedBy, helpText, errorText } = groupDescription(id, field.help, error)
  return (
    <div className="flex items-start gap-3">
      <span className="relative mt-0.5 inline-flex h-6 w-11 shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={value === true}
          aria-checked={value === true}
          onChange={(event) => env.onChange(path, event.target.checked)}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-teal-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600 peer-disabled:opacity-60 peer-aria-invalid:ring-2 peer-aria-invalid:ring-red-600 dark:bg-slate-700 dark:peer-checked:bg-teal-500"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1 left-1 size-4 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className={labelClassName}>
          {field.label}
        </label>
        {helpText}
        {errorText}
      </div>
    </div>
  )
}

export function SelectWidget({ field, path, value, env }: WidgetProps<'select'>) {
  const options: Option[] = [...field.options]
  const current = value === null || value === undefined ? null : String(value)
  if (current !== null && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: current })
  }
  if (field.nullable && options.length > 0) options.unshift({ value: NO_SELECTION, label: 'No selection' })
  const onChange = (next: string) => {
    if (next === NO_SELECTION) env.onChange(path, null)
    // A number stays a number (a redirect's status 301 -> 302), so an unchanged form is not "changed".
    else env.onChange(path, typeof value === 'number' && /^\d+$/.test(next) ? Number(next) : next)
  }
  return (
    <Dropdown
      label={field.label}
      options={options}
      value={current}
      onChange={onChange}
      description={field.help}
      error={messageAt(env.errors, path)}
      disabled={env.disabled === true}
    />
  )
}

/** Any number of fixed options, as a group of checkboxes; the value keeps the options' order. */
export function MultiselectWidget({ field, path, value, env }: WidgetProps<'multiselect'>) {
  const id = fieldId(env, path)
  const selected = Array.isArray(value) ? value.map(String) : []
  const error = env.errors
    .filter((candidate) => candidate.field === path || candidate.field.startsWith(`${path}.`))
    .map((candidate) => candidate.message)
    .join('; ')
  const { describedBy, helpText, errorText } = groupDescription(id, field.help, error || undefined)
  const toggle = (option: string, on: boolean) => {
    const next = field.options
      .map((candidate) => candidate.value)
      .filter((candidate) => (candidate === option ? on : selected.includes(candidate)))
    // Values the options do not know (an older record's) stay where they were.
    env.onChange(path, [...next, ...selected.filter((item) => !field.options.some((o) => o.value === item))])
  }
  return (
    <fieldset aria-describedby={describedBy} className="flex flex-col gap-1">
      <legend className={labelClassName}>{field.label}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1">
        {field.options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-teal-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      {helpText}
      {errorText}
    </fieldset>
  )
}

/** Buttons filling several fields at once; the one matching the current values is pressed. */
export function PresetsWidget({ field, env }: WidgetProps<'presets'>) {
  const matches = (values: Record<string, unknown>) =>
    Object.entries(values).every(([key, expected]) => textOf(getPath(env.values, key)) === String(expected))
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className={`${labelClassName} mb-1`}>{field.label}</legend>
      <div className="flex flex-wrap gap-2">
        {field.presets.map((preset) => {
          const pressed = matches(preset.values)
          return (
            <button
              key={preset.label}
              type="button"
              aria-pressed={pressed}
              onClick={() => {
                for (const [key, presetValue] of Object.entries(preset.values)) env.onChange(key, presetValue)
              }}
              className={buttonClassName(pressed ? 'primary' : 'secondary', 'sm')}
            >
              {preset.label}
            </button>
          )
        })}
      </div>
      {field.help && <p className={helpClassName}>{field.help}</p>}
    </fieldset>
  )
}

export function DateWidget({ field, path, value, env }: WidgetProps<'date'>) {
  // Typed day-month-year whatever the browser's locale (a native date input shows mm/dd/yyyy in en-US);
  // what does not name a day yet stays as typed, said on the field.
  const [text, setText] = useState(() => (typeof value === 'string' ? dateInputOf(value) : ''))
  const day = parseDateInput(text)
  const onChange = (typed: string) => {
    setText(typed)
    const parsed = parseDateInput(typed)
    if (parsed === '') env.onChange(path, field.nullable ? null : undefined)
    else env.onChange(path, parsed === null ? typed : `${parsed}T23:59:59.000Z`)
  }
  const error = day === null ? DATE_INPUT.message : messageAt(env.errors, path)
  return (
    <FieldFrame id={fieldId(env, path)} label={field.label} help={field.help} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={DATE_INPUT.placeholder}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={`${inputClassName} max-w-56`}
        />
      )}
    </FieldFrame>
  )
}
