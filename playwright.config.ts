import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './e2e/support/chromium.ts'

const ci = Boolean(process.env.CI)

export default defineConfig({
  testDir: 'e2e',
  // Every worker's server starts its in-memory database from one migrated template (tests/tools/memory-template.ts).
  globalSetup: './tests/tools/memory-template.ts',
  // The server under test lives in e2e/support/server.ts, a worker fixture: one server per worker, each
  // with its own in-memory database. The number of workers is measured on the 2-core machines, loaded by
  // another CPU-heavy process (docs/benchmarks.md, "CI on a busy machine"): one worker took as long as two
  // (1,097 s against 1,067 s) with half the slowest test (20.4 s against 40.1 s) and no flaky test.
  // E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  forbidOnly: ci,
  // A retry keeps one unlucky moment from throwing a submission away, but the timing reporter names every
  // test that needed one, loudly: flaky is a failure to fix.
  retries: ci ? 1 : 0,
  // Over three times the slowest test measured on a loaded 2-core machine (40.1 s, a whole .ci/run with the
  // server suite running over and over beside it): the timing reporter names every test past a third of
  // it (docs/benchmarks.md, "CI on a busy machine").
  timeout: 125_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never' }], ['./e2e/support/timing-reporter.ts']],
  use: {
    // Recording a trace for every test (screenshots, DOM snapshots) cost a third of the browser's CPU
    // (docs/benchmarks.md, "CI on a busy machine"): the trace of a failed test is the one of its retry.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
})
