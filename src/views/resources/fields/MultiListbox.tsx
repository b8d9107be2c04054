import { Description, Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import type { Option } from '../../../domain/resource-ui.ts'
import { errorClassName, helpClassName, labelClassName } from './FieldFrame.tsx'

type MultiListboxProps = {
  label: string
  options: readonly Option[]
  value: readonly string[]
  onChange: (value: string[]) => void
  description?: string | undefined
  error?: string | undefined
  disabled?: boolean
}

const OPTION_CLASS =
  'flex cursor-default items-center gap-2 px-3 py-2 data-focus:bg-teal-50 data-selected:font-semibold dark:data-focus:bg-slate-800'

/** The Select primitive's look with several values: each option toggles; 'No selection' / 'No options' as there. */
export default function MultiListbox({
  label,
  options,
  value,
  onChange,
  description,
  error,
  disabled,
}: MultiListboxProps) {
  const chosen = value.map((name) => options.find((option) => option.value === name)?.label ?? name)
  return (
    <Field disabled={disabled} className="flex flex-col gap-1">
      <Label className={labelClassName}>{label}</Label>
      <Listbox value={[...value]} onChange={onChange} multiple invalid={!!error}>
        <ListboxButton
          aria-invalid={error ? true : undefined}
          className="flex w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left focus:outline-2 focus:outline-teal-600/40 data-disabled:opacity-60 data-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-950"
        >
          <span className={chosen.length > 0 ? 'truncate' : 'text-slate-500 dark:text-slate-400'}>
            {chosen.length > 0 ? chosen.join(', ') : 'No selection'}
          </span>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-slate-500">
            <path d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
          </svg>
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-50 mt-1 max-h-60 w-(--button-width) overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          {options.length === 0 ? (
            <div className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">No options</div>
          ) : (
            options.map((option) => (
              <ListboxOption key={option.value} value={option.value} className={OPTION_CLASS}>
                {({ selected }) => (
                  <>
                    <span aria-hidden="true" className="w-4 text-teal-700 dark:text-teal-400">
                      {selected ? '✓' : ''}
                    </span>
                    {option.label}
                  </>
                )}
              </ListboxOption>
            ))
          )}
        </ListboxOptions>
      </Listbox>
      {description && <Description className={helpClassName}>{description}</Description>}
      {error && <Description className={errorClassName}>{error}</Description>}
    </Field>
  )
}
