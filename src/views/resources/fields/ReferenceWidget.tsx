import type { ReactNode } from 'react'
import type { Option } from '../../../domain/resource-ui.ts'
import { inputClassName } from '../../../ui/TextField.tsx'
import { Dropdown, MultiDropdown } from './Dropdowns.tsx'
import { messageAt } from './errors.ts'
import { NO_SELECTION } from './SimpleFields.tsx'
import { fieldId, type ReferenceChoices, type WidgetProps } from './types.ts'

/** The picker's options, plus the names the value holds that the list lacks (so they show and can be removed). */
function withCurrent(options: readonly Option[], current: readonly string[]): Option[] {
  const missing = current.filter((name) => !options.some((option) => option.value === name))
  return [...options, ...missing.map((name) => ({ value: name, label: name }))]
}

function descriptionOf(help: string | undefined, loading: boolean, error: string | null | undefined) {
  if (loading) return 'Loading the options…'
  return [help, error].filter(Boolean).join(' ') || undefined
}

/**
 * A type with more names than one picker holds gets a filter above its picker: what is typed narrows
 * the names on the server.
 */
function WithFilter({
  id,
  label,
  choices,
  children,
}: {
  id: string
  label: string
  choices: ReferenceChoices
  children: ReactNode
}) {
  const { filter, onFilter } = choices
  if (filter === null || filter === undefined || !onFilter) return <>{children}</>
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        Filter {label}
      </label>
      <input
        id={id}
        type="search"
        value={filter}
        onChange={(event) => onFilter(event.target.value)}
        placeholder={`Filter ${label.toLowerCase()} by name`}
        className={`${inputClassName} text-sm`}
      />
      {children}
    </div>
  )
}

/** Names of another resource type, from the picker's options: one (or none), or several with `multiple`. */
export function ReferenceWidget(props: WidgetProps<'reference'>) {
  const { field, path, env } = props
  const choices = env.referenceOptions(field, env.values)
  return (
    <WithFilter id={fieldId(env, `${path}-filter`)} label={field.label} choices={choices}>
      <Picker {...props} choices={choices} />
    </WithFilter>
  )
}

function Picker({ field, path, value, env, choices }: WidgetProps<'reference'> & { choices: ReferenceChoices }) {
  const description = descriptionOf(field.help, choices.loading, choices.error)
  if (field.multiple) {
    const selected = Array.isArray(value) ? value.map(String) : []
    const error = env.errors
      .filter((candidate) => candidate.field === path || candidate.field.startsWith(`${path}.`))
      .map((candidate) => candidate.message)
      .join('; ')
    return (
      <MultiDropdown
        label={field.label}
        options={withCurrent(choices.options, selected)}
        value={selected}
        onChange={(next) => env.onChange(path, next)}
        description={description}
        error={error || undefined}
        disabled={choices.loading}
      />
    )
  }
  const current = typeof value === 'string' && value !== '' ? value : null
  const options = withCurrent(choices.options, current ? [current] : [])
  // 'No selection' is a choice only among real options: with none, the spec's 'No options' shows.
  if (field.nullable && options.length > 0) options.unshift({ value: NO_SELECTION, label: 'No selection' })
  return (
    <Dropdown
      label={field.label}
      options={options}
      value={current}
      onChange={(next) => env.onChange(path, next === NO_SELECTION ? null : next)}
      description={description}
      error={messageAt(env.errors, path)}
      disabled={choices.loading}
    />
  )
}
