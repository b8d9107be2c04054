import { useEffect, useId, useRef, useState } from 'react'
import type uPlot from 'uplot'
import { colourOf, gridColour } from './chart-colours.ts'
import type { ChartLine } from './chart-scales.ts'
import { nextTask } from './nextTask.ts'
import { SvgPlot } from './SvgPlot.tsx'
import { cellClassName, headerCellClassName, tableClassName } from './Table.tsx'
import { timeAxisLabels } from './time-axis.ts'

export type TimeSeriesChartProps = {
  title: string
  /** The start of each point, in ms since the epoch. */
  timestamps: readonly number[]
  lines: readonly ChartLine[]
  /** Writes a value with its unit (`1.2 MB`, `93.4 %`); the axis, the table and nothing else use it. */
  format: (value: number | null) => string
  /** Writes an axis tick, when it should be shorter than `format` (`1.2M` for 1,234,567). */
  formatAxis?: (value: number | null) => string
  /** Writes a point's time for the table and the CSV. */
  formatTime: (ms: number) => string
  /** The CSV file's name, without the extension. */
  fileName: string
  height?: number
  /** Said in the chart's area instead of drawing it when no value is there or above zero ('No requests in this period'). */
  emptyMessage?: string
  /**
   * A small chart of a few dozen points (Home's): drawn by React as SVG (src/ui/SvgPlot.tsx), at once and
   * without uPlot, whose loading and evaluation cost more than such a chart is worth. No cursor.
   */
  small?: boolean
}

/** Nothing to draw: no point, or every value missing or zero (a count of nothing, a ratio of no requests). */
export const isEmptyChart = (lines: readonly ChartLine[]): boolean =>
  !lines.some((line) => line.values.some((value) => value !== null && value !== 0))

// uPlot (about 21 kB gzip with its styles) loads with the first chart, never with the pages without one.
let library: Promise<typeof uPlot> | null = null
const loadLibrary = () => {
  library ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default)
  return library
}

/**
 * Charts are drawn one per task, in the order they asked: a page of several charts (Home has three, the
 * statistics page more) keeps the browser free to answer input and paint between them, instead of one
 * long task that draws them all once the library arrives.
 */
let drawing: Promise<void> = Promise.resolve()
function drawInTurn(draw: () => void): Promise<void> {
  const turn = drawing.then(nextTask).then(draw)
  // A chart that fails to draw shows so itself; the ones after it still get their turn.
  drawing = turn.catch(() => {})
  return turn
}

/**
 * How near the viewport a uPlot chart must come to be drawn: a chart further down the page (on a phone,
 * every chart of the statistics page) is drawn as the reader scrolls towards it, not during the
 * page's load; and uPlot loads with the first chart that comes near, not with a page whose charts are
 * all below. A `small` chart is SVG that React renders with the page.
 */
const NEAR_VIEW = '200px 0px'

/**
 * Resolves once `element` comes near the viewport (at once where there is no IntersectionObserver);
 * `stop` stops watching, and the promise then never resolves.
 */
function nearView(element: Element): { reached: Promise<void>; stop: () => void } {
  if (typeof IntersectionObserver !== 'function') return { reached: Promise.resolve(), stop: () => {} }
  let observer: IntersectionObserver | undefined
  const reached = new Promise<void>((resolve) => {
    observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer?.disconnect()
        resolve()
      },
      { rootMargin: NEAR_VIEW },
    )
    observer.observe(element)
  })
  return { reached, stop: () => observer?.disconnect() }
}

const isDark = () => typeof document !== 'undefined' && document.documentElement.classList.contains('dark')

/** The theme is a class on <html> (src/ui/theme.ts): the canvas must be redrawn when it changes. */
function useDarkTheme(): boolean {
  const [dark, setDark] = useState(isDark)
  useEffect(() => {
    const observer = new MutationObserver(() => setDark(isDark()))
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
    return () => observer.disconnect()
  }, [])
  return dark
}

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The chart's numbers as CSV: one row per point, the time in ISO 8601, raw values (no units). */
export function chartCsv(timestamps: readonly number[], lines: readonly ChartLine[]): string {
  const header = ['time', ...lines.map((line) => line.label)].map(csvCell).join(',')
  const rows = timestamps.map((ts, i) =>
    [new Date(ts).toISOString(), ...lines.map((line) => String(line.values[i] ?? ''))].map(csvCell).join(','),
  )
  return `${[header, ...rows].join('\n')}\n`
}

/**
 * A time-series line chart drawn by uPlot on a canvas, with what a canvas cannot give: a legend, the
 * numbers as a table (rendered when opened: a month of 5-minute points is thousands of rows) and a CSV
 * download built in the browser.
 */
