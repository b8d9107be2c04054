/**
 * How the IP list editor holds up at its limit: a list of 10,000 entries is opened for editing in
 * Chromium, and the time from a keystroke in an entry to the next painted frame is measured, as is the
 * paste of 10,000 lines into the "Paste addresses" dialog. Prints medians; no assertion (a benchmark).
 * Run: `npm run build && node --import tsx tests/bench/ip-list-editor.ts`.
 */
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts'
import { spawnServer, waitForHealthy } from '../tools/server-process.ts'

const TOKEN = 'bench-admin-token-0123456789abcdef0123456789'
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

const server = await spawnServer({ DATABASE_URL: 'memory:', WADP_ADMIN_TOKEN: TOKEN })
try {
  await waitForHealthy(server, 60_000)
  const entries = Array.from({ length: 10_000 }, (_, i) => ({
    cidr: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  }))
  const created = await fetch(`${server.url}/api/core/v0/projects/shop/iplists`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench-10k', entries }),
  })
  if (created.status !== 201) throw new Error(`could not create the list: ${created.status}`)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const page = await browser.newPage()
  // Leaving the edited form asks first (beforeunload): the benchmark leaves.
  page.on('dialog', (dialog) => void dialog.accept())
  await page.goto(`${server.url}/`)
  await page.getByLabel(/token/i).first().fill(TOKEN)
  await page.getByRole('button', { name: 'Sign in with token' }).click()
  await page.waitForURL(/\/home\?project=/)

  const openStart = Date.now()
  await page.goto(`${server.url}/iplist-edit/bench-10k?project=shop`)
  const first = page.getByLabel('Comment of entry 1', { exact: true })
  await first.waitFor()
  const openMs = Date.now() - openStart

  // Keystroke to next frame, measured in the page: input event, then two animation frames.
  const keystrokes: number[] = []
  for (let i = 0; i < 15; i += 1) {
    await first.focus()
    const ms = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const input = document.activeElement as HTMLInputElement
          const start = performance.now()
          input.addEventListener(
            'input',
            () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start))),
            { once: true },
          )
          // What a key press does to a React-controlled input.
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
          setter?.call(input, `${input.value}x`)
          input.dispatchEvent(new Event('input', { bubbles: true }))
        }),
    )
    keystrokes.push(ms)
  }

  // Scrolling to the last entry renders it (the table is virtualised).
  const scrollStart = Date.now()
  await page
    .locator('table[aria-label="Entries"]')
    .locator('..')
    .evaluate((element) => {
      element.scrollTop = element.scrollHeight
    })
  await page.getByLabel('Address or network of entry 10000', { exact: true }).waitFor()
  const scrollMs = Date.now() - scrollStart

  await page.goto(`${server.url}/iplist-detail/bench-10k?project=shop`)
  await page.getByRole('heading', { level: 1, name: 'bench-10k' }).waitFor()
  await page.getByRole('button', { name: 'Paste addresses' }).click()
  const lines = Array.from({ length: 10_000 }, (_, i) => `172.16.${i >> 8}.${i & 255}`).join('\n')
  await page.getByLabel('Addresses, one per line').focus()
  // A paste: the whole text arrives in one input event; measured to the frame that shows its line count.
  const pasteMs = await page.evaluate(
    (text) =>
      new Promise<number>((resolve) => {
        const area = document.activeElement as HTMLTextAreaElement
        const start = performance.now()
        const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set
        setter?.call(area, text)
        area.dispatchEvent(new Event('input', { bubbles: true }))
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)))
      }),
    lines,
  )
  await page.getByText('10,000 lines.').waitFor()

  console.log('| measure (10,000 entries) | median |')
  console.log('| --- | ---: |')
  console.log(`| open the edit form | ${openMs} ms |`)
  console.log(`| keystroke in an entry to the next frame (15 keys) | ${median(keystrokes).toFixed(1)} ms |`)
  console.log(`| scroll to the last entry, rendered | ${scrollMs} ms |`)
  console.log(`| paste 10,000 lines into the dialog, to the next frame | ${pasteMs.toFixed(1)} ms |`)
  await browser.close()
} finally {
  await server.stop(5000)
}
