import { expect, startSignedInAsAdmin, test } from './support/server.ts'

// Issue 25: the platform's database away for a few seconds. The API answers 503 with Retry-After meanwhile
// (tests/server/database-away.test.ts); the console says so, retries by itself, and carries on without a reload.
startSignedInAsAdmin()

test('says the platform is unavailable while it answers 503, retries, and recovers without a reload', async ({
  page,
}) => {
  await page.goto('/websites?project=shop')
  await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
  // Gone after a reload: its presence at the end proves there was none.
  await page.evaluate(() => {
    ;(window as unknown as { loadedOnce: boolean }).loadedOnce = true
  })

  let refused = 0
  await page.route('**/api/**', (route) => {
    refused += 1
    return route.fulfill({
      status: 503,
      headers: { 'retry-after': '1', 'content-type': 'application/json' },
      body: JSON.stringify({
        message: 'the platform is unavailable for a moment (its database cannot be reached); try again shortly',
        errors: [],
      }),
    })
  })
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Directors' }).click()
  const notice = page.getByRole('status').filter({ hasText: 'The platform is unavailable at the moment.' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('retrying')
  // It keeps asking meanwhile (Retry-After: 1 s).
  await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThan(2)
  // Still signed in: nothing sent the user to the sign-in page.
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible()

  await page.unroute('**/api/**')
  await expect(page.getByRole('link', { name: 'shop-origin', exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(notice).toBeHidden()
  await expect(page).toHaveURL(/\/directors\?project=shop$/)
  expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true)
})
