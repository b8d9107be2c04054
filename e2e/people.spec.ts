import { choose, signIn } from './pages/console.ts'
import { seriousViolations } from './support/axe.ts'
import { expect, type PlatformServer, test } from './support/server.ts'

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
    await signIn(page, server.adminToken)
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
  })

  test('keeps the typed name and says why when the server refuses the delete', async ({ page, server }) => {
    const name = `refused-${Date.now().toString(36)}`
    expect((await asAdmin(server, 'POST', '/projects', { name, customer: 'acme-retail' })).status).toBe(201)
    await signIn(page, server.adminToken)
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
