import type { Page, Request } from '@playwright/test'

/**
 * Holds the page's requests to `url` (those `which` picks, every one by default) until the returned
 * function is called; the rest go on as usual.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  which: (request: Request) => boolean = () => true,
): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    if (which(route.request())) await held
    await route.fallback()
  })
  return release
}
