import type { Page } from '@playwright/test'
import { choose, signIn } from './pages/console.ts'
import { createToken } from './support/api.ts'
import { seriousViolations } from './support/axe.ts'
import { expect, type PlatformServer, startSignedInAsAdmin, test } from './support/server.ts'

/** Sets a node's fields through the API (to prepare a case, and to leave the shared fleet as it was). */
async function setNode(server: PlatformServer, name: string, fields: Record<string, unknown>) {
  const response = await fetch(`${server.baseURL}/api/core/v0/nodes/${name}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json', 'if-match': '*' },
    body: JSON.stringify(fields),
  })
  expect(response.status).toBe(200)
}

/** Removes a node through the API (an agent node that never reports would hold every later sync check back). */
async function deleteNode(server: PlatformServer, name: string) {
  const response = await fetch(`${server.baseURL}/api/core/v0/nodes/${name}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${server.adminToken}`, 'if-match': '*' },
  })
  expect([204, 404]).toContain(response.status)
}

/** Whether the platform takes `secret` as the agent node's own (its configuration is what an agent reads first). */
async function agentCallStatus(server: PlatformServer, name: string, secret: string) {
  const response = await fetch(`${server.baseURL}/api/core/v0/edge/nodes/${name}/configuration`, {
    headers: { authorization: `Bearer ${secret}` },
  })
  await response.body?.cancel()
  return response.status
}

/** The row of a node in the project's sync modal, opened from the top bar. */
async function projectSyncRow(page: Page, node: string) {
  await page.getByRole('button', { name: 'Synchronization status', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Synchronization status' })
  await expect(dialog.getByRole('columnheader', { name: 'Point-of-presence ID' })).toBeVisible()
  return { dialog, row: dialog.getByRole('row').filter({ hasText: node }) }
}

test.describe('nodes', () => {
  // Every test of this group starts signed in as the admin, from the worker's stored session.
  startSignedInAsAdmin()

  test('a node put in maintenance from its edit page, after the question, shows a wrench in the project sync modal', async ({
    page,
    server,
  }) => {
    try {
      await page.goto('/nodes?project=shop')
      const row = page.getByRole('row').filter({ hasText: 'pop-fr-par-2' })
      await expect(row.getByRole('img', { name: 'France' })).toBeVisible()
      await expect(row).toContainText('Active')
      expect(await seriousViolations(page)).toEqual([])

      await page.goto('/nodes-edit/pop-fr-par-2?project=shop')
      await expect(page.getByLabel('Host name')).toHaveValue('pop-fr-par-2.edge.wadp.example')
      await choose(page, 'Status Active', 'Maintenance')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      const question = page.getByRole('dialog', { name: 'Put the node in maintenance?' })
      await expect(question).toContainText('It stops taking traffic')
      expect(await seriousViolations(page)).toEqual([])
      // Cancel sends nothing: the form stays, with the choice.
      await question.getByRole('button', { name: 'Cancel' }).click()
      await expect(question).toBeHidden()
      await expect(page).toHaveURL(/\/nodes-edit\/pop-fr-par-2/)
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await page
        .getByRole('dialog', { name: 'Put the node in maintenance?' })
        .getByRole('button', { name: 'Put in maintenance' })
        .click()
      await expect(page).toHaveURL(/\/nodes-detail\/pop-fr-par-2/)
      await expect(page.getByRole('main')).toContainText('Maintenance')

      const { row: syncRow } = await projectSyncRow(page, 'pop-fr-par-2')
      await expect(syncRow.getByRole('img', { name: 'In maintenance' })).toBeVisible()
      await page.keyboard.press('Escape')
      // The admin configuration view says so too.
      await page.goto('/config-status?project=shop')
      const adminRow = page.getByRole('main').getByRole('row').filter({ hasText: 'pop-fr-par-2' })
      await expect(adminRow.getByRole('img', { name: 'In maintenance' })).toBeVisible()
    } finally {
      await setNode(server, 'pop-fr-par-2', { status: 'active' })
    }
  })

  test('bulk maintenance changes the selected nodes and reports the one it could not', async ({ page, server }) => {
    await setNode(server, 'pop-sg-sin-1', { status: 'disabled' })
    try {
      await page.goto('/nodes?project=shop')
      for (const node of ['pop-au-syd-1', 'pop-us-sjc-1', 'pop-sg-sin-1'])
        await page.getByRole('checkbox', { name: `Select ${node}` }).check()
      // The bar of the selected rows is a landmark named by their count, for a screen reader to go to.
      const bar = page.getByRole('region', { name: '3 selected' })
      expect(await seriousViolations(page)).toEqual([])
      await bar.getByRole('button', { name: 'Maintenance on' }).click()
      const question = page.getByRole('dialog', { name: 'Put 3 nodes in maintenance?' })
      await expect(question.getByRole('list', { name: 'Nodes to change' })).toContainText('pop-us-sjc-1')
      expect(await seriousViolations(page)).toEqual([])
      await question.getByRole('button', { name: 'Maintenance on' }).click()

      const report = page.getByRole('dialog', { name: 'Maintenance on: 2 of 3 nodes' })
      const results = report.getByRole('list', { name: 'Results' })
      await expect(results.getByRole('listitem').filter({ hasText: 'pop-au-syd-1' })).toContainText('Succeeded')
      await expect(results.getByRole('listitem').filter({ hasText: 'pop-sg-sin-1' })).toContainText(
        'Failed: it is disabled: enable it before putting it in maintenance',
      )
      await report.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click()
      await expect(page.getByRole('row').filter({ hasText: 'pop-au-syd-1' })).toContainText('Maintenance')

      const { dialog, row } = await projectSyncRow(page, 'pop-us-sjc-1')
      await expect(row.getByRole('img', { name: 'In maintenance' })).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      // And off again, from the keyboard: the selection stayed.
      await page.getByRole('checkbox', { name: 'Select pop-sg-sin-1' }).uncheck()
      await page.getByRole('button', { name: 'Maintenance off' }).focus()
      await page.keyboard.press('Enter')
      await page
        .getByRole('dialog', { name: 'Take 2 nodes out of maintenance?' })
        .getByRole('button', { name: 'Maintenance off' })
        .click()
      await expect(page.getByRole('dialog', { name: 'Maintenance off: 2 of 2 nodes' })).toBeVisible()
      await page.keyboard.press('Escape')
      // Focus goes back to the button that asked.
      await expect(page.getByRole('button', { name: 'Maintenance off' })).toBeFocused()
      await expect(page.getByRole('row').filter({ hasText: 'pop-au-syd-1' })).toContainText('Active')
    } finally {
      for (const node of ['pop-sg-sin-1', 'pop-au-syd-1', 'pop-us-sjc-1'])
        await setNode(server, node, { status: 'active' })
    }
  })

  test('says on Country that it disagrees with the name, before sending anything', async ({ page }) => {
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(request.url())
    })
    await page.goto('/nodes-add?project=shop')
    await page.getByLabel('Name', { exact: true }).fill('pop-zz-abc-1')
    await page.getByLabel('Host name').fill('pop-zz-abc-1.edge.example.net')
    await page.getByLabel('Point of presence').fill('abc')
    const country = page.getByLabel('Country')
    await country.fill('fr')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(country).toHaveAttribute('aria-invalid', 'true')
    await expect(country).toHaveAccessibleDescription(/must be zz: the node's name pop-zz-abc-1 says so/)
    await expect(country).toBeFocused()
    expect(sent.filter((url) => /\/nodes$/.test(url))).toEqual([])
  })

  test('an edge agent node shows its secret once when created, and Rotate secret replaces it', async ({
    page,
    server,
  }) => {
    const name = `pop-nl-e2e${Date.now().toString(36)}`
    try {
      await page.goto('/nodes-add?project=shop')
      await page.getByLabel('Name', { exact: true }).fill(name)
      await page.getByLabel('Host name').fill(`${name}.edge.example.net`)
      await page.getByLabel('Point of presence').fill('ams')
      await page.getByLabel('Country').fill('nl')
      await choose(page, 'Kind Simulated', 'Edge agent (Varnish)')
      await page.getByRole('button', { name: 'Save', exact: true }).click()

      const created = page.getByRole('dialog', { name: `The node "${name}" was created` })
      const field = created.getByLabel('Node secret')
      await expect(field).toHaveValue(/\S{20,}/)
      const first = await field.inputValue()
      await expect(created).toContainText('WADP_EDGE_TOKEN')
      expect(await seriousViolations(page)).toEqual([])
      await created.getByRole('button', { name: 'I have copied it' }).click()
      await expect(page).toHaveURL(new RegExp(`/nodes-detail/${name}`))
      const main = page.getByRole('main')
      await expect(main.getByRole('region', { name: 'Summary' })).toContainText('Edge agent')
      await expect(main.getByRole('region', { name: 'Summary' })).toContainText('No report yet')
      expect(await agentCallStatus(server, name, first)).toBe(200)

      await main.getByRole('button', { name: 'Rotate secret' }).click()
      const question = page.getByRole('dialog', { name: `Rotate the secret of the node "${name}"?` })
      await expect(question).toContainText('The old secret stops working at once')
      await question.getByRole('button', { name: 'Rotate secret' }).click()
      const rotated = page.getByRole('dialog', { name: `The node "${name}" has a new secret` })
      await expect(rotated.getByLabel('Node secret')).toHaveValue(/\S{20,}/)
      const second = await rotated.getByLabel('Node secret').inputValue()
      expect(second).not.toBe(first)
      expect(await seriousViolations(page)).toEqual([])
      // The old secret stopped working at once; the new one works.
      expect(await agentCallStatus(server, name, first)).toBe(401)
      expect(await agentCallStatus(server, name, second)).toBe(200)
      await rotated.getByRole('button', { name: 'I have copied it' }).click()
      await expect(rotated).toBeHidden()

      // Its kind is fixed: the edit form shows it, disabled.
      await page.goto(`/nodes-edit/${name}?project=shop`)
      const kind = page.getByRole('button', { name: /^Kind/ })
      await expect(kind).toContainText('Edge agent (Varnish)')
      await expect(kind).toBeDisabled()
      await expect(page.getByRole('main')).toContainText('It cannot change after creation.')

      await page.goto('/nodes?project=shop')
      await expect(page.getByRole('columnheader', { name: 'Kind' })).toBeVisible()
      await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Edge agent')
      await expect(page.getByRole('row').filter({ hasText: 'pop-fr-par-2' })).toContainText('Simulated')
    } finally {
      await deleteNode(server, name)
    }
  })

  test('an edge agent node whose project failed to load says what it runs of that project, not only the platform revision', async ({
    page,
    server,
  }) => {
    const name = `pop-nl-e2f${Date.now().toString(36)}`
    const core = `${server.baseURL}/api/core/v0`
    const admin = { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' }
    const created = await fetch(`${core}/nodes`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({
        name,
        hostname: `${name}.edge.example.net`,
        pop_code: 'ams',
        country: 'nl',
        kind: 'agent',
      }),
    })
    expect(created.status).toBe(201)
    const secret = ((await created.json()) as { data: { secret: string } }).data.secret
    try {
      const agent = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }
      const config = (await (await fetch(`${core}/edge/nodes/${name}/configuration`, { headers: agent })).json()) as {
        data: { platform_revision: number; projects: { project: string; revision: number }[] }
      }
      const shop = config.data.projects.find((line) => line.project === 'shop')
      expect(shop).toBeDefined()
      const message = "Message from VCC-compiler:\nUnknown token ';' when looking for STRING"
      // What the agent reports when shop's VCL does not compile: the platform revision runs (the top VCL and
      // the other projects), shop none of its own.
      const report = {
        varnish_version: 'varnish-7.1.1',
        started_at: new Date().toISOString(),
        platform_revision: config.data.platform_revision,
        projects: config.data.projects.map((line) =>
          line.project === 'shop'
            ? { project: 'shop', revision: null, error: message, failed_revision: line.revision }
            : { project: line.project, revision: line.revision, error: null },
        ),
        error: null,
      }
      const sent = await fetch(`${core}/edge/nodes/${name}/report`, {
        method: 'POST',
        headers: agent,
        body: JSON.stringify(report),
      })
      expect(sent.status).toBe(204)

      await page.goto(`/nodes-detail/${name}?project=shop`)
      const main = page.getByRole('main')
      const summary = main.getByRole('region', { name: 'Summary' })
      await expect(summary).toContainText('Failed')
      // The summary's revision is named as the platform's.
      const revision = String(config.data.platform_revision)
      await expect(summary).toContainText(`Platform revision applied / target${revision} / ${revision}`)
      const projects = main.getByRole('region', { name: 'Projects on this node' })
      const row = projects.getByRole('row', { name: /^shop \(selected\)/ })
      await expect(row).toContainText(`— / ${shop?.revision}`)
      await expect(row).toContainText('Failed')
      await expect(row).toContainText("Unknown token ';' when looking for STRING")
      await expect(projects.getByRole('row').filter({ hasText: 'media' })).toContainText('In sync')
      expect(await seriousViolations(page)).toEqual([])
      // The page follows the node's reports: once shop loads (its snippet fixed), it says so without a reload.
      const fixed = await fetch(`${core}/edge/nodes/${name}/report`, {
        method: 'POST',
        headers: agent,
        body: JSON.stringify({
          ...report,
          projects: config.data.projects.map((line) => ({
            project: line.project,
            revision: line.revision,
            error: null,
          })),
        }),
      })
      expect(fixed.status).toBe(204)
      await expect(row).toContainText(`${shop?.revision} / ${shop?.revision}`, { timeout: 15_000 })
      await expect(row).toContainText('In sync')
      // The list names its revision column as the platform's too.
      await page.goto('/nodes?project=shop')
      await expect(page.getByRole('columnheader', { name: 'Platform applied / target' })).toBeVisible()
    } finally {
      await deleteNode(server, name)
    }
  })

  test('a missing node or pool is not said to be missing from the project: they are the platform’s', async ({
    page,
  }) => {
    await page.goto('/nodes-detail/no-such-node?project=shop')
    await expect(page.getByText('No node named "no-such-node".')).toBeVisible()
    await page.goto('/pools-edit/no-such-pool?project=shop')
    await expect(page.getByText('No pool named "no-such-pool".')).toBeVisible()
    await page.goto('/websites-detail/no-such-site?project=shop')
    await expect(page.getByText('No website named "no-such-site" in this project.')).toBeVisible()
  })

  test('a pool lists the nodes that joined it, as links to their pages', async ({ page, server }) => {
    const pool = `e2e-${Date.now().toString(36)}`
    try {
      await page.goto('/pools-add?project=shop')
      await page.getByLabel('Name', { exact: true }).fill(pool)
      await choose(page, 'Rollout Serial', 'Canary first')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`/pools-detail/${pool}`))

      // A node joins through its own form's pool picker.
      await page.goto('/nodes-edit/pop-au-syd-1?project=shop')
      await expect(page.getByLabel('Host name')).toHaveValue('pop-au-syd-1.edge.wadp.example')
      await choose(page, 'Pool No selection', new RegExp(pool))
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(page).toHaveURL(/\/nodes-detail\/pop-au-syd-1/)
      await expect(page.getByRole('main').getByRole('link', { name: pool })).toBeVisible()

      await page.goto('/pools?project=shop')
      const row = page.getByRole('row').filter({ hasText: pool })
      await expect(row).toContainText('Canary first')
      expect(await seriousViolations(page)).toEqual([])
      await row.getByRole('link', { name: pool, exact: true }).click()
      const link = page.getByRole('main').getByRole('link', { name: 'pop-au-syd-1' })
      await expect(link).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await link.click()
      await expect(page).toHaveURL(/\/nodes-detail\/pop-au-syd-1/)
    } finally {
      await setNode(server, 'pop-au-syd-1', { pool: null })
    }
  })
})

test.describe('nodes as a reader', () => {
  test('who may only read nodes sees no maintenance, edit, add or delete', async ({ page, server }) => {
    const token = await createToken(server, {
      owner: 'admin@example.com',
      permissions: ['wadp.projects.get', 'wadp.nodes.list', 'wadp.nodes.get', 'wadp.pools.list', 'wadp.pools.get'],
    })
    await signIn(page, token)
    await page.goto('/nodes?project=shop')
    await expect(page.getByRole('link', { name: 'pop-nl-ams-1', exact: true })).toBeVisible()
    await expect(page.getByRole('checkbox')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Add node' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
    await page.getByRole('link', { name: 'pop-nl-ams-1', exact: true }).click()
    await expect(page.getByRole('main')).toContainText('pop-nl-ams-1.edge.wadp.example')
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0)
  })
})
