import { expect, type Locator, type Page } from '@playwright/test'

/** The sign-in page and the shell, as a user sees them (accessible names from the spec and the issue). */
export class ConsolePage {
  constructor(readonly page: Page) {}

  get tokenField(): Locator {
    return this.page.getByLabel('API token')
  }

  get sidebar(): Locator {
    return this.page.getByRole('navigation', { name: 'Sidebar' })
  }

  get profileButton(): Locator {
    // Exact: a form's "Cipher profile" dropdown is a button whose name contains "profile" too.
    return this.page.getByRole('button', { name: 'Profile', exact: true })
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search' })
  }

  async signInWithToken(token: string): Promise<void> {
    await this.tokenField.fill(token)
    await this.page.getByRole('button', { name: 'Sign in with token' }).click()
  }

  async expectSignedIn(): Promise<void> {
    await expect(this.profileButton).toBeVisible()
  }

  async expectSignInPage(): Promise<void> {
    await expect(this.tokenField).toBeVisible()
    await expect(this.page.getByRole('button', { name: 'Sign in with SSO' })).toBeVisible()
  }

  async signOut(): Promise<void> {
    await this.profileButton.click()
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click()
  }

  /**
   * The Session Expired dialog is open; its Continue signs out, keeping only the last selected project,
   * and the sign-in page keeps the page under the dialog (without its flag) to return to.
   */
  async continueFromSessionExpired(): Promise<void> {
    const dialog = this.page.getByRole('dialog')
    await expect(dialog).toContainText('Your session has expired. please log in again to continue')
    const under = new URL(this.page.url())
    under.searchParams.delete('logout')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await this.expectSignInPage()
    await expect
      .poll(async () => Object.fromEntries(await this.storedKeys()))
      .toEqual({
        'wadp.project.lastSelected': expect.any(String),
        'wadp.redirect': `${under.pathname}${under.search}`,
      })
  }

  /** Every `wadp.`/`auth.` key in local storage, as [key, value] pairs. */
  async storedKeys(): Promise<[string, string][]> {
    return this.page.evaluate(() =>
      Object.entries(window.localStorage).filter(([key]) => key.startsWith('wadp.') || key.startsWith('auth.')),
    )
  }
}

/** Signed in with `token` from the sign-in page, on /home of a project (the session stored). */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.goto('/')
  await new ConsolePage(page).signInWithToken(token)
  await expect(page).toHaveURL(/\/home\?project=/)
}

/** Picks `option` in the dropdown labelled `label` (the spec's dropdown primitive). */
export async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: label }).click()
  await page.getByRole('option', { name: option }).click()
}
