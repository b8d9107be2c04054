import { useMemo } from 'react'
import { colourOf, gridColour } from './chart-colours.ts'
import { type ChartLine, timeTicks, valueTicks } from './chart-scales.ts'
import { timeAxisLabels } from './time-axis.ts'

type SvgPlotProps = {
  /** The start of each point, in ms since the epoch. */
  timestamps: readonly number[]
  lines: readonly ChartLine[]
  /** Writes a value axis tick. */
  formatAxis: (value: number | null) => string
  height: number
  dark: boolean
  label: string
}

/** The value axis' width and the time axis' height (two lines: the time, and the day under the first of each day). */
const GUTTER = { left: 56, bottom: 36 } as const

/** Where each run of known values goes, in percent of the plot: a missing value breaks the line, as uPlot's spanGaps: false. */
function runsOf(
  timestamps: readonly number[],
  values: readonly (number | null)[],
  x: (ms: number) => number,
  y: (value: number) => number,
): string[] {
  const runs: string[] = []
  let run: string[] = []
  values.forEach((value, i) => {
    const at = timestamps[i]
    if (value === null || at === undefined) {
      if (run.length > 0) runs.push(run.join(' '))
      run = []
      return
    }
    run.push(`${x(at).toFixed(2)},${y(value).toFixed(2)}`)
  })
  if (run.length > 0) runs.push(run.join(' '))
  return runs
}

/**
 * A small line chart drawn by React as SVG, for a few dozen points (Home's charts of the last 24 hours):
 * no charting library to load, evaluate and run on the page's main thread, where uPlot's module alone
 * took some 200 ms of a phone's load. The lines stretch with the box (a 100 x 100 view box, strokes
 * of a fixed width); the axes' labels are HTML, so their text is never stretched.
 */
export function SvgPlot({ timestamps, lines, formatAxis, height, dark, label }: SvgPlotProps) {
  const scales = useMemo(() => {
    const first = timestamps[0] ?? 0
    const last = timestamps.at(-1) ?? first
    const values = valueTicks(lines.flatMap((line) => line.values))
    const time = timeTicks(first, last)
    const x = (ms: number) => (last === first ? 50 : ((ms - first) / (last - first)) * 100)
    const y = (value: number) => 100 - ((value - values.min) / (values.max - values.min)) * 100
    const timeLabels = timeAxisLabels(
      time.ticks.map((ms) => ms / 1000),
      time.step / 1000,
    )
    return {
      x,
      y,
      valueTicks: values.ticks,
      timeTicks: time.ticks.map((ms, i) => ({ ms, label: timeLabels[i] ?? '' })),
      runs: lines.map((line) => runsOf(timestamps, line.values, x, y)),
    }
  }, [timestamps, lines])
  const grid = gridColour(dark)
  return (
    <div
      role="img"
      aria-label={label}
      className="relative mt-2 text-xs text-slate-600 dark:text-slate-300"
      style={{ height }}
    >
      <div className="absolute top-1" style={{ left: GUTTER.left, right: 8, bottom: GUTTER.bottom }}>
        <svg
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full overflow-visible"
          aria-hidden="true"
        >
          {scales.valueTicks.map((tick) => (
            <line
              key={`v${tick}`}
              x1={0}
              x2={100}
              y1={scales.y(tick)}
              y2={scales.y(tick)}
              stroke={grid}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {scales.timeTicks.map((tick) => (
            <line
              key={`t${tick.ms}`}
              x1={scales.x(tick.ms)}
              x2={scales.x(tick.ms)}
              y1={0}
              y2={100}
              stroke={grid}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {scales.runs.map((runs, i) =>
            runs.map((points) => (
              <polyline
                key={`${lines[i]?.label}-${points.slice(0, 24)}`}
                points={points}
                fill="none"
                stroke={colourOf(i, dark)}
                strokeWidth={1.5}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            )),
          )}
        </svg>
        {scales.valueTicks.map((tick) => (
          <span
            key={`v${tick}`}
            className="absolute -translate-y-1/2 pr-2 text-right tabular-nums"
            style={{ top: `${scales.y(tick)}%`, right: '100%', width: GUTTER.left }}
          >
            {formatAxis(tick)}
          </span>
        ))}
        {scales.timeTicks.map((tick) => (
          <span
            key={`t${tick.ms}`}
            className="absolute top-full -translate-x-1/2 whitespace-pre pt-1 text-center leading-tight"
            style={{ left: `${scales.x(tick.ms)}%` }}
          >
            {tick.label}
          </span>
        ))}
      </div>
    </div>
  )
}
