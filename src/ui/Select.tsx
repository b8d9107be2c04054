import { Description, Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import type { ReactNode } from 'react'

export type SelectOption<T> = { value: T; label: string; disabled?: boolean }

type SelectProps<T extends string | number> = {
  label: ReactNode
  options: readonly SelectOption<T>[]
  value: T | null
  onChange: (value: T) => void
  placeholder?: string
  emptyMessage?: string
  description?: ReactNode
  error?: string
  disabled?: boolean
  name?: string
  className?: string
}

function ChevronIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="size-4 text-slate-500 dark:text-slate-400"
    >
      <path d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
    </svg>
  )
}

/** A dropdown select (Headless UI Listbox) with the spec's 'No selection' and 'No options' texts. */
export function Select<T extends string | number>({
  label,
  options,
  value,
  onChange,
  placeholder = 'No selection',
  emptyMessage = 'No options',
  description,
  error,
  disabled = false,
  name,
  className = '',
}: SelectProps<T>) {
  const selected = options.find((option) => option.value === value)
  return (
    <Field disabled={disabled} className={`flex flex-col gap-1 ${className}`}>
      <Label className="text-sm font-medium">{label}</Label>
      <Listbox
        value={value}
        onChange={(next: T | null) => next !== null && onChange(next)}
        name={name}
        invalid={!!error}
      >
        <ListboxButton
          aria-invalid={error ? true : undefined}
          className="flex w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left focus:outline-2 focus:outline-teal-600/40 data-disabled:opacity-60 data-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-950"
        >
          <span className={selected ? '' : 'text-slate-500 dark:text-slate-400'}>
            {selected ? selected.label : placeholder}
          </span>
          <ChevronIcon />
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-50 mt-1 max-h-60 w-(--button-width) overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          {options.length === 0 ? (
            <div className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">{emptyMessage}</div>
          ) : (
            options.map((option) => (
              <ListboxOption
                key={String(option.value)}
                value={option.value}
                disabled={option.disabled}
                className="cursor-default px-3 py-2 data-disabled:opacity-50 data-focus:bg-teal-50 data-selected:font-semibold dark:data-focus:bg-slate-800"
              >
                {option.label}
              </ListboxOption>
            ))
          )}
        </ListboxOptions>
      </Listbox>
      {description && <Description className="text-sm text-slate-600 dark:text-slate-400">{description}</Description>}
      {error && <Description className="text-sm text-red-700 dark:text-red-400">{error}</Description>}
    </Field>
  )
}
