/**
 * A chart's lines (both kinds of chart take them), and the scales for the small charts that React draws
 * as SVG (src/ui/SvgPlot.tsx): the value axis' ticks and the
 * time axis' ticks, chosen as uPlot chooses them for the large charts (round steps; times on the hour in
 * local time), so that a small chart reads like a large one.
 */

/** One line of a chart: its name in the legend, and a value per point (null where none is known). */
export type ChartLine = { label: string; values: readonly (number | null)[] }

/** The steps a value axis may take, times a power of ten. */
const VALUE_STEPS = [1, 2, 2.5, 5, 10] as const

/** A value axis: its lowest and highest value and the ticks between, `count` or fewer steps apart. */
export function valueTicks(
  values: readonly (number | null)[],
  count = 3,
): { min: number; max: number; ticks: number[] } {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value))
  let low = known.length > 0 ? Math.min(...known) : 0
  let high = known.length > 0 ? Math.max(...known) : 1
  if (low === high) {
    // One value: a band around it (from zero for a positive one), not a scale of nothing.
    low = low > 0 ? 0 : low - 1
    high = high > 0 ? high : high + 1
  }
  const rough = (high - low) / count
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = (VALUE_STEPS.find((factor) => factor * power >= rough) ?? 10) * power
  const min = Math.floor(low / step) * step
  const max = Math.ceil(high / step) * step
  const ticks: number[] = []
  // Rounded to the step's own decimals: 0.1 * 3 is 0.30000000000000004 otherwise.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1)
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Number(tick.toFixed(decimals)))
  return { min, max, ticks }
}

const HOUR_MS = 3_600_000
/** The time steps a time axis may take, in hours. */
const HOUR_STEPS = [1, 2, 3, 6, 12, 24, 48, 168] as const

/**
 * A time axis from `from` to `to` (ms since the epoch): ticks on whole local hours (local midnights for
 * steps of a day or more), `count` or fewer, and the step between them in ms.
 */
export function timeTicks(from: number, to: number, count = 4): { ticks: number[]; step: number } {
  const hours = HOUR_STEPS.find((candidate) => (to - from) / (candidate * HOUR_MS) <= count) ?? HOUR_STEPS.at(-1) ?? 168
  const step = hours * HOUR_MS
  const ticks: number[] = []
  const start = new Date(from)
  start.setMinutes(0, 0, 0)
  if (start.getTime() < from) start.setHours(start.getHours() + 1)
  for (const at = start; at.getTime() <= to; at.setHours(at.getHours() + 1)) {
    const onStep = hours < 24 ? at.getHours() % hours === 0 : at.getHours() === 0 && dayNumber(at) % (hours / 24) === 0
    if (onStep) ticks.push(at.getTime())
  }
  return { ticks, step }
}

/** Days since the epoch, in local time: steps of several days fall on the same days whatever the range. */
function dayNumber(at: Date): number {
  return Math.floor((at.getTime() - at.getTimezoneOffset() * 60_000) / (24 * HOUR_MS))
}
