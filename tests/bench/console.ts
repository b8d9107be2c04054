import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, findFreePort } from '../../e2e/support/chromium.ts'
import { FILTER_DELAY_MS } from '../../src/views/resources/ListToolbar.tsx'
import { startCluster } from '../tools/postgres.ts'
import { BenchApi, inParallel } from './api.ts'
import { startServerProcess } from './child.ts'
import { LIGHTHOUSE_RUNS, medianLighthouse, runLighthouse } from './lighthouse.ts'
import { writeSection } from './report.ts'

/**
 * The console in Chromium (issue 3): Lighthouse 12 with its default mobile settings on the sign-in page
 * and /home (target: performance 95 or more), and how long the project selector takes to filter 10,000
 * projects per keystroke (target: under 50 ms), against the real server with 10,000 real projects.
 * `--lighthouse` runs only the Lighthouse part (no websites, no list or selector timings) and prints its
 * scores without writing docs/benchmarks.md; `LH_DUMP=<dir>` keeps each run's full Lighthouse result.
 * `--pages` measures the signed-in page kinds operators use instead (tests/bench/console-pages.ts).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const ADMIN_TOKEN = 'bench-console-admin-token-0123456789'
const PROJECTS = 10_000
async function createProjects(api: BenchApi) {
  const names = Array.from({ length: PROJECTS - 4 }, (_, index) => `fleet-${String(index).padStart(5, '0')}`)
  await inParallel(names, 8, async (name) => {
    await api.expect('POST', '/api/auth/v0/projects', 201, {
      name,
      display_name: `Fleet ${name.slice(6)}`,
      customer: 'acme-retail',
    })
  })
}

/** Times each keystroke's filter and render: from the input event to the second animation frame after it. */
async function selectorKeystrokes(page: Page, text: string): Promise<number[]> {
  await page.getByRole('button', { name: /^Project:/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Select a project' })
  await dialog.getByRole('row', { name: /fleet-00000/ }).waitFor()
  return dialog.getByLabel('Search projects').evaluate(async (input, typed) => {
    const field = input as HTMLInputElement
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
    const times: number[] = []
    // No named helpers in here: tsx would wrap them in a __name() call the page does not have.
    for (let length = 1; length <= typed.length; length += 1) {
      const started = performance.now()
      setValue?.call(field, typed.slice(0, length))
      field.dispatchEvent(new Event('input', { bubbles: true }))
      await new Promise((resolve) => requestAnimationFrame(resolve))
      await new Promise((resolve) => requestAnimationFrame(resolve))
      times.push(performance.now() - started)
    }
    return times
  }, text)
}

const WEBSITES = 10_000
const SITES_PROJECT = 'bench-sites'

/** A project with one director and 10,000 websites, all created through the API. */
async function createWebsites(api: BenchApi) {
  // A database kept from an earlier run (BENCH_CONSOLE_DB) already holds them.
  if ((await api.request('GET', `/api/auth/v0/projects/${SITES_PROJECT}`)).status === 200) return
  await api.expect('POST', '/api/auth/v0/projects', 201, { name: SITES_PROJECT, customer: 'acme-retail' })
  const base = `/api/core/v0/projects/${SITES_PROJECT}`
  await api.expect('POST', `${base}/directors`, 201, {
    name: 'bench-origin',
    backends: [{ host: 'origin.bench.example.com', port: 443 }],
  })
  const names = Array.from({ length: WEBSITES }, (_, index) => `site-${String(index).padStart(5, '0')}`)
  await inParallel(names, 8, async (name) => {
    await api.expect('POST', `${base}/websites`, 201, {
      name,
      domain_name: `${name}.bench.example.com`,
      default_director: 'bench-origin',
    })
  })
}

/** BENCH_TRACE=1: the requests since the timed action began (`window.__benchStart`), with their times from then. */
async function printRequests(page: Page, what: string) {
  const timeline = await page.evaluate(() => {
    const started = (window as unknown as { __benchStart: number }).__benchStart
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime >= started)
      .map(
        (entry) =>
          `${entry.name.replace(location.origin, '')}: start ${(entry.startTime - started).toFixed(0)}, response ${(entry.responseStart - started).toFixed(0)}, end ${(entry.responseEnd - started).toFixed(0)}`,
      )
  })
  console.log(`[bench] after ${what}:\n  ${timeline.join('\n  ')}`)
}

type ListTimings = { firstPage: number; hoveredFirstPage: number; bigPage: number; filter: number }

/** The pointer's pause on a link before it is clicked, for the click after a hover. */
const HOVER_MS = 150

/**
 * From a click on the sidebar's Websites link to the first page's rows on screen, from /home once it
 * has settled (its panels and chart library loaded: the click measures the list, not the two sharing
 * the network). `hoverMs`: the pointer rests on the link that long first (the router preloads on
 * intent); without, a script's click (what a touch or a keyboard's Enter on an unfocused link gives).
 */
async function firstPageTiming(page: Page, baseUrl: string, hoverMs: number | null): Promise<number> {
  await page.goto(`${baseUrl}/home?project=${SITES_PROJECT}`)
  const link = page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Websites' })
  await link.waitFor()
  await page.waitForLoadState('networkidle')
  // Cold: the list's code comes from the server, as on the first visit (the HTTP cache keeps it otherwise).
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  if (hoverMs !== null) await link.hover()
  if (process.env.BENCH_PROFILE) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  // No named helpers in the page functions: tsx would wrap them in a __name() call the page does not have.
  const time = await link.evaluate(
    async (anchor, [total, pause]) => {
      performance.clearResourceTimings()
      if (pause !== null) await new Promise((resolve) => setTimeout(resolve, pause))
      const started = performance.now()
      ;(window as unknown as { __benchStart: number }).__benchStart = started
      ;(anchor as HTMLAnchorElement).click()
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(resolve))
        const text = document.querySelector('nav[aria-label="Pages"]')?.textContent ?? ''
        if (text.includes(`of ${total}`) && document.querySelectorAll('table tbody tr[aria-rowindex]').length > 0) break
      }
      await new Promise((resolve) => requestAnimationFrame(resolve))
      return performance.now() - started
    },
    [WEBSITES.toLocaleString('en'), hoverMs] as const,
  )
  if (process.env.BENCH_PROFILE) {
    const { profile } = await cdp.send('Profiler.stop')
    writeFileSync(
      join(process.env.BENCH_PROFILE, `first-page-${hoverMs ?? 'click'}.cpuprofile`),
      JSON.stringify(profile),
    )
  }
  await cdp.detach()
  return time
}

