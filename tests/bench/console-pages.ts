import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, findFreePort } from '../../e2e/support/chromium.ts'
import { testTlsSpkiHash } from '../tools/tls-fixture.ts'
import { startServerProcess } from './child.ts'
import { LIGHTHOUSE_RUNS, type MeasuredPage, medianLighthouse, runLighthouse } from './lighthouse.ts'
import { writeSection } from './report.ts'

/**
 * Lighthouse 12 on the pages operators work in (issue 27), signed in (the session is kept from run to
 * run: Lighthouse leaves storage alone) in project `shop` with the seed's data: its websites, snippets,
 * statistics from the traffic model, audit entries, backups and the node fleet. Mobile (Lighthouse's
 * defaults) from a cold cache, median of 3 runs; `--warm` adds the same from a warm cache (one
 * unmeasured load first, then the cache kept), `--desktop` Lighthouse's desktop settings (cold).
 * `BENCH_PAGES=statistics,editor` measures only the pages whose label contains one of the words and
 * prints them; a run of every page writes its section of docs/benchmarks.md, each score beside the
 * previous run's and the goal (mobile 95 or more, desktop 100). `LH_DUMP=<dir>` keeps each run's
 * result, trace and requests' log; `LH_SAMPLES=1` adds the JavaScript samples to the trace (and slows
 * the page down).
 * `--tls` serves the console over HTTPS (the test certificate, which the browser is told to trust), where
 * Chromium speaks HTTP/2: a page's files share one connection instead of waiting for one of six. Its
 * table is a section of its own.
 * Run: `npm run build && node --import tsx tests/bench/console.ts --pages [--warm] [--desktop] [--tls]`.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BENCHMARKS = join(ROOT, 'docs', 'benchmarks.md')
const SECTION = 'console-pages-bench'
const TLS_SECTION = 'console-pages-tls-bench'
const ADMIN_TOKEN = 'bench-console-admin-token-0123456789'
const PROJECT = 'shop'

/**
 * Each page kind of the issue, with the seed's resources of project `shop`, and what shows the page's
 * answer: an element that is there only once its data has arrived and been drawn (tests/bench/blocking.ts
 * `--answers` times it). A form's fields are its fieldset's: index.html's prerendered sign-in
 * form is in the document, hidden, until React's first render. The VCL snippet's text is on screen in the
 * editor's plain stand-in before CodeMirror has loaded.
 */
export const PAGES: { label: string; path: string; answer: string }[] = [
  { label: '/home (project with data)', path: '/home', answer: 'a[download]' },
  { label: 'website list', path: '/websites', answer: 'tbody a[href*="-detail/"]' },
  { label: 'website detail', path: '/websites-detail/shop-example-com', answer: 'article dd' },
  { label: 'website edit form', path: '/websites-edit/shop-example-com', answer: 'form fieldset input' },
  { label: 'statistics', path: '/statistics', answer: '[data-total=requests]' },
  { label: 'API docs', path: '/api-docs', answer: 'details' },
  {
    label: 'VCL snippet edit (editor)',
    path: '/code-snippets-edit/security-headers',
    answer: 'main textarea, main .cm-content',
  },
  { label: 'audit log', path: '/audit', answer: 'tbody tr' },
  { label: 'backups', path: '/backups', answer: 'tbody td' },
  { label: 'nodes list', path: '/nodes', answer: 'tbody a[href*="-detail/"]' },
]

const MOBILE_GOAL = 95
const DESKTOP_GOAL = 100

type PageResult = { label: string; cold: MeasuredPage; warm?: MeasuredPage; desktop?: MeasuredPage }

/**
 * The previous run's value of each page in one column of a section's table (by page label, `column` from
 * 1 after the page's): the Lighthouse tables' cold mobile score, blocking.ts's time to the answer.
 */
export function previousColumn(id: string, column: number): Map<string, string> {
  const text = existsSync(BENCHMARKS) ? readFileSync(BENCHMARKS, 'utf8') : ''
  const start = text.indexOf(`<!-- ${id}:start -->`)
  const section = start === -1 ? '' : text.slice(start, text.indexOf(`<!-- ${id}:end -->`, start))
  const found = new Map<string, string>()
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const page = cells[1]
    const value = cells[1 + column]
    if (page && PAGES.some((p) => p.label === page) && value) found.set(page, value)
  }
  return found
}

const verdict = (score: number, goal: number) => `${score} (${score >= goal ? 'pass' : 'FAIL'})`

