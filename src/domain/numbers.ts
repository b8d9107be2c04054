/**
 * Finite numbers written as en-US/en-GB write them (`12,345`, `12.3K`), by hand. The first `Intl.NumberFormat` a page
 * makes sets up the locale's data: 45-100 ms of main thread on a desktop, four times that on a phone, and
 * the list and statistics pages made theirs as their modules started (docs/benchmarks.md, issue 27).
 */

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** `fractionDigits` at most, trailing zeros dropped, the whole part with thousands commas: Intl's defaults. */
function plain(value: number, fractionDigits: number): string {
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(fractionDigits).split('.')
  const kept = fraction.replace(/0+$/, '')
  // Intl keeps the sign of a negative value that rounds to zero (`-0`).
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${group(whole)}${kept && `.${kept}`}`
}

/** As `new Intl.NumberFormat('en-US').format(value)`: `1,234,567`, `0.125`. */
export const formatNumber = (value: number): string => plain(value, 3)

const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'] as const

/** As `Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })`: `999`, `12.3K`, `1M`. */
export function formatCompact(value: number): string {
  let unit = 0
  let scaled = Math.abs(value)
  while (scaled >= 1000 && unit < COMPACT_UNITS.length - 1) {
    scaled /= 1000
    unit += 1
  }
  // 999.96K rounds to 1,000.0K: that is 1M.
  if (Number(scaled.toFixed(1)) >= 1000 && unit < COMPACT_UNITS.length - 1) {
    scaled /= 1000
    unit += 1
  }
  return `${plain(value < 0 || Object.is(value, -0) ? -scaled : scaled, 1)}${COMPACT_UNITS[unit]}`
}
