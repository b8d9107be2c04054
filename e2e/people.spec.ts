import { choose, signIn } from './pages/console.ts'
import { createToken } from './support/api.ts'
import { seriousViolations } from './support/axe.ts'
import { expect, type PlatformServer, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

/** A call to the platform API as the admin; the answer's status and body. */
async function asAdmin(server: PlatformServer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseURL}/api/auth/v0${path}`, {
    method,
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown }
}

test.describe('management', () => {
  test('deletes the selected project after its name is typed again, and the console goes to /home without one', async ({
    page,
    server,
  }) => {
    const name = `doomed-${Date.now().toString(36)}`
    expect((await asAdmin(server, 'POST', '/projects', { name, customer: 'acme-retail' })).status).toBe(201)
    await page.goto(`/home?project=${name}`)
    await expect(page).toHaveURL(new RegExp(`/home\\?project=${name}`))

    await page.goto(`/management?project=${name}`)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('link', { name: /Delete a project/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Delete a project' })).toBeVisible()
    await choose(page, 'Project to delete', new RegExp(`^${name}`))

    const preview = page.getByRole('region', { name: 'What will be deleted' })
    await expect(preview).toContainText(`Deleting ${name} removes`)
    await expect(preview).toContainText('0 API tokens')
    const remove = page.getByRole('button', { name: `Delete project ${name}` })
    await expect(remove).toBeDisabled()
    await page.getByLabel(`Type ${name} to confirm`).fill(`${name}-typo`)
    await expect(remove).toBeDisabled()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel(`Type ${name} to confirm`).fill(name)
    await expect(remove).toBeEnabled()
    await remove.click()

    await expect(page).toHaveURL(/\/home$/)
    expect((await asAdmin(server, 'GET', `/projects/${name}`)).status).toBe(404)
    // No project: nothing to set a website up in.
    await expect(page.getByRole('button', { name: 'Project: Select a project' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Quick Setup' })).toHaveCount(0)
  })

  test('deletes a customer with its projects in one go', async ({ page, server }) => {
    const suffix = Date.now().toString(36)
    const customer = `gone-${suffix}`
    expect((await asAdmin(server, 'POST', '/customers', { name: customer, organization: 'acme' })).status).toBe(201)
    for (const project of [`gone-a-${suffix}`, `gone-b-${suffix}`])
      expect((await asAdmin(server, 'POST', '/projects', { name: project, customer })).status).toBe(201)
    await page.goto('/customer-delete?project=shop')
    await choose(page, 'Customer to delete', new RegExp(`^${customer}`))
    await expect(page.getByRole('region', { name: 'What will be deleted' })).toContainText(
      `2 projects: gone-a-${suffix}, gone-b-${suffix}`,
    )
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel(`Type ${customer} to confirm`).fill(customer)
    await page.getByRole('button', { name: `Delete customer ${customer}` }).click()
    await expect(page.getByRole('status').filter({ hasText: `The customer ${customer} was deleted.` })).toBeVisible()
    // The selected project was not among them: the page stays, in the same project.
    await expect(page).toHaveURL(/\/customer-delete\?project=shop$/)
    expect((await asAdmin(server, 'GET', `/customers/${customer}`)).status).toBe(404)
    expect((await asAdmin(server, 'GET', `/projects/gone-a-${suffix}`)).status).toBe(404)
  })

  test('keeps the typed name and says why when the server refuses the delete', async ({ page, server }) => {
    const name = `refused-${Date.now().toString(36)}`
    expect((await asAdmin(server, 'POST', '/projects', { name, customer: 'acme-retail' })).status).toBe(201)
    await page.goto('/project-delete?project=shop')
    await choose(page, 'Project to delete', new RegExp(`^${name}`))
    await expect(page.getByRole('region', { name: 'What will be deleted' })).toBeVisible()
    // Someone else changes it after the preview was read: the delete's If-Match no longer holds.
    const current = (await asAdmin(server, 'GET', `/projects/${name}`)).body as { data: { revision: number } }
    const changed = await fetch(`${server.baseURL}/api/auth/v0/projects/${name}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${server.adminToken}`,
        'content-type': 'application/json',
        'if-match': `"${current.data.revision}"`,
      },
      body: JSON.stringify({ description: 'changed meanwhile' }),
    })
    expect(changed.status).toBe(200)
    await page.getByLabel(`Type ${name} to confirm`).fill(name)
    await page.getByRole('button', { name: `Delete project ${name}` }).click()
    await expect(page.getByRole('alert')).toContainText('The project was not deleted')
    await expect(page.getByLabel(`Type ${name} to confirm`)).toHaveValue(name)
    expect((await asAdmin(server, 'GET', `/projects/${name}`)).status).toBe(200)
    await expect(page).toHaveURL(/\/project-delete/)
  })
})

test.describe('SSO groups and roles', () => {
  test('a mapping made through the form gives the viewer’s group operator rights in one project at the next SSO sign-in', async ({
    page,
    browser,
    server,
  }) => {
    const name = `viewers-operate-${Date.now().toString(36)}`
    await page.goto('/sso-groups-roles-add?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: /Add SSO group\/role mapping/i })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Group').fill('Edge-Viewers')
    await choose(page, 'Role', 'Operator')
    // The platform scope names nothing; a project scope asks which one.
    await expect(page.getByLabel('Scope name')).toHaveCount(0)
    await choose(page, 'Scope', 'Project')
    await page.getByLabel('Scope name').fill('shop')
    await page.getByRole('button', { name: 'Save' }).click()

    await expect(page).toHaveURL(new RegExp(`/sso-groups-roles-detail/${name}`))
    const matching = page.getByRole('region', { name: 'Users it applies to' })
    await expect(matching.getByRole('link', { name: 'viewer@example.com' })).toBeVisible()
    await expect(matching).toContainText('next sign-in')
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/sso-groups-roles?project=shop')
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Operator')
    expect(await seriousViolations(page)).toEqual([])

    // The viewer signs in through SSO in a browser of their own: operator in shop, still a viewer elsewhere.
    // A context made in a test takes the test's options: without an empty storage it would start as the admin.
    const context = await browser.newContext({ baseURL: server.baseURL, storageState: { cookies: [], origins: [] } })
    const viewer = await context.newPage()
    await viewer.goto('/')
    await viewer.getByRole('button', { name: 'Sign in with SSO' }).click()
    await viewer.getByLabel('Email').fill('viewer@example.com')
    await viewer.getByLabel('Password').fill(server.demoPassword)
    await viewer.getByRole('button', { name: 'Sign in' }).click()
    await expect(viewer).toHaveURL(/\/home\?project=/)
    await viewer.goto('/home?project=shop')
    await expect(viewer.getByRole('heading', { level: 1, name: 'Acme Shop' })).toBeVisible()
    await expect(viewer.getByRole('button', { name: 'Quick Setup' })).toBeVisible()
    await viewer.goto('/directors?project=shop')
    await expect(viewer.getByRole('link', { name: /^Add/ })).toBeVisible()
    await viewer.goto('/directors?project=media')
    await expect(viewer.getByRole('heading', { level: 1, name: 'Directors' })).toBeVisible()
    await expect(viewer.getByRole('row').nth(1)).toBeVisible()
    await expect(viewer.getByRole('link', { name: /^Add/ })).toHaveCount(0)
    await context.close()
  })
})

test.describe('users', () => {
  test('inviting an address a user already has says so on the E-mail field', async ({ page }) => {
    await page.goto('/users?project=shop')
    await page.getByRole('button', { name: 'Invite a user' }).click()
    const invite = page.getByRole('dialog', { name: 'Invite a user' })
    const email = invite.getByLabel('E-mail')
    await email.fill('admin@example.com')
    await invite.getByRole('button', { name: 'Invite' }).click()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription(/is already taken/)
    await expect(email).toBeFocused()
    // Said once, on the field: the answer's sentence ('user … already exists') says nothing more.
    await expect(invite.getByRole('alert')).toHaveCount(0)
  })

  test('a role the caller may not grant is refused on the roles, which take the focus, the choice kept', async ({
    browser,
    server,
  }) => {
    const email = `ungranted-${Date.now().toString(36)}@example.com`
    expect((await asAdmin(server, 'POST', '/users', { email, roles: [], status: 'invited' })).status).toBe(201)
    // Someone who manages users but holds no configuration permission may not make anyone a viewer.
    const token = await createToken(server, {
      owner: 'admin@example.com',
      permissions: ['auth.users.*', 'wadp.projects.get'],
    })
    // A context made in a test takes the test's options: without an empty storage it would start as the admin.
    const context = await browser.newContext({ baseURL: server.baseURL, storageState: { cookies: [], origins: [] } })
    const page = await context.newPage()
    await signIn(page, token)
    await page.goto(`/users-detail/${email}?project=shop`)
    await page.getByRole('button', { name: 'Change roles' }).click()
    const dialog = page.getByRole('dialog', { name: `Roles of ${email}` })
    await dialog.getByRole('checkbox', { name: /Viewer/ }).check()
    await dialog.getByRole('button', { name: 'Save roles' }).press('Enter')
    const admin = dialog.getByRole('checkbox', { name: /Admin/ })
    await expect(admin).toHaveAttribute('aria-invalid', 'true')
    await expect(admin).toBeFocused()
    await expect(dialog.getByRole('group', { name: 'Roles (in every project)' })).toHaveAccessibleDescription(
      'you cannot grant viewer: it holds permissions you do not',
    )
    await expect(dialog.getByRole('checkbox', { name: /Viewer/ })).toBeChecked()
    // Said on the roles, not again above them under the API's name.
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })

  test('an admin invites a user, changes their roles past a stale revision, and disables them after confirming', async ({
    page,
    server,
  }) => {
    const email = `newbie-${Date.now().toString(36)}@example.com`
    await page.goto('/users?project=shop')
    await expect(page.getByRole('row', { name: /viewer@example\.com/ })).toContainText('viewer')
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Invite a user' }).click()
    const invite = page.getByRole('dialog', { name: 'Invite a user' })
    await invite.getByLabel('E-mail').fill('not-an-address')
    await invite.getByRole('button', { name: 'Invite' }).click()
    await expect(invite.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(await seriousViolations(page)).toEqual([])
    await invite.getByLabel('E-mail').fill(email)
    await invite.getByLabel('First name').fill('Nina')
    await invite.getByLabel('Last name').fill('Newbie')
    await invite.getByRole('checkbox', { name: /Operator/ }).check()
    await invite.getByRole('button', { name: 'Invite' }).click()
    await expect(invite).toBeHidden()

    await choose(page, 'Filter by status', 'Invited')
    await expect(page).toHaveURL(/status=invited/)
    const row = page.getByRole('row', { name: new RegExp(email.replace('.', '\\.')) })
    await expect(row).toContainText('Invited')
    await expect(row).toContainText('operator')
    await expect(page.getByRole('row', { name: /viewer@example\.com/ })).toHaveCount(0)
    await row.getByRole('link', { name: email }).click()

    await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible()
    await expect(page.getByText('Last sign-in: never')).toBeVisible()
    await expect(page.getByRole('region', { name: 'API tokens they own' })).toContainText('They own no API token.')
    await expect(page.getByRole('region', { name: 'Recent audit entries' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    // Someone else renames them meanwhile: the roles change is refused with the server's reason, then goes through.
    const user = (await asAdmin(server, 'GET', `/users/${email}`)).body as { data: { revision: number } }
    const renamed = await fetch(`${server.baseURL}/api/auth/v0/users/${email}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${server.adminToken}`,
        'content-type': 'application/json',
        'if-match': `"${user.data.revision}"`,
      },
      body: JSON.stringify({ first_name: 'Nora' }),
    })
    expect(renamed.status).toBe(200)
    await page.getByRole('button', { name: 'Change roles' }).click()
    const rolesDialog = page.getByRole('dialog', { name: `Roles of ${email}` })
    await rolesDialog.getByRole('checkbox', { name: /Viewer/ }).check()
    await rolesDialog.getByRole('button', { name: 'Save roles' }).click()
    await expect(rolesDialog.getByRole('alert')).toBeVisible()
    await rolesDialog.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: 'Change roles' }).click()
    await rolesDialog.getByRole('checkbox', { name: /Viewer/ }).check()
    await rolesDialog.getByRole('button', { name: 'Save roles' }).click()
    await expect(rolesDialog).toBeHidden()
    expect((await asAdmin(server, 'GET', `/users/${email}`)).body).toMatchObject({
      data: { first_name: 'Nora', roles: ['operator', 'viewer'] },
    })

    await page.getByRole('button', { name: 'Disable' }).click()
    const confirm = page.getByRole('dialog', { name: `Disable ${email}?` })
    await expect(confirm).toContainText('every API token they own stops working')
    expect(await seriousViolations(page)).toEqual([])
    // A double click disables them with one request (two before: the second refused, 409).
    const patches: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/auth/v0/users/')) patches.push(request.url())
    })
    await confirm.getByRole('button', { name: 'Disable' }).dblclick()
    await expect(confirm).toBeHidden()
    await expect(page.getByRole('button', { name: 'Enable again' })).toBeVisible()
    expect((await asAdmin(server, 'GET', `/users/${email}`)).body).toMatchObject({ data: { status: 'disabled' } })
    expect(patches).toHaveLength(1)
  })
})
