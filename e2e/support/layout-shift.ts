import type { Page } from '@playwright/test'

/**
 * Records the layout shifts of the page's main region from its start (the browser's `layout-shift`
 * entries without recent input, as Lighthouse's CLS counts them, whose moved elements are all inside
 * `<main>`); the returned function reads their total so far. The top bar's own small shift on some
 * loads (0.004 on a phone, left for later) is not the page's.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts = { total: 0 }
    Object.assign(window, { __layoutShifts: shifts })
    type Shift = { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] }
    const inMain = (node: Node | null) => node instanceof Element && node.closest('main') !== null
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[])
        if (!entry.hadRecentInput && entry.sources.every((source) => inMain(source.node))) shifts.total += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { __layoutShifts: { total: number } }).__layoutShifts.total)
}
