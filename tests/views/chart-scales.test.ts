import { describe, expect, it } from 'vitest'
import { timeTicks, valueTicks } from '../../src/ui/chart-scales.ts'

// Local times, as the charts draw them: the expectations hold in any time zone.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).getTime()

describe('valueTicks', () => {
  it('spans the values with round steps, three or fewer apart', () => {
    expect(valueTicks([1_980_000, 2_400_000, 2_950_000])).toEqual({
      min: 1_500_000,
      max: 3_000_000,
      ticks: [1_500_000, 2_000_000, 2_500_000, 3_000_000],
    })
    expect(valueTicks([0.843, 0.861, 0.869]).ticks).toEqual([0.84, 0.85, 0.86, 0.87])
  })

  it('skips missing values, and gives a single value a band from zero', () => {
    expect(valueTicks([null, 40, null]).ticks).toEqual([0, 20, 40])
    expect(valueTicks([null]).ticks).toEqual([0, 0.5, 1])
  })
})

describe('timeTicks', () => {
  it('puts a day of hourly points on every sixth whole hour', () => {
    const { ticks, step } = timeTicks(at(26, 22), at(27, 21))
    expect(step).toBe(6 * 3_600_000)
    expect(ticks).toEqual([at(27, 0), at(27, 6), at(27, 12), at(27, 18)])
  })

  it('starts at the first whole hour inside the range', () => {
    expect(timeTicks(at(27, 0, 30), at(27, 3, 10)).ticks).toEqual([at(27, 1), at(27, 2), at(27, 3)])
  })
})
