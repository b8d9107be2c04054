import { describe, expect, it } from 'vitest'
import { formatCompact, formatNumber } from '../../src/domain/numbers.ts'

const VALUES = [
  0, 1, 7, 12, 999, 1000, 1001, 1234, 12_345, 99_999, 123_456, 999_499, 999_950, 999_999, 1_000_000, 1_234_567,
  12_345_678, 987_654_321, 1_500_000_000, 2_345_678_901_234, 0.5, 0.125, 0.1234, 12.34, 12.05, 999.95, 1049.99, -1,
  -1234, -12_345, -0.04, -0.0004, 2.71, 0.0004,
]

describe('numbers written without Intl', () => {
  it('writes a number as Intl en-US does, thousands commas and up to three decimals', () => {
    const intl = new Intl.NumberFormat('en-US')
    for (const value of VALUES) expect(formatNumber(value), String(value)).toBe(intl.format(value))
  })

  it('writes a compact number as Intl en-US does with one decimal at most', () => {
    const intl = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })
    for (const value of VALUES) expect(formatCompact(value), String(value)).toBe(intl.format(value))
  })

  it('writes the counts of a list as en-GB does', () => {
    const intl = new Intl.NumberFormat('en-GB')
    for (const value of [0, 1, 100, 1000, 10_000, 123_456, 1_000_000])
      expect(formatNumber(value)).toBe(intl.format(value))
  })
})
