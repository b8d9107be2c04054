import { expect, startSignedInAsAdmin, test } from './support/server.ts'

// Issue 25: a WAF policy is attached through a director; the website's page and the policy's page both say so.
startSignedInAsAdmin()

test('shows a website every protection that applies, and a WAF policy what uses it, through its director', async ({
  page,
}) => {
  await page.goto('/websites-detail/shop-example-com?project=shop')
  const protection = page.getByText('Protection', { exact: true }).locator('xpath=following-sibling::dd[1]')
  await expect(protection).toContainText('WAF policy storefront-waf, through director shop-origin')
  await expect(protection).toContainText('TLS policy storefront-tls')
  await expect(protection).toContainText('captcha storefront-challenge')

  await page.goto('/waf-policies-detail/storefront-waf?project=shop')
  const usedBy = page.getByRole('region', { name: 'Used by' })
  await expect(usedBy.getByRole('listitem')).toHaveText([
    'Director shop-origin, directly',
    'Website shop-example-com, through director shop-origin',
  ])
  await usedBy.getByRole('link', { name: 'shop-example-com' }).click()
  await expect(page).toHaveURL(/\/websites-detail\/shop-example-com\?project=shop$/)
})
