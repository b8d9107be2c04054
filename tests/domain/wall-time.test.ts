import { describe, expect, it } from 'vitest'
import { formatDateTimeUnambiguous, isRepeatedLocalTime } from '../../src/domain/wall-time.ts'
import { inTimeZone } from '../tools/time-zone.ts'

describe('a moment written so that the hour the clocks go back is told apart', () => {
  // Adak goes from UTC-9 to UTC-10 at 02:00 on 1 November 2026, and back at 02:00 on 8 March.
  inTimeZone('America/Adak')

  it('adds the offset to both moments of the repeated hour, and to nothing else', () => {
    expect(formatDateTimeUnambiguous(Date.parse('2026-11-01T10:00:00Z'))).toBe('01-11-2026 01:00:00 (UTC-09:00)')
    expect(formatDateTimeUnambiguous(Date.parse('2026-11-01T11:00:00Z'))).toBe('01-11-2026 01:00:00 (UTC-10:00)')
    expect(formatDateTimeUnambiguous(Date.parse('2026-11-01T10:30:00Z'))).toBe('01-11-2026 01:30:00 (UTC-09:00)')
    expect(formatDateTimeUnambiguous(Date.parse('2026-11-01T09:00:00Z'))).toBe('01-11-2026 00:00:00')
    expect(formatDateTimeUnambiguous(Date.parse('2026-11-01T12:00:00Z'))).toBe('01-11-2026 02:00:00')
    // The hour skipped in spring repeats nothing.
    for (const iso of ['2026-03-08T11:00:00Z', '2026-03-08T12:00:00Z', '2026-03-08T13:00:00Z'])
      expect(isRepeatedLocalTime(Date.parse(iso)), iso).toBe(false)
    expect(formatDateTimeUnambiguous(Date.parse('2026-11-24T10:00:00Z'))).toBe('24-11-2026 00:00:00')
  })

  it('adds nothing in a zone without clock changes', () => {
    process.env.TZ = 'Pacific/Kiritimati'
    expect(formatDateTimeUnambiguous(Date.parse('2026-11-01T10:00:00Z'))).toBe('02-11-2026 00:00:00')
  })
})
