import { ConsolePage } from './pages/console.ts'
import { seriousViolations } from './support/axe.ts'
import { holdRequests } from './support/hold.ts'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

test('the sign-in page has no serious accessibility violation and works from the keyboard', async ({
  page,
  server,
}) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Sign in · WADP Console')
  expect(await seriousViolations(page)).toEqual([])
  const console = new ConsolePage(page)
  await console.tokenField.focus()
  await page.keyboard.insertText(server.adminToken)
  await page.keyboard.press('Enter')
  await console.expectSignedIn()
})

test.describe('signed in', () => {
  startSignedInAsAdmin()
  test.beforeEach(async ({ page }) => {
    await page.goto('/home?project=shop')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('/home with the sidebar has no serious violation', async ({ page }) => {
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the project selector traps focus, closes on Escape and has no serious violation', async ({ page }) => {
    const opener = page.getByRole('button', { name: /^Project:/ })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Select a project' })
    await expect(dialog.getByRole('row', { name: /shop-staging/ })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()
  })

  test('the profile menu opens from the keyboard, has no serious violation, and closes on Escape', async ({ page }) => {
    const console = new ConsolePage(page)
    await console.profileButton.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(console.profileButton).toBeFocused()
  })

  test("the profile menu's 'show all' opens App Versions with every service's version and health", async ({ page }) => {
    const console = new ConsolePage(page)
    await console.profileButton.click()
    await page.getByRole('menuitem', { name: 'show all' }).click()
    const dialog = page.getByRole('dialog', { name: 'App Versions' })
    const core = dialog.getByRole('row').filter({ hasText: 'Healthy' }).first()
    await expect(core).toBeVisible()
    await expect(dialog.getByRole('row').filter({ hasText: '…' })).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(console.profileButton).toBeFocused()
  })

  test('every control of the top bar and sidebar is reachable with Tab', async ({ page }) => {
    const reached = new Set<string>()
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press('Tab')
      const name = await page.evaluate(() => {
        const element = document.activeElement
        return element
          ? `${element.getAttribute('role') ?? element.tagName.toLowerCase()}:${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''}`
          : ''
      })
      reached.add(name)
    }
    const names = [...reached].join('\n')
    for (const expected of [/Quick Setup/, /Project:/, /Synchronization status/, /Profile/, /Websites/, /Directors/])
      expect(names).toMatch(expected)
  })
})

// One test per screen of the resource mechanism, each from the admin's stored session.
test.describe('the resource screens have no serious violation', () => {
  startSignedInAsAdmin()

  test('a list: /websites', async ({ page }) => {
    await page.goto('/websites?project=shop')
    await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    // A column sorted by nothing yet shows its arrow on keyboard focus, as it does on hover.
    const updated = page.getByRole('button', { name: 'Updated', exact: true })
    const arrow = updated.locator('svg')
    await expect(arrow).toHaveCSS('opacity', '0')
    await updated.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await expect(updated).toBeFocused()
    await expect(arrow).toHaveCSS('opacity', '0.4')
  })

  test('the delete dialog of a list row', async ({ page }) => {
    await page.goto('/websites?project=shop')
    await page.getByRole('button', { name: 'Delete website shop-example-com' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete website?' })
    await expect(dialog).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('a form with its dropdowns: /directors-add', async ({ page }) => {
    await page.goto('/directors-add?project=shop')
    await expect(page.getByRole('button', { name: /Type/ })).toBeEnabled()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('a form whose dropdowns are still loading: /admin/projects-add', async ({ page }) => {
    // The dropdowns' code arrives after the form: held back here, the inert placeholders stay in view.
    const release = await holdRequests(page, /\/assets\/deferred-[^/]+\.js$/)
    await page.goto('/admin/projects-add?project=shop')
    await expect(page.locator('[data-dropdown-loading]').first()).toBeVisible()
    const violations = await seriousViolations(page)
    release()
    expect(violations).toEqual([])
  })

  test('a form whose fields are marked invalid after an empty save', async ({ page }) => {
    await page.goto('/directors-add?project=shop')
    await expect(page.getByRole('button', { name: /Type/ })).toBeEnabled()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('a detail page with the read-only VCL editor', async ({ page }) => {
    await page.goto('/code-snippets-detail/security-headers?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Security headers' })).toBeVisible()
    // The VCL editor (CodeMirror, loaded with the page) is checked too, read-only here and editable in the form.
    await expect(page.getByRole('textbox', { name: 'VCL' })).toHaveAttribute('aria-readonly', 'true')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('an edit form with the editable VCL editor', async ({ page }) => {
    await page.goto('/code-snippets-edit/security-headers?project=shop')
    await expect(page.getByRole('textbox', { name: 'VCL' })).toHaveAttribute('contenteditable', 'true')
    expect(await seriousViolations(page)).toEqual([])
  })
})

test.describe('the focus across pages', () => {
  startSignedInAsAdmin()

  test('a saved form hands it to the page it goes to, not to the document’s body', async ({ page }) => {
    await page.goto('/directors-edit/shop-origin?project=shop')
    const save = page.getByRole('button', { name: 'Save' })
    await expect(save).toBeEnabled()
    await save.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/directors-detail\/shop-origin/)
    await expect(page.getByRole('main')).toBeFocused()
    // From there the keyboard goes on into the page, not from the top of the document.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
  })
})

test.describe("the browser's title", () => {
  startSignedInAsAdmin()

  test('names the page shown, from /home to a list, a detail page and a missing page', async ({ page }) => {
    await page.goto('/home?project=shop')
    await expect(page).toHaveTitle('Acme Shop · WADP Console')
    await new ConsolePage(page).sidebar.getByRole('link', { name: 'Websites' }).click()
    await expect(page).toHaveTitle('Websites · WADP Console')
    await page.getByRole('link', { name: 'shop-example-com', exact: true }).click()
    await expect(page).toHaveTitle('Shop storefront · WADP Console')
    await page.goto('/no-such-page?project=shop')
    await expect(page).toHaveTitle('Page not found · WADP Console')
  })
})
