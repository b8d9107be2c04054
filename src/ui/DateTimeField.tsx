import type { ReactNode } from 'react'
import { DATE_TIME_INPUT } from '../domain/datetime-input.ts'
import { TextField } from './TextField.tsx'

type DateTimeFieldProps = {
  label: ReactNode
  /** What is typed, as typed: the page parses it (src/domain/datetime-input.ts) when it is applied. */
  value: string
  onChange: (text: string) => void
  error?: string | undefined
}

/**
 * A date and time typed as the console writes them, day-month-year and 24-hour, whatever the
 * browser's locale: a native date input would show the locale's order (mm/dd/yyyy, 12-hour clock in
 * en-US). A plain text field, so typing, pasting and the keyboard work as anywhere else; the format is
 * said under it and a text that names no moment is refused on the field when applied.
 */
export function DateTimeField({ label, value, onChange, error }: DateTimeFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      placeholder={DATE_TIME_INPUT.placeholder}
      description={DATE_TIME_INPUT.hint}
      autoComplete="off"
      spellCheck={false}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
