import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter'

/** Where every run writes each test's duration, for docs/benchmarks.md and for comparing runs. */
export const DURATIONS_FILE = 'test-results/e2e-durations.json'

type Attempt = { title: string; duration: number; timeout: number; status: string; retry: number }

const SLOWEST = 10

/**
 * The end of every Playwright run (issue 28): the ten slowest tests, each with its share of its time-out,
 * and, loudly, every test that needed a retry to pass: flaky is a failure to fix, not a pass. A test
 * past a third of its time-out is named too: that is the margin a busy machine needs.
 */
export default class TimingReporter implements Reporter {
  private readonly attempts: Attempt[] = []
  private readonly flaky = new Set<string>()
  private readonly outputFile: string
  private readonly print: (text: string) => void

  constructor(options: { outputFile?: string; print?: (text: string) => void } = {}) {
    this.outputFile = options.outputFile ?? DURATIONS_FILE
    this.print = options.print ?? ((text) => console.log(text))
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const names = [...describeTitles(test), test.title].join(' › ')
    const title = `${test.location.file.replace(/^.*[\\/]e2e[\\/]/, 'e2e/')}:${test.location.line} › ${names}`
    this.attempts.push({
      title,
      duration: result.duration,
      timeout: test.timeout,
      status: result.status,
      retry: result.retry,
    })
    if (test.outcome() === 'flaky') this.flaky.add(title)
  }

  onEnd(result: FullResult): void {
    if (this.attempts.length === 0) return
    const slowest = [...this.attempts].sort((a, b) => b.duration - a.duration).slice(0, SLOWEST)
    const lines = [`\nThe ${slowest.length} slowest tests of this run (${result.status}, ${seconds(result.duration)}):`]
    for (const attempt of slowest) {
      const share = Math.round((attempt.duration / attempt.timeout) * 100)
      const retry = attempt.retry ? ` (retry #${attempt.retry})` : ''
      lines.push(
        `  ${seconds(attempt.duration).padStart(7)}  ${String(share).padStart(3)}% of ${seconds(attempt.timeout)}  ${attempt.title}${retry}`,
      )
    }
    const tight = this.attempts.filter((attempt) => attempt.duration > attempt.timeout / 3)
    if (tight.length > 0) {
      lines.push(`\n${tight.length} test(s) took more than a third of their time-out: give them margin.`)
      for (const attempt of tight)
        lines.push(`  ${seconds(attempt.duration)} of ${seconds(attempt.timeout)}  ${attempt.title}`)
    }
    if (this.flaky.size > 0) {
      const bar = '!'.repeat(100)
      lines.push(`\n${bar}`, `FLAKY: ${this.flaky.size} test(s) passed only on a retry. Flaky is a failure to fix:`)
      for (const title of this.flaky) lines.push(`  ${title}`)
      lines.push(bar)
    }
    this.print(lines.join('\n'))
    mkdirSync(dirname(this.outputFile), { recursive: true })
    writeFileSync(
      this.outputFile,
      `${JSON.stringify({ status: result.status, duration: result.duration, attempts: this.attempts }, null, 1)}\n`,
    )
  }

  printsToStdio(): boolean {
    return true
  }
}

/** The titles of the `test.describe` groups around a test, outermost first. */
function describeTitles(test: TestCase): string[] {
  const titles: string[] = []
  for (let suite: Suite | undefined = test.parent; suite?.type === 'describe'; suite = suite.parent) {
    titles.unshift(suite.title)
  }
  return titles
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}
