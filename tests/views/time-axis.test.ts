import { describe, expect, it } from 'vitest'
import { timeAxisLabels } from '../../src/ui/time-axis.ts'

// Local times, as uPlot draws them: the expectations hold in any time zone.
const at = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime() / 1000

describe('timeAxisLabels', () => {
  it('writes hours on a 24-hour clock with the day, dashed day-month, under the first tick of each day', () => {
    const splits = [at(2026, 11, 23, 18), at(2026, 11, 23, 21), at(2026, 11, 24, 0), at(2026, 11, 24, 3)]
    expect(timeAxisLabels(splits, 3 * 3600)).toEqual(['18:00\n23-11', '21:00', '00:00\n24-11', '03:00'])
  })

  it('writes days as day-month, with the year under the first tick and where it changes', () => {
    const splits = [at(2026, 12, 30), at(2026, 12, 31), at(2027, 1, 1)]
    expect(timeAxisLabels(splits, 86_400)).toEqual(['30-12\n2026', '31-12', '01-01\n2027'])
  })
})
