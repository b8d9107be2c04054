import { parseDateTimeInput } from './datetime-input.ts'

// Apart from src/domain/datetime-input.ts, which every list's and form's kit carries: only the statistics
// read a range's end so.

/**
 * The end of a range whose end is excluded (the statistics'), typed as `parseDateTimeInput` reads it: a day
 * alone takes in that whole day (the next day's midnight, 23 or 25 hours on when the clocks change), a
 * time is the moment it names. '' for an empty text, null when it names no moment.
 */
export function parseRangeEnd(text: string): string | null {
  const last = parseDateTimeInput(text, true)
  if (last === null || last === '') return last
  if (text.includes(':')) return parseDateTimeInput(text)
  return new Date(Date.parse(last) + 1).toISOString()
}
