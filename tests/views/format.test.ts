import { describe, expect, it } from 'vitest'
import { formatDateTime } from '../../src/domain/datetime.ts'
import { formatValue } from '../../src/views/resources/format.tsx'
import { inTimeZone } from '../tools/time-zone.ts'

describe('formatDateTime', () => {
  // Node reads TZ again when it changes: the dates below are written in Paris time.
  inTimeZone('Europe/Paris')

  it('writes day-month-year with dashes and a 24-hour clock, in the local time zone', () => {
    expect(formatDateTime('2026-07-04T13:05:09Z')).toBe('04-07-2026 15:05:09')
    // Midnight is 00, not 24; the new year starts in Paris before it does in UTC.
    expect(formatDateTime('2026-12-31T23:00:00Z')).toBe('01-01-2027 00:00:00')
    // Either side of the summer time change.
    expect(formatDateTime('2026-03-29T00:59:59Z')).toBe('29-03-2026 01:59:59')
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29-03-2026 03:00:00')
  })

  it('reads as en-GB does for any moment', () => {
    const enGb = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    })
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7_777_777_777 / 100) {
      const parts = Object.fromEntries(enGb.formatToParts(new Date(ms)).map((part) => [part.type, part.value]))
      const expected = `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`
      expect(formatDateTime(new Date(ms).toISOString())).toBe(expected)
    }
  })

  it('gives back what is not a date as it came', () => {
    expect(formatDateTime('not a date')).toBe('not a date')
  })

  it('is what a list cell shows for a stored timestamp', () => {
    expect(formatValue('2026-07-04T13:05:09.123Z')).toBe('04-07-2026 15:05:09')
  })
})
