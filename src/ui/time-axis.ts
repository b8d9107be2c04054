import { formatDayMonth, formatHoursMinutes } from '../domain/datetime.ts'

const DAY_SECONDS = 86_400

/**
 * The time axis' labels in the console's convention (src/domain/datetime.ts: dashed day-month, 24-hour
 * clock, local time) instead of uPlot's US defaults (`11/23/26`, `3pm`). `splits` are uPlot's tick
 * positions in seconds, `increment` the seconds between ticks. Ticks a day or more apart show the day
 * (and the year when it changes); closer ticks show the time, with the day under the first tick of each day.
 */
export function timeAxisLabels(splits: readonly number[], increment: number): string[] {
  return splits.map((seconds, i) => {
    const at = new Date(seconds * 1000)
    const previous = i > 0 ? new Date((splits[i - 1] ?? seconds) * 1000) : null
    const day = formatDayMonth(at)
    const yearChanged = !previous || previous.getFullYear() !== at.getFullYear()
    if (increment >= DAY_SECONDS) return yearChanged ? `${day}\n${at.getFullYear()}` : day
    const dayChanged = !previous || previous.toDateString() !== at.toDateString()
    return dayChanged ? `${formatHoursMinutes(at)}\n${day}` : formatHoursMinutes(at)
  })
}
