import { formatDate, formatHoursMinutes } from './datetime.ts'

/**
 * Dates and times typed in the console's convention (src/domain/datetime.ts): day-month-year and a
 * 24-hour clock in local time, whatever the browser's locale, read into ISO 8601 instants and back.
 * Apart from the formatting, which every page loads, so that only the pages with a date field carry it.
 */

const two = (value: number) => String(value).padStart(2, '0')

/** What a typed date and time looks like, for placeholders and hints. */
export const DATE_TIME_INPUT = {
  placeholder: 'dd-mm-yyyy hh:mm',
  hint: 'Day-month-year and a 24-hour time, such as 23-11-2026 14:05, in local time.',
  message: 'must be a date and time such as 23-11-2026 14:05 (day-month-year, 24-hour)',
} as const

const TYPED = /^(\d{1,2})-(\d{1,2})-(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/

/**
 * A date and time typed as the console writes them (`23-11-2026 14:05`, seconds optional, the time
 * optional meaning midnight), in local time: its ISO 8601 instant, '' for an empty text, or null when it
 * names no moment (a 31-02, a 24:00, a time skipped by a clock change). `end`: the last millisecond of
 * what it names, for the end of an inclusive range ("To 14:05" takes in 14:05:30; "To 23-11-2026" the
 * whole day).
 */
export function parseDateTimeInput(text: string, end = false): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return ''
  const match = TYPED.exec(trimmed)
  if (!match) return null
  const [day, month, year, hours = 0, minutes = 0, seconds = 0] = match.slice(1).map((part) => Number(part ?? 0))
  const date = new Date(year ?? 0, (month ?? 1) - 1, day, hours, minutes, seconds)
  const same =
    date.getFullYear() === year &&
    date.getMonth() === (month ?? 1) - 1 &&
    date.getDate() === day &&
    date.getHours() === hours &&
    date.getMinutes() === minutes &&
    date.getSeconds() === seconds
  if (!same) return null
  if (!end) return date.toISOString()
  const next =
    match[4] === undefined
      ? new Date(year ?? 0, (month ?? 1) - 1, (day ?? 1) + 1)
      : new Date(date.getTime() + (match[6] === undefined ? 60_000 : 1000))
  return new Date(next.getTime() - 1).toISOString()
}

/**
 * An instant as a typed date-time field shows it (`23-11-2026 14:05`, with seconds when it has some).
 * `end`: an instant `parseDateTimeInput` made with `end`, shown as what was typed.
 */
export function dateTimeInputOf(iso: string | undefined, end = false): string {
  if (!iso) return ''
  let date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  if (end && date.getMilliseconds() === 999) {
    date = new Date(date.getTime() - 999)
    if (date.getSeconds() === 59) date = new Date(date.getTime() - 59_000)
  }
  const seconds = date.getSeconds() === 0 ? '' : `:${two(date.getSeconds())}`
  return `${formatDate(date)} ${formatHoursMinutes(date)}${seconds}`
}

/** What a typed day looks like (an expiry). */
export const DATE_INPUT = {
  placeholder: 'dd-mm-yyyy',
  message: 'must be a day such as 23-11-2026 (day-month-year)',
} as const

const TYPED_DAY = /^(\d{1,2})-(\d{1,2})-(\d{4})$/

/** A typed day (`23-11-2026`) as `2026-11-23`, '' for an empty text, null when it names no day. */
export function parseDateInput(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return ''
  const match = TYPED_DAY.exec(trimmed)
  if (!match) return null
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`
}

/** `2026-11-23` (or a time on that day) as a typed day shows it: `23-11-2026`. */
export function dateInputOf(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day)
  return match ? `${match[3]}-${match[2]}-${match[1]}` : ''
}
