import { expect, type Page } from '@playwright/test'

/**
 * Follows the page's requests from now on; the function it returns waits until none has been in flight
 * for `quietMs`. Playwright's `networkidle` waits a fixed 500 ms after the last request instead, which a
 * test loading dozens of pages pays on each one (docs/benchmarks.md, "CI on a busy machine").
 */
export function watchRequests(page: Page, quietMs = 250): () => Promise<void> {
  let inFlight = 0
  let lastChange = Date.now()
  const started = () => {
    inFlight += 1
    lastChange = Date.now()
  }
  const ended = () => {
    inFlight -= 1
    lastChange = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return () =>
    expect
      .poll(() => inFlight === 0 && Date.now() - lastChange >= quietMs, {
        message: 'the page still has requests in flight',
        intervals: [50],
      })
      .toBe(true)
}
