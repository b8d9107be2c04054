import type { Page } from '@playwright/test'

/**
 * Records the layout shifts of one region of the page from its start (the browser's `layout-shift`
 * entries without recent input, as Lighthouse's CLS counts them, whose moved elements are all inside
 * `region`: the page's `main`, or the top bar's `header`); the returned function reads their total so far.
 */
export async function watchLayoutShifts(page: Page, region = 'main'): Promise<() => Promise<number>> {
  await page.addInitScript((selector) => {
    const shifts = { total: 0 }
    Object.assign(window, { __layoutShifts: shifts })
    type Shift = { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] }
    const inRegion = (node: Node | null) => node instanceof Element && node.closest(selector) !== null
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[])
        if (!entry.hadRecentInput && entry.sources.every((source) => inRegion(source.node))) shifts.total += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  }, region)
  return () => page.evaluate(() => (window as unknown as { __layoutShifts: { total: number } }).__layoutShifts.total)
}
