/**
 * Blocking time of signed-in page loads, without Lighthouse's simulation: each page loaded in Chromium at
 * a real CPU slow-down (4x by default, `CPU=<rate>`), signed in, the HTTP cache emptied first; the
 * browser's long tasks (over 50 ms) after the first contentful paint, each counted beyond its first 50 ms,
 * as Lighthouse's TBT counts them. Median of `runs` loads (7 by default). It says where a change moved
 * the main thread, with less spread than Lighthouse's scores on a shared machine (issue 27's pairs in
 * docs/benchmarks.md); it writes nothing.
 * Run: `npm run build && node --import tsx tests/bench/blocking.ts /websites-edit/shop-example-com /api-docs [runs]`
 * (`SHOW=1` lists each load's long tasks: start and duration in ms, and its first paint).
 * `SHOWN=<css selector>` also reports when the first element it matches was on screen (the page's
 * answer: `SHOWN='a[href*="-detail/"]'` for a list's rows), and `NET=slow4g` throttles the network as
 * Lighthouse's mobile settings assume (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up). `PHONE=1` loads
 * the pages in Lighthouse's mobile viewport (412 x 823) instead of Playwright's 1280 x 720: what is below
 * the fold differs (a page's charts are drawn as they come near it).
 * `--answers` times each page of issue 27 (tests/bench/console-pages.ts) to its answer on a phone: slow 4G,
 * 4x CPU, the phone's viewport, 5 loads, its `answer` element; it writes the section "Time to each page's
 * answer on a phone" of docs/benchmarks.md, each time beside the previous run's. Lighthouse's metrics miss
 * what arrives after the page's heading: a day of statistics went uncompressed (404 kB) for months.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts'
import { ADMIN_TOKEN } from '../server/support.ts'
import { startServerProcess } from './child.ts'
import { PAGES, previousColumn } from './console-pages.ts'
import { writeSection } from './report.ts'

const PROJECT = 'shop'
const args = process.argv.slice(2).filter((arg) => arg !== '--answers')
const answers = process.argv.includes('--answers')
const runs = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : answers ? 5 : 7
const rate = Number(process.env.CPU ?? 4)
const slow4g = answers || process.env.NET === 'slow4g'
const phone = answers || !!process.env.PHONE
const ANSWERS_SECTION = 'console-answers-bench'
const BENCHMARKS = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url))

type Load = { blocking: number; longest: number; firstPaint: number; shown: number; tasks: [number, number][] }
/** The pages to load, each with the element whose first appearance is timed (none: ''). */
const targets = answers
  ? PAGES.map(({ path, answer }) => ({ path, shown: answer }))
  : (args.length > 0 ? args : ['/home']).map((path) => ({ path, shown: process.env.SHOWN ?? '' }))
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 204_800, uploadThroughput: 96_000 }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const server = await startServerProcess(ADMIN_TOKEN, { serveConsole: true })
const profile = mkdtempSync(join(tmpdir(), 'wadp-bench-blocking-'))
try {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...(phone ? { viewport: { width: 412, height: 823 } } : {}),
  })
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto(`${server.url}/`)
  await page.getByLabel('API token').fill(ADMIN_TOKEN)
  await page.getByRole('button', { name: 'Sign in with token' }).click()
  await page.waitForURL(/\/home\?project=/)
  // Recorded from the page's start: the long tasks and the first contentful paint.
  await page.addInitScript(
    (shownOf) => {
      const seen = { tasks: [] as [number, number][], firstPaint: Number.NaN, shown: Number.NaN }
      Object.assign(window, { __blocking: seen })
      const selector = shownOf[location.pathname]
      // Looked for every 10 ms until it is there (no named helper: tsx would wrap it in a __name() call the page lacks).
      if (selector) {
        const timer = setInterval(() => {
          if (!document.querySelector(selector)) return
          seen.shown = performance.now()
          clearInterval(timer)
        }, 10)
      }
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.tasks.push([entry.startTime, entry.duration])
      }).observe({ type: 'longtask', buffered: true })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name === 'first-contentful-paint') seen.firstPaint = entry.startTime
      }).observe({ type: 'paint', buffered: true })
    },
    Object.fromEntries(targets.map(({ path, shown }) => [path, shown])),
  )
  const cdp = await context.newCDPSession(page)
  const results: { path: string; loads: Load[] }[] = []
  for (const { path, shown: shownSelector } of targets) {
    const loads: Load[] = []
    for (let run = 0; run < runs; run++) {
      await page.goto('about:blank')
      await cdp.send('Network.clearBrowserCache')
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      if (slow4g) await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
      await page.goto(`${server.url}${path}?project=${PROJECT}`, { waitUntil: 'networkidle' })
      // Late work (charts drawn in turn, dropdowns mounted one by one) ends within this.
      await page.waitForTimeout(2000)
      const seen = await page.evaluate(
        () =>
          (window as unknown as { __blocking: { tasks: [number, number][]; firstPaint: number; shown: number } })
            .__blocking,
      )
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      const after = seen.tasks.filter(([start]) => start >= seen.firstPaint)
      loads.push({
        blocking: after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
        longest: Math.max(0, ...seen.tasks.map(([, duration]) => duration)),
        firstPaint: seen.firstPaint,
        shown: seen.shown,
        tasks: seen.tasks,
      })
      if (process.env.SHOW)
        console.log(
          `${path} load ${run + 1}: first paint ${seen.firstPaint.toFixed(0)} ms; long tasks ${seen.tasks.map(([start, duration]) => `${start.toFixed(0)}+${duration.toFixed(0)}`).join(' ')}`,
        )
    }
    console.log(
      `${path} (CPU ${rate}x, ${runs} loads): blocking after the first paint, median ${median(loads.map((l) => l.blocking)).toFixed(0)} ms (${loads.map((l) => l.blocking.toFixed(0)).join(', ')}); first paint ${median(loads.map((l) => l.firstPaint)).toFixed(0)} ms; longest task ${median(loads.map((l) => l.longest)).toFixed(0)} ms${shownSelector ? `; ${shownSelector} shown at ${median(loads.map((l) => l.shown)).toFixed(0)} ms (${loads.map((l) => l.shown.toFixed(0)).join(', ')})` : ''}`,
    )
    results.push({ path, loads })
  }
  if (answers) writeSection(BENCHMARKS, ANSWERS_SECTION, answersSection(results, context.browser()?.version()))
  await context.close()
} finally {
  await server.stop()
  rmSync(profile, { recursive: true, force: true })
}