/**
 * The websites list with 10,000 websites: from the sidebar click to the first page's rows on screen,
 * from choosing 1000 rows per page to those rows on screen (virtualised), and from the last keystroke
 * of a name filter to the filtered rows (the debounce included). Each is timed in the page, to
 * the second animation frame after the table shows the expected state.
 */
async function websitesListTimings(page: Page, baseUrl: string): Promise<ListTimings> {
  const hoveredFirstPage = await firstPageTiming(page, baseUrl, HOVER_MS)
  if (process.env.BENCH_TRACE) await printRequests(page, 'the click after a hover')
  const firstPage = await firstPageTiming(page, baseUrl, null)
  if (process.env.BENCH_TRACE) await printRequests(page, 'the click')

  const sizes = page.getByLabel('Rows per page')
  const bigPage = await sizes.evaluate(async (select) => {
    const started = performance.now()
    const field = select as HTMLSelectElement
    field.value = '1000'
    field.dispatchEvent(new Event('change', { bubbles: true }))
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve))
      const text = document.querySelector('nav[aria-label="Pages"]')?.textContent ?? ''
      if (text.includes('1–1,000 of')) break
    }
    await new Promise((resolve) => requestAnimationFrame(resolve))
    return performance.now() - started
  })

  const filter = await page.getByLabel('Filter by name').evaluate(async (input) => {
    const field = input as HTMLInputElement
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
    const typed = 'site-0123'
    let started = 0
    for (let length = 1; length <= typed.length; length += 1) {
      if (length === typed.length) performance.clearResourceTimings()
      started = performance.now()
      ;(window as unknown as { __benchStart: number }).__benchStart = started
      setValue?.call(field, typed.slice(0, length))
      field.dispatchEvent(new Event('input', { bubbles: true }))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve))
      const rows = [...document.querySelectorAll('table tbody tr[aria-rowindex]')]
      const text = document.querySelector('nav[aria-label="Pages"]')?.textContent ?? ''
      if (/–10 of 10(?![,\d])/.test(text) && rows.length === 10) break
    }
    await new Promise((resolve) => requestAnimationFrame(resolve))
    return performance.now() - started
  })
  if (process.env.BENCH_TRACE) await printRequests(page, 'the last keystroke')
  return { firstPage, hoveredFirstPage, bigPage, filter }
}

