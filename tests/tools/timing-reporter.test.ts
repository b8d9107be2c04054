import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FullResult, TestCase, TestResult } from '@playwright/test/reporter'
import { afterEach, describe, expect, it } from 'vitest'
import TimingReporter from '../../e2e/support/timing-reporter.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function reporter() {
  const dir = mkdtempSync(join(tmpdir(), 'timing-reporter-'))
  dirs.push(dir)
  const printed: string[] = []
  const outputFile = join(dir, 'durations.json')
  return { reporter: new TimingReporter({ outputFile, print: (text) => printed.push(text) }), printed, outputFile }
}

/** A finished attempt of a test as Playwright reports it: `outcome` is the test's outcome so far. */
function attempt(
  title: string,
  seconds: number,
  options: { retry?: number; status?: TestResult['status']; outcome?: ReturnType<TestCase['outcome']> } = {},
): [TestCase, TestResult] {
  const test = {
    location: { file: '/work/repo/e2e/pages.spec.ts', line: 7, column: 1 },
    timeout: 90_000,
    title,
    parent: { type: 'describe', title: 'pages', parent: { type: 'file', title: 'pages.spec.ts' } },
    outcome: () => options.outcome ?? 'expected',
  } as unknown as TestCase
  const result = { duration: seconds * 1000, status: options.status ?? 'passed', retry: options.retry ?? 0 }
  return [test, result as TestResult]
}

const finished = { status: 'passed', duration: 600_000 } as FullResult

describe('the timing reporter', () => {
  it('prints the ten slowest tests, slowest first, with their share of the time-out', () => {
    const { reporter: timing, printed } = reporter()
    for (let index = 1; index <= 12; index += 1) timing.onTestEnd(...attempt(`test ${index}`, index))
    timing.onEnd(finished)
    const lines = printed.join('\n').split('\n')
    const rows = lines.filter((line) => line.includes('% of 90.0 s'))
    expect(rows).toHaveLength(10)
    expect(rows[0]).toContain('12.0 s')
    expect(rows[0]).toContain('13% of 90.0 s  e2e/pages.spec.ts:7 › pages › test 12')
    expect(rows[9]).toContain('e2e/pages.spec.ts:7 › pages › test 3')
    expect(printed.join('\n')).not.toContain('FLAKY')
    expect(printed.join('\n')).not.toContain('more than a third')
  })

  it('names every test past a third of its time-out', () => {
    const { reporter: timing, printed } = reporter()
    timing.onTestEnd(...attempt('quick', 5))
    timing.onTestEnd(...attempt('slow', 31))
    timing.onEnd(finished)
    const text = printed.join('\n')
    expect(text).toContain('1 test(s) took more than a third of their time-out')
    expect(text).toMatch(/31\.0 s of 90\.0 s {2}e2e\/pages\.spec\.ts:7 › pages › slow/)
  })

  it('says loudly which tests passed only on a retry', () => {
    const { reporter: timing, printed } = reporter()
    timing.onTestEnd(...attempt('steady', 3))
    timing.onTestEnd(...attempt('shaky', 4, { status: 'failed', outcome: 'unexpected' }))
    timing.onTestEnd(...attempt('shaky', 4, { retry: 1, outcome: 'flaky' }))
    timing.onEnd(finished)
    const text = printed.join('\n')
    expect(text).toContain('FLAKY: 1 test(s) passed only on a retry')
    expect(text).toContain('  e2e/pages.spec.ts:7 › pages › shaky\n')
    expect(text.slice(text.indexOf('FLAKY'))).not.toContain('steady')
  })

  it('writes every attempt with its duration and time-out for comparing runs', () => {
    const { reporter: timing, outputFile } = reporter()
    timing.onTestEnd(...attempt('one', 2))
    timing.onTestEnd(...attempt('one', 3, { retry: 1 }))
    timing.onEnd(finished)
    const written = JSON.parse(readFileSync(outputFile, 'utf8'))
    expect(written.status).toBe('passed')
    expect(written.attempts).toEqual([
      { title: 'e2e/pages.spec.ts:7 › pages › one', duration: 2000, timeout: 90_000, status: 'passed', retry: 0 },
      { title: 'e2e/pages.spec.ts:7 › pages › one', duration: 3000, timeout: 90_000, status: 'passed', retry: 1 },
    ])
  })
})