function answersSection(results: { path: string; loads: Load[] }[], chromiumVersion: string | undefined): string {
  // The previous run's median, the table's second column after the page's (its element is the first).
  const previous = previousColumn(ANSWERS_SECTION, 2)
  const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'never')
  return [
    "## Time to each page's answer on a phone (`node --import tsx tests/bench/blocking.ts --answers`, part of `npm run bench`)",
    '',
    `- Date: ${new Date().toISOString()}; ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} when it ended; Chromium ${chromiumVersion ?? '(Debian)'}.`,
    `- Each page of issue 27 loaded in Chromium, signed in, project \`${PROJECT}\`, the HTTP cache emptied first, as Lighthouse's mobile settings assume but for real: 4x CPU slow-down, slow 4G (150 ms round trips, 1.6 Mbit/s down), 412 x 823. "Answer" is when the page's data was first on screen (the element named, there only once its data has been drawn: tests/bench/console-pages.ts); median of ${runs} loads, and their spread. Blocking: the long tasks after the first paint, each beyond its first 50 ms, as Lighthouse's TBT counts them but measured, not simulated. Lighthouse takes a page's heading as its largest paint; this is what an operator waits for.`,
    '',
    '| Page | Element | Answer | Previous run | Spread | First paint | Blocking after it |',
    '| --- | --- | ---: | ---: | --- | ---: | ---: |',
    ...results.map(({ path, loads }) => {
      const page = PAGES.find((p) => p.path === path)
      // A load whose answer never came counts as the slowest.
      const shown = loads.map((l) => (Number.isNaN(l.shown) ? Number.POSITIVE_INFINITY : l.shown))
      const spread = `${seconds(Math.min(...shown))} – ${seconds(Math.max(...shown))}`
      return `| ${page?.label ?? path} | \`${page?.answer ?? ''}\` | ${seconds(median(shown))} | ${previous.get(page?.label ?? '') ?? '—'} | ${spread} | ${seconds(median(loads.map((l) => l.firstPaint)))} | ${median(loads.map((l) => l.blocking)).toFixed(0)} ms |`
    }),
  ].join('\n')
}