function markdown(results: PageResult[], machine: string, warm: boolean, desktop: boolean, tls: boolean): string {
  const previous = previousColumn(tls ? TLS_SECTION : SECTION, 1)
  return [
    `## Signed-in pages in Chromium${tls ? ', over HTTPS (HTTP/2)' : ''} (\`node --import tsx tests/bench/console.ts --pages${warm ? ' --warm' : ''}${desktop ? ' --desktop' : ''}${tls ? ' --tls' : ''}\`)`,
    '',
    `- Date: ${new Date().toISOString()}; ${machine}`,
    ...(tls
      ? [
          '- The server over HTTPS with the test certificate (`WADP_TLS_CERT`, `WADP_TLS_KEY`; the browser told to trust it), so Chromium asks for a page\'s files over one HTTP/2 connection. The table without it (HTTP/1.1, six connections) is the section "Signed-in pages in Chromium".',
        ]
      : []),
    `- Lighthouse 12, signed in (the session kept from run to run) in project \`${PROJECT}\` with the seed's data. Mobile: its default settings (emulated mid-range phone, simulated slow 4G, 4x CPU slow-down); desktop: its desktop settings. Cold: the HTTP cache emptied before each run; warm: the page loaded once first and the cache kept. Each is the median of ${LIGHTHOUSE_RUNS} runs ("Runs" lists the cold runs' scores). Goals (issue 27): mobile ≥ ${MOBILE_GOAL} cold and warm, desktop ${DESKTOP_GOAL}.`,
    '',
    '| Page | Mobile, cold | Previous run | Runs | TBT | FCP (simulated) | LCP (simulated) | CLS (largest of the runs) | Mobile, warm | Desktop |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.label} | ${verdict(r.cold.performance, MOBILE_GOAL)} | ${previous.get(r.label) ?? '—'} | ${r.cold.scores.join(', ')} | ${r.cold.tbtMs.toFixed(0)} ms | ${(r.cold.fcpMs / 1000).toFixed(2)} s | ${(r.cold.lcpMs / 1000).toFixed(2)} s | ${r.cold.largestCls.toFixed(3)} | ${warm && r.warm ? `${verdict(r.warm.performance, MOBILE_GOAL)}, TBT ${r.warm.tbtMs.toFixed(0)} ms` : 'not measured'} | ${desktop && r.desktop ? verdict(r.desktop.performance, DESKTOP_GOAL) : 'not measured'} |`,
    ),
  ].join('\n')
}

export async function benchPages(options: { warm: boolean; desktop: boolean; tls: boolean }): Promise<void> {
  const wanted = (process.env.BENCH_PAGES ?? '')
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean)
  const pages =
    wanted.length === 0 ? PAGES : PAGES.filter((p) => wanted.some((word) => p.label.toLowerCase().includes(word)))
  const server = await startServerProcess(ADMIN_TOKEN, { serveConsole: true, tls: options.tls })
  const profile = mkdtempSync(join(tmpdir(), 'wadp-bench-pages-'))
  try {
    const port = await findFreePort()
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        `--remote-debugging-port=${port}`,
        ...(options.tls ? [`--ignore-certificate-errors-spki-list=${testTlsSpkiHash()}`] : []),
      ],
    })
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${server.url}/`)
    await page.getByLabel('API token').fill(ADMIN_TOKEN)
    await page.getByRole('button', { name: 'Sign in with token' }).click()
    await page.waitForURL(/\/home\?project=/)
    // The signed-in tab would keep running (session checks, timers) beside Lighthouse's own tab.
    await page.goto('about:blank')
    const machine = `${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the start (the machine may be shared); Chromium ${context.browser()?.version() ?? '(Debian)'}.`
    const cdp = await context.newCDPSession(page)
    const coldCache = async () => {
      await cdp.send('Network.clearBrowserCache')
    }
    const results: PageResult[] = []
    for (const { label, path } of pages) {
      const url = `${server.url}${path}?project=${PROJECT}`
      const cold = await medianLighthouse(() => runLighthouse(url, port, label, true), coldCache)
      const result: PageResult = { label, cold }
      if (options.warm) {
        await coldCache()
        await runLighthouse(url, port, `${label} (warming)`, true)
        result.warm = await medianLighthouse(
          () => runLighthouse(url, port, `${label} (warm)`, true),
          async () => {},
        )
      }
      if (options.desktop)
        result.desktop = await medianLighthouse(
          () => runLighthouse(url, port, label, true, { desktop: true }),
          coldCache,
        )
      console.log(
        `[bench] ${label}: mobile ${cold.scores.join(', ')} (TBT ${cold.tbtMs.toFixed(0)} ms, FCP ${(cold.fcpMs / 1000).toFixed(2)} s, LCP ${(cold.lcpMs / 1000).toFixed(2)} s, CLS ${cold.largestCls.toFixed(3)})${result.warm ? `; warm ${result.warm.scores.join(', ')} (TBT ${result.warm.tbtMs.toFixed(0)} ms)` : ''}${result.desktop ? `; desktop ${result.desktop.scores.join(', ')}` : ''}`,
      )
      results.push(result)
    }
    await context.close()
    const section = markdown(results, machine, options.warm, options.desktop, options.tls)
    console.log(`\n${section}`)
    if (pages.length === PAGES.length) writeSection(BENCHMARKS, options.tls ? TLS_SECTION : SECTION, section)
  } finally {
    await server.stop()
    rmSync(profile, { recursive: true, force: true })
  }
}