export function TimeSeriesChart({
  title,
  timestamps,
  lines,
  format,
  formatAxis = format,
  formatTime,
  fileName,
  height = 220,
  emptyMessage = 'No data in this period',
  small = false,
}: TimeSeriesChartProps) {
  const target = useRef<HTMLDivElement>(null)
  const dark = useDarkTheme()
  const [failed, setFailed] = useState(false)
  const [tableOpen, setTableOpen] = useState(false)
  const headingId = useId()
  const chartLabel = `${title}: chart of ${timestamps.length} points; the table below lists them`

  useEffect(() => {
    const element = target.current
    if (!element) return
    let chart: uPlot | null = null
    let stopped = false
    const resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height }))
    const near = nearView(element)
    near.reached
      .then(loadLibrary)
      .then((UPlot) =>
        drawInTurn(() => {
          if (stopped) return
          const text = getComputedStyle(element).color
          const grid = gridColour(dark)
          const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } }
          chart = new UPlot(
            {
              width: element.clientWidth,
              height,
              legend: { show: false },
              cursor: { drag: { x: false, y: false } },
              scales: { x: { time: true } },
              series: [
                {},
                ...lines.map((line, i) => ({
                  label: line.label,
                  stroke: colourOf(i, dark),
                  width: 1.5,
                  spanGaps: false,
                })),
              ],
              axes: [
                {
                  ...axis,
                  values: (_: uPlot, splits: number[], _axis: number, _space: number, increment: number) =>
                    timeAxisLabels(splits, increment),
                },
                { ...axis, size: 70, values: (_: uPlot, splits: number[]) => splits.map((v) => formatAxis(v)) },
              ],
            },
            [timestamps.map((ts) => ts / 1000), ...lines.map((line) => [...line.values])],
            element,
          )
          resize.observe(element)
        }),
      )
      .catch(() => setFailed(true))
    return () => {
      stopped = true
      near.stop()
      resize.disconnect()
      chart?.destroy()
    }
  }, [timestamps, lines, formatAxis, dark, height])

  // The CSV file is made when a pointer or the focus reaches its link (or at the click): writing every
  // chart's numbers into a blob up front cost each page with charts several ms, for a file seldom asked for.
  const csvFile = useRef<{ timestamps: readonly number[]; lines: readonly ChartLine[]; url: string } | null>(null)
  useEffect(
    () => () => {
      if (csvFile.current) URL.revokeObjectURL(csvFile.current.url)
    },
    [],
  )
  const prepareCsv = (link: HTMLAnchorElement) => {
    const made = csvFile.current
    if (!made || made.timestamps !== timestamps || made.lines !== lines) {
      if (made) URL.revokeObjectURL(made.url)
      const url = URL.createObjectURL(new Blob([chartCsv(timestamps, lines)], { type: 'text/csv' }))
      csvFile.current = { timestamps, lines, url }
    }
    link.href = csvFile.current?.url ?? link.href
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          {title}
        </h2>
        <a
          // Replaced by the file's blob: URL before any activation (see prepareCsv).
          href={`#${fileName}.csv`}
          download={`${fileName}.csv`}
          onPointerEnter={(event) => prepareCsv(event.currentTarget)}
          onFocus={(event) => prepareCsv(event.currentTarget)}
          onClick={(event) => prepareCsv(event.currentTarget)}
          className="text-sm text-teal-700 underline hover:text-teal-900 dark:text-teal-300"
        >
          Download CSV<span className="sr-only"> of {title}</span>
        </a>
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {lines.map((line, i) => (
          <li key={line.label} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ background: colourOf(i, dark) }} />
            {line.label}
          </li>
        ))}
      </ul>
      {isEmptyChart(lines) ? (
        <div
          className="mt-2 flex items-center justify-center rounded-md border border-dashed border-slate-300 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300"
          style={{ minHeight: height }}
        >
          <p>{emptyMessage}</p>
        </div>
      ) : failed ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-400">
          The chart could not be drawn; the table below has its numbers.
        </p>
      ) : small ? (
        <SvgPlot
          timestamps={timestamps}
          lines={lines}
          formatAxis={formatAxis}
          height={height}
          dark={dark}
          label={chartLabel}
        />
      ) : (
        <div
          ref={target}
          role="img"
          aria-label={chartLabel}
          className="mt-2 text-slate-600 dark:text-slate-300"
          style={{ minHeight: height }}
        />
      )}
      <details className="mt-2 text-sm" onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Show the numbers as a table</summary>
        {tableOpen && (
          // Not a scrolled box of its own: the page scrolls it, from the keyboard too.
          <div className="mt-2 overflow-x-auto">
            <table className={tableClassName}>
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  <th scope="col" className={headerCellClassName}>
                    Time
                  </th>
                  {lines.map((line) => (
                    <th key={line.label} scope="col" className={`${headerCellClassName} text-right`}>
                      {line.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {timestamps.map((ts, i) => (
                  <tr key={ts} className="border-t border-slate-100 dark:border-slate-800">
                    <th scope="row" className={`${cellClassName} font-normal`}>
                      {formatTime(ts)}
                    </th>
                    {lines.map((line) => (
                      <td key={line.label} className={`${cellClassName} text-right tabular-nums`}>
                        {format(line.values[i] ?? null)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </section>
  )
}
