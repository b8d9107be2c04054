/**
 * Every date and time the console shows or reads, in one convention (spec section 9, the audit log's):
 * en-GB day-month-year with dashes and a 24-hour clock, in the browser's time zone, said once a page
 * (`timesNote` in src/domain/time-zone.ts). Written from a Date's own local fields: a new Intl.DateTimeFormat per call cost about a
 * millisecond each, which long lists and Home's panels paid on every render.
 */

const two = (value: number) => String(value).padStart(2, '0')
const dateOf = (value: string | number | Date): Date => (value instanceof Date ? value : new Date(value))

/** `23-11`: day and month, for a chart's axis where the year is said once. */
export function formatDayMonth(value: string | number | Date): string {
  const date = dateOf(value)
  return `${two(date.getDate())}-${two(date.getMonth() + 1)}`
}

/** `14:05`: hours and minutes of a moment, local time, 24-hour clock. */
export function formatHoursMinutes(value: string | number | Date): string {
  const date = dateOf(value)
  return `${two(date.getHours())}:${two(date.getMinutes())}`
}

/** `23-11-2026`: the day of a moment, local time; what is not a date comes back as it came. */
export function formatDate(value: string | number | Date): string {
  const date = dateOf(value)
  return Number.isNaN(date.getTime()) ? String(value) : `${formatDayMonth(date)}-${date.getFullYear()}`
}

/** `23-11-2026 14:05:09`: a moment as operators read it; what is not a date comes back as it came. */
export function formatDateTime(value: string | number | Date): string {
  const date = dateOf(value)
  return Number.isNaN(date.getTime())
    ? String(value)
    : `${formatDate(date)} ${formatHoursMinutes(date)}:${two(date.getSeconds())}`
}

/** A timestamp as the API writes them (`2026-11-23T13:05:09.123Z`, an offset allowed). */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/
export const isIsoTimestamp = (value: unknown): value is string =>
  typeof value === 'string' && ISO_TIMESTAMP.test(value)