/** Goals of issue 15 for the list timings (ms, debounce included); a step without one is only reported. */
const LIST_GOALS: Partial<Record<keyof ListTimings, number>> = { firstPage: 200, hoveredFirstPage: 200, filter: 350 }
const LIST_STEPS: Record<keyof ListTimings, string> = {
  firstPage: 'Sidebar click to the first page (100 rows) on screen',
  hoveredFirstPage: `Sidebar click to the first page (100 rows) on screen, the pointer on the link ${HOVER_MS} ms before`,
  bigPage: '1000 rows per page chosen to those rows on screen',
  filter: `Last keystroke of the name filter "site-0123" to the 10 matching rows (${FILTER_DELAY_MS} ms debounce included)`,
}
const LISTS_SECTION = 'console-lists-bench'
/** The same steps with the API on a PostgreSQL server (`--lists --postgres`). */
const LISTS_SECTION_POSTGRES = 'console-lists-bench-postgres'
const BENCHMARKS = join(ROOT, 'docs', 'benchmarks.md')

/** The times of the previous run, read back from its table in docs/benchmarks.md (its "This run" column). */
function previousListTimings(name: string): Partial<Record<keyof ListTimings, string>> {
  const text = existsSync(BENCHMARKS) ? readFileSync(BENCHMARKS, 'utf8') : ''
  const start = text.indexOf(`<!-- ${name}:start -->`)
  const section = start === -1 ? '' : text.slice(start, text.indexOf(`<!-- ${name}:end -->`, start))
  const found: Partial<Record<keyof ListTimings, string>> = {}
  for (const key of Object.keys(LIST_STEPS) as (keyof ListTimings)[]) {
    // A step's label names numbers that may change (the debounce): compared without them.
    const label = LIST_STEPS[key].replace(/\d+/g, '#')
    const row = section.split('\n').find((line) => line.split('|')[1]?.trim().replace(/\d+/g, '#') === label)
    const time = row?.split('|')[2]?.trim()
    if (time) found[key] = time
  }
  return found
}

