import { formatDateTime } from './datetime.ts'

/**
 * A moment as `formatDateTime` writes it, with its UTC offset when its local time happens twice: in the
 * hour the clocks go back, 01:00 summer time and 01:00 winter time are both `01-11-2026 01:00:00`, which a
 * table of hourly numbers would show as two rows of the same time. Apart from src/domain/datetime.ts,
 * which every page loads: only the statistics need it.
 */

const HOUR_MS = 3_600_000
const two = (value: number) => String(value).padStart(2, '0')
/** Minutes west of UTC at `ms`, in the browser's time zone (Date's sign: UTC-10 is 600). */
const offsetAt = (ms: number) => new Date(ms).getTimezoneOffset()

/** Whether the local time at `ms` is also the local time of another moment (the repeated hour). */
export function isRepeatedLocalTime(ms: number): boolean {
  const own = offsetAt(ms)
  for (const near of [offsetAt(ms - 3 * HOUR_MS), offsetAt(ms + 3 * HOUR_MS)]) {
    if (near === own) continue
    // The moment whose local time, at the neighbouring offset, reads the same as this one's.
    const twin = ms + (near - own) * 60_000
    if (offsetAt(twin) === near) return true
  }
  return false
}

/** `UTC-09:00`: the offset of the browser's time zone at `ms`. */
export function utcOffsetOf(ms: number): string {
  const east = -offsetAt(ms)
  const size = Math.abs(east)
  return `UTC${east < 0 ? '-' : '+'}${two(Math.floor(size / 60))}:${two(size % 60)}`
}

/** `01-11-2026 01:00:00`, or `01-11-2026 01:00:00 (UTC-09:00)` when that local time happens twice. */
export function formatDateTimeUnambiguous(ms: number): string {
  const text = formatDateTime(ms)
  return isRepeatedLocalTime(ms) ? `${text} (${utcOffsetOf(ms)})` : text
}
