import type { Page } from '@playwright/test'
import { quickSetupUiPaths, uiMetaOf } from './models/quick-setup-ui.ts'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

/**
 * Model-based: the shortest path to every screen of the wizard's abstract model (createTestModel over
 * e2e/models/quick-setup-ui.ts), each executed click by click in the real console against the real
 * server, checking the screen the model expects after every step.
 */
const DOMAIN_QUESTION = 'What is the domain name for the website?'

function wizard(page: Page) {
  return page.getByRole('dialog', { name: 'Quick Setup' })
}

let fresh = 0
function freshDomain(): string {
  fresh += 1
  return `model-${process.pid}-${Date.now()}-${fresh}.example.org`
}

async function expectScreen(page: Page, meta: ReturnType<typeof uiMetaOf>) {
  const dialog = wizard(page)
  if (meta.page === null) {
    await expect(dialog).toBeHidden()
    if (meta.websites) await expect(page).toHaveURL(/\/websites\?project=shop$/)
    return
  }
  await expect(dialog).toBeVisible()
  if (meta.page === 'welcome') await expect(dialog.getByRole('button', { name: 'Next' })).toBeVisible()
  if (meta.page === 'form') {
    const domain = dialog.getByLabel(DOMAIN_QUESTION)
    await expect(domain).toBeVisible()
    if (meta.errors === 'inline') {
      // On the fields, with the spec's messages; the submission's list stays empty.
      await expect(domain).toHaveAttribute('aria-invalid', 'true')
      await expect(domain).toHaveAccessibleDescription('invalid domain name')
      await expect(dialog.getByText('invalid backend')).toBeVisible()
      await expect(dialog.getByRole('alert')).not.toContainText('Message:')
    } else await expect(domain).not.toHaveAttribute('aria-invalid', 'true')
  }
  if (meta.page === 'confirm') {
    await expect(dialog.getByText('Are you happy to go forward and add this website?')).toBeVisible()
    if (meta.errors === 'list') await expect(dialog.getByRole('alert')).toContainText('Message:')
  }
  if (meta.page === 'final') {
    await expect(dialog.getByText('Thank you, your website is being configured as we speak!')).toBeVisible()
    if (meta.description.includes('Quick links!')) await expect(dialog.getByText('Quick links!')).toBeVisible()
  }
}

// Each path starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

for (const path of quickSetupUiPaths()) {
  test(`quick setup model: ${path.description}`, async ({ page }) => {
    await page.goto('/home?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Shop' })).toBeVisible()
    const click = (name: string) => wizard(page).getByRole('button', { name, exact: true }).click()

    await path.test({
      states: { '*': (state) => expectScreen(page, uiMetaOf(state)) },
      events: {
        'wizard.open': () => page.getByRole('button', { name: 'Quick Setup' }).click(),
        'wizard.next': async () => {
          // Leaving the form needs a valid draft the project does not serve yet.
          const domain = wizard(page).getByLabel(DOMAIN_QUESTION)
          if (await domain.isVisible()) {
            const name = freshDomain()
            await domain.fill(name)
            await wizard(page).getByLabel('Host').fill(`origin.${name}`)
          }
          await click('Next')
        },
        nextRefused: async () => {
          await wizard(page).getByLabel(DOMAIN_QUESTION).fill('')
          await wizard(page).getByRole('radio', { name: 'New', exact: true }).check()
          await wizard(page).getByLabel('Host').fill('')
          await click('Next')
        },
        'wizard.previous': () => click('Previous'),
        'wizard.no': () => click('No'),
        'wizard.finish': () => click('Finish'),
        'wizard.cancel': () => click('Cancel'),
        'wizard.close': () => click('Close'),
        'wizard.restart': () => click('Restart'),
        submitSucceeds: () => click('Yes'),
        submitFails: async () => {
          await page.route(
            '**/api/core/v0/projects/shop/websites',
            (route) =>
              route.request().method() === 'POST'
                ? route.fulfill({
                    status: 500,
                    contentType: 'application/json',
                    body: '{"message":"refused by the test","errors":[]}',
                  })
                : route.fallback(),
            { times: 1 },
          )
          await click('Yes')
        },
      },
    })
  })
}
