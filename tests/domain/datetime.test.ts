import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from '../../src/domain/datetime.ts'
import { dateInputOf, dateTimeInputOf, parseDateInput, parseDateTimeInput } from '../../src/domain/datetime-input.ts'
import { parseRangeEnd } from '../../src/domain/range-end.ts'
import { inTimeZone } from '../tools/time-zone.ts'

describe('dates typed and shown in the console’s one convention', () => {
  // Node reads TZ again when it changes: the dates below are written in Paris time.
  inTimeZone('Europe/Paris')

  it('reads day-month-year and a 24-hour time in local time, seconds and the time optional', () => {
    expect(parseDateTimeInput('23-11-2026 14:05')).toBe('2026-11-23T13:05:00.000Z')
    expect(parseDateTimeInput(' 23-11-2026 14:05:09 ')).toBe('2026-11-23T13:05:09.000Z')
    expect(parseDateTimeInput('3-7-2026 9:05')).toBe('2026-07-03T07:05:00.000Z')
    expect(parseDateTimeInput('23-11-2026')).toBe('2026-11-22T23:00:00.000Z')
    expect(parseDateTimeInput('')).toBe('')
  })

  it('reads the end of an inclusive range as the last millisecond of what was typed, and shows it back as typed', () => {
    expect(parseDateTimeInput('23-11-2026 14:05', true)).toBe('2026-11-23T13:05:59.999Z')
    expect(parseDateTimeInput('23-11-2026 14:05:09', true)).toBe('2026-11-23T13:05:09.999Z')
    expect(parseDateTimeInput('23-11-2026', true)).toBe('2026-11-23T22:59:59.999Z')
    expect(parseDateTimeInput('31-02-2026', true)).toBeNull()
    for (const typed of ['23-11-2026 14:05', '23-11-2026 14:05:09'])
      expect(dateTimeInputOf(parseDateTimeInput(typed, true) ?? '', true)).toBe(typed)
    expect(dateTimeInputOf(parseDateTimeInput('23-11-2026', true) ?? '', true)).toBe('23-11-2026 23:59')
  })

  it('reads the end of a range whose end is excluded: a day alone takes in that whole day', () => {
    expect(parseRangeEnd('23-11-2026')).toBe('2026-11-23T23:00:00.000Z')
    expect(parseRangeEnd('23-11-2026 14:05')).toBe('2026-11-23T13:05:00.000Z')
    expect(parseRangeEnd('')).toBe('')
    expect(parseRangeEnd('31-02-2026')).toBeNull()
    // The day the clocks go back has 25 hours, the one they go forward 23: each is taken in whole.
    expect(parseRangeEnd('25-10-2026')).toBe('2026-10-25T23:00:00.000Z')
    expect(parseRangeEnd('29-03-2026')).toBe('2026-03-29T22:00:00.000Z')
  })

  it('refuses what names no moment: US order, 12-hour times, impossible days and hours, ISO text', () => {
    for (const text of [
      '11/23/2026',
      '23-11-2026 2:05 PM',
      '31-02-2026 10:00',
      '23-13-2026 10:00',
      '23-11-2026 24:00',
      '23-11-2026 10:60',
      '2026-11-23T14:05',
      // Skipped by the clock change in Paris.
      '29-03-2026 02:30',
    ]) {
      expect(parseDateTimeInput(text), text).toBeNull()
    }
  })

  it('writes an instant back as it is typed, and dates and times as the audit log does', () => {
    expect(dateTimeInputOf('2026-11-23T13:05:00Z')).toBe('23-11-2026 14:05')
    expect(dateTimeInputOf('2026-11-23T13:05:09Z')).toBe('23-11-2026 14:05:09')
    expect(parseDateTimeInput(dateTimeInputOf('2026-06-30T22:59:59Z'))).toBe('2026-06-30T22:59:59.000Z')
    expect(formatDateTime(Date.UTC(2026, 10, 23, 13, 5, 9))).toBe('23-11-2026 14:05:09')
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01-01-2027')
  })

  it('reads and writes a day alone', () => {
    expect(parseDateInput('1-2-2027')).toBe('2027-02-01')
    expect(parseDateInput('29-02-2027')).toBeNull()
    expect(parseDateInput('02/01/2027')).toBeNull()
    expect(dateInputOf('2027-02-01T23:59:59.000Z')).toBe('01-02-2027')
  })
})
