import { existsSync } from 'node:fs'
import { createServer } from 'node:net'

/**
 * Debian's Chromium (browsers cannot be downloaded here), kept off the closed network: without the
 * background-networking flags it floods it with refused connections. Shared by Playwright and the
 * console benchmark.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The Playwright journeys' browser: Debian's `chromium-headless-shell` (Chromium's old headless mode, the
 * browser Playwright itself runs headless tests in) when installed, else the full Chromium. The shell
 * takes half the CPU of the full browser in headless mode for the same journeys (docs/benchmarks.md, "CI
 * on a busy machine"); the benchmarks keep the full browser, as users have it.
 */
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium')
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** A free TCP port on the loopback interface. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}
