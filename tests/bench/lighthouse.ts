import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Lighthouse 12 runs for the console's benchmarks (tests/bench/console.ts, tests/bench/console-pages.ts). */
export type LighthouseRow = {
  page: string
  performance: number
  accessibility: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
}

export async function runLighthouse(
  url: string,
  port: number,
  page: string,
  keepStorage: boolean,
  options: { desktop?: boolean } = {},
): Promise<LighthouseRow> {
  // Loaded here: `--lists` runs without it.
  const { default: lighthouse } = await import('lighthouse')
  const config = options.desktop ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: keepStorage,
      // With LH_SAMPLES=1 a kept trace carries the JavaScript samples too, to tell which functions the long
      // tasks ran. Sampling slows the page down (/home's TBT 647 ms without it, 2,904 ms with it, quiet):
      // such a run says where the time goes, not how much there is.
      ...(process.env.LH_DUMP && process.env.LH_SAMPLES
        ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
        : {}),
    },
    config,
  )
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { categories, audits } = result.lhr
  // A run Lighthouse could not score (a page that never painted, a protocol error) is not a measurement.
  if (typeof categories.performance?.score !== 'number') {
    const failing = Object.values(audits)
      .filter((audit) => audit.errorMessage)
      .map((audit) => `${audit.id}: ${audit.errorMessage}`)
    throw new Error(
      `Lighthouse could not score ${page}: ${result.lhr.runtimeError?.message ?? (failing.slice(0, 3).join('; ') || 'no reason given')}`,
    )
  }
  if (process.env.LH_DUMP) {
    const name = `${page.replace(/\W+/g, '_')}${options.desktop ? '-desktop' : ''}-${Date.now()}`
    writeFileSync(join(process.env.LH_DUMP, `${name}.json`), JSON.stringify(result.lhr))
    writeFileSync(join(process.env.LH_DUMP, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace))
    // With the requests' log, Lighthouse's simulation can be run again on the dump (its lantern metrics).
    writeFileSync(join(process.env.LH_DUMP, `${name}.devtoolslog.json`), JSON.stringify(result.artifacts.DevtoolsLog))
  }
  return {
    page,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  }
}

/** Lighthouse's simulated scores move by a few points from run to run: each page is measured this often. */
export const LIGHTHOUSE_RUNS = 3

/** The median run, with every run's score and the largest layout shift of any run (a shift comes and goes). */
export type MeasuredPage = LighthouseRow & { scores: number[]; largestCls: number }

/** Runs Lighthouse `LIGHTHOUSE_RUNS` times, each from a cold cache, and keeps the run with the median score. */
export async function medianLighthouse(
  run: () => Promise<LighthouseRow>,
  beforeEach: () => Promise<void>,
): Promise<MeasuredPage> {
  const runs: LighthouseRow[] = []
  let failures = 0
  while (runs.length < LIGHTHOUSE_RUNS) {
    await beforeEach()
    try {
      runs.push(await run())
    } catch (error) {
      // Said, and run again (twice at most): the median is of scored runs only.
      failures += 1
      console.log(`[bench] ${error instanceof Error ? error.message : String(error)}`)
      if (failures > 2) throw error
    }
  }
  const sorted = [...runs].sort((a, b) => a.performance - b.performance)
  const middle = sorted[Math.floor(sorted.length / 2)] ?? sorted[0]
  if (!middle) throw new Error('Lighthouse ran no measurement')
  return { ...middle, scores: runs.map((row) => row.performance), largestCls: Math.max(...runs.map((row) => row.cls)) }
}