function listsSection(list: ListTimings, machine: string, onPostgres: boolean): string {
  const previous = previousListTimings(onPostgres ? LISTS_SECTION_POSTGRES : LISTS_SECTION)
  return [
    onPostgres
      ? "## The console's lists in Chromium, the API on PostgreSQL (`node --import tsx tests/bench/console.ts --lists --postgres`, also part of `npm run bench`)"
      : "## The console's lists in Chromium (`node --import tsx tests/bench/console.ts --lists`, also part of `npm run bench`)",
    '',
    `- Date: ${new Date().toISOString()}; ${machine}`,
    `- Database: ${onPostgres ? 'a throwaway PostgreSQL 15 cluster of its own (tests/tools/postgres.ts, fsync off), the API with its pool of 10 connections' : 'PGlite in the API process'}.`,
    `- Websites list, a project with ${WEBSITES.toLocaleString('en-GB')} websites created through the API, server-side paging (never more than one page fetched), rows virtualised; timed in the page to the second frame after the table shows the state. Each click comes from /home once it has settled (no request for 500 ms), with an empty HTTP cache (the list's code comes from the server, as on a first visit); the first without a hover (a script's click, as a touch gives: the list's query starts with the route, in its loader, beside the page's code), the other after the pointer rested on the link ${HOVER_MS} ms (the router preloads on intent: code, resource tools and the query start then).`,
    '',
    '| Step | This run | Previous run | Goal |',
    '| --- | ---: | ---: | --- |',
    ...(Object.keys(LIST_STEPS) as (keyof ListTimings)[]).map((key) => {
      const goal = LIST_GOALS[key]
      const verdict = goal === undefined ? '—' : `< ${goal} ms: ${list[key] < goal ? 'pass' : 'FAIL'}`
      return `| ${LIST_STEPS[key]} | ${list[key].toFixed(0)} ms | ${previous[key] ?? '—'} | ${verdict} |`
    }),
  ].join('\n')
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** The console's section of docs/benchmarks.md (not with `listsOnly`) and the lists' section. */
export async function benchConsole(
  options: { listsOnly?: boolean; lighthouseOnly?: boolean; postgresUrl?: string } = {},
): Promise<{ console?: string; lists?: string }> {
  // `--lists` may keep its database between runs, PGlite in the directory BENCH_CONSOLE_DB names (the
  // bench server's BENCH_DATA_DIR): creating 10,000 websites through the API takes minutes.
  const keptIn = options.listsOnly ? process.env.BENCH_CONSOLE_DB : undefined
  if (keptIn) process.env.BENCH_DATA_DIR = keptIn
  const server = await startServerProcess(ADMIN_TOKEN, {
    serveConsole: true,
    databaseUrl: options.postgresUrl ?? (keptIn ? 'pglite' : undefined),
  })
  const profile = mkdtempSync(join(tmpdir(), 'wadp-bench-chromium-'))
  try {
    const api = new BenchApi(server.url, ADMIN_TOKEN)
    const started = performance.now()
    if (!options.listsOnly) {
      await createProjects(api)
      console.log(
        `[bench] ${PROJECTS} projects through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      )
    }
    // `--lighthouse` measures only the two pages: the websites are for the list timings.
    if (!options.lighthouseOnly) {
      const sitesStarted = performance.now()
      await createWebsites(api)
      console.log(
        `[bench] ${WEBSITES} websites through the API in ${((performance.now() - sitesStarted) / 1000).toFixed(1)} s`,
      )
    }

    const port = await findFreePort()
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    })
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${server.url}/`)
    await page.getByLabel('API token').fill(ADMIN_TOKEN)
    await page.getByRole('button', { name: 'Sign in with token' }).click()
    await page.waitForURL(/\/home\?project=/)
    const homeUrl = page.url()

    const machine = `${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the start (the machine may be shared); Chromium ${context.browser()?.version() ?? '(Debian)'}.`
    if (options.listsOnly) {
      const list = await websitesListTimings(page, server.url)
      console.log(`[bench] websites list (ms): ${JSON.stringify(list)}`)
      await context.close()
      return { lists: listsSection(list, machine, options.postgresUrl !== undefined) }
    }
    const keystrokes = options.lighthouseOnly ? [] : await selectorKeystrokes(page, 'fleet-0123')
    await page.keyboard.press('Escape')
    const list = options.lighthouseOnly ? undefined : await websitesListTimings(page, server.url)
    if (list) console.log(`[bench] websites list (ms): ${JSON.stringify(list)}`)
    // The signed-in tab would keep running (session checks, timers) beside Lighthouse's own tab.
    await page.goto('about:blank')
    if (list) console.log(`[bench] selector keystrokes (ms): ${keystrokes.map((t) => t.toFixed(1)).join(', ')}`)

    // /home first: it needs the stored session, which the sign-in page's run resets. Keeping storage
    // would keep the HTTP cache too, so empty the cache: both pages are measured cold.
    const cdp = await context.newCDPSession(page)
    const coldCache = async () => {
      await cdp.send('Network.clearBrowserCache')
    }
    const home = await medianLighthouse(() => runLighthouse(homeUrl, port, '/home', true), coldCache)
    // Lighthouse's storage reset leaves local storage alone: sign out for real, or "/" would restore the session.
    await page.goto(`${server.url}/version.json`)
    await page.evaluate(() => window.localStorage.clear())
    await page.goto('about:blank')
    const signIn = await medianLighthouse(
      () => runLighthouse(`${server.url}/`, port, 'sign-in page (/)', false),
      coldCache,
    )
    await context.close()
    const rows = [signIn, home]
    for (const row of rows)
      console.log(
        `[bench] Lighthouse ${row.page}: performance ${row.scores.join(', ')}, accessibility ${row.accessibility}, LCP ${(row.lcpMs / 1000).toFixed(2)} s, TBT ${row.tbtMs.toFixed(0)} ms`,
      )
    // Only the two pages measured: nothing to write into docs/benchmarks.md, whose section needs the rest.
    if (!list) return {}

    const consoleSection = [
      '## The console in Chromium (`npm run bench`)',
      '',
      `- Date: ${new Date().toISOString()}; ${machine} Lighthouse 12 with its default mobile settings (emulated mid-range phone, simulated slow 4G and 4x CPU slow-down); the real server with ${PROJECTS} projects.`,
      '',
      `Each page is measured ${LIGHTHOUSE_RUNS} times from a cold cache; the row is the run with the median performance score, and "Runs" lists every run's score (a run Lighthouse cannot score, such as a page that never painted, is printed with its reason and run again).`,
      '',
      '| Page | Performance | Runs | Accessibility | LCP (simulated) | TBT | CLS | Target |',
      '| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |',
      ...rows.map(
        (row) =>
          `| ${row.page} | ${row.performance} | ${row.scores.join(', ')} | ${row.accessibility} | ${(row.lcpMs / 1000).toFixed(2)} s | ${row.tbtMs.toFixed(0)} ms | ${row.cls.toFixed(3)} | performance ≥ 95: ${row.performance >= 95 ? 'pass' : 'FAIL'} |`,
      ),
      '',
      `Project selector, ${PROJECTS} projects, typing "fleet-0123" one key at a time (input event to the second frame after it, so filter, render and layout):`,
      `median ${median(keystrokes).toFixed(1)} ms, slowest ${Math.max(...keystrokes).toFixed(1)} ms per keystroke (target under 50 ms: ${Math.max(...keystrokes) < 50 ? 'pass' : 'FAIL'}).`,
      '',
      'The websites list: its own section below.',
    ].join('\n')
    return { console: consoleSection, lists: listsSection(list, machine, false) }
  } finally {
    await server.stop()
    rmSync(profile, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv.includes('--pages')) {
  // The signed-in page kinds in project `shop` (issue 27): tests/bench/console-pages.ts.
  const { benchPages } = await import('./console-pages.ts')
  await benchPages({
    desktop: process.argv.includes('--desktop'),
    warm: process.argv.includes('--warm'),
    tls: process.argv.includes('--tls'),
  })
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // `--lists --postgres`: the lists' steps with the API on a throwaway PostgreSQL cluster.
  const onPostgres = process.argv.includes('--postgres')
  const cluster = onPostgres ? await startCluster() : null
  try {
    const sections = await benchConsole({
      listsOnly: onPostgres || process.argv.includes('--lists'),
      lighthouseOnly: process.argv.includes('--lighthouse'),
      ...(cluster ? { postgresUrl: cluster.url } : {}),
    })
    if (sections.console) {
      writeSection(BENCHMARKS, 'console-bench', sections.console)
      console.log(`\n${sections.console}`)
    }
    if (sections.lists) {
      writeSection(BENCHMARKS, onPostgres ? LISTS_SECTION_POSTGRES : LISTS_SECTION, sections.lists)
      console.log(`\n${sections.lists}`)
    }
  } finally {
    cluster?.stop()
  }
}
