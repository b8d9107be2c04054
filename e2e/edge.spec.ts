import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EdgeAgent } from '../server/edge/agent.ts'
import { findVarnishd } from '../server/edge/vcc.ts'
import { edgeGet, freePort, startOrigin } from '../tests/edge/support.ts'
import { choose } from './pages/console.ts'
import { expect, type PlatformServer, startSignedInAsAdmin, test } from './support/server.ts'

const varnishd = findVarnishd()
const NODE = 'pop-zz-e2e-1'
const DOMAIN = 'edge-e2e.example.org'

async function api(server: PlatformServer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseURL}/api/core/v0${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminToken}`,
      'content-type': 'application/json',
      ...(method === 'DELETE' ? { 'if-match': '*' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

/**
 * The real edge from the console (issue 23): a website made with the quick-setup wizard in project labs
 * is served by a Varnish node run by an edge agent (started here, beside the platform), the sync
 * dialog shows that node updated from its own report, and an invalidation made on the page is carried
 * out by the node (the next request a MISS), its line saying so as the node's own result. A probed
 * request made after the website's live traffic started shows there, its secret redacted; a probed
 * backend's origin stopped shows sick from that node on Backend Health, and healthy again once it answers;
 * the director's page and Home say the same (issue 24). The node, the website and its directors are removed
 * afterwards, so the shared fleet is as it was.
 */
test.describe('a real Varnish node', () => {
  test.skip(!varnishd, "needs Debian's varnish and varnish-modules")
  startSignedInAsAdmin()

  test('serves a website made with the quick-setup wizard, shows it synchronized, and carries out an invalidation', async ({
    page,
    server,
  }) => {
    const origin = await startOrigin()
    let probed: Awaited<ReturnType<typeof startOrigin>> | undefined
    const dir = await mkdtemp(join(tmpdir(), 'wadp-e2e-edge-'))
    const listen = await freePort()
    const created = await api(server, 'POST', '/nodes', {
      name: NODE,
      hostname: 'localhost',
      pop_code: 'loc',
      country: 'zz',
      kind: 'agent',
    })
    expect(created.status).toBe(201)
    const agent = new EdgeAgent({
      platformUrl: server.baseURL,
      node: NODE,
      token: created.body.data.secret,
      varnishd: varnishd as string,
      listen: `127.0.0.1:${listen}`,
      admin: `127.0.0.1:${await freePort()}`,
      dir,
      log: () => undefined,
    })
    try {
      await agent.start()
      const director = await api(server, 'POST', '/projects/labs/directors', {
        name: 'e2e-loopback',
        backends: [{ host: '127.0.0.1', port: origin.port }],
        probe: { enabled: false },
      })
      expect(director.status).toBe(201)

      await page.goto('/home?project=labs')
      await page.getByRole('button', { name: 'Quick Setup' }).click()
      const wizard = page.getByRole('dialog', { name: 'Quick Setup' })
      await wizard.getByRole('button', { name: 'Next' }).click()
      await wizard.getByLabel('What is the domain name for the website?').fill(DOMAIN)
      await wizard.getByLabel('Existing').check()
      await choose(page, 'Director', /e2e-loopback/)
      await wizard.getByRole('button', { name: 'Next' }).click()
      await wizard.getByRole('button', { name: 'Yes' }).click()
      await expect(wizard.getByText('Thank you, your website is being configured as we speak!')).toBeVisible()
      await wizard.getByRole('button', { name: 'Finish' }).click()

      // The node loads the project (its C compiled by gcc) and then answers for the new domain.
      const base = `http://127.0.0.1:${listen}`
      await expect
        .poll(async () => (await edgeGet(base, DOMAIN, '/welcome')).status, { timeout: 90_000, intervals: [250] })
        .toBe(200)
      const first = await edgeGet(base, DOMAIN, '/cached')
      expect([first.body, first.headers['x-cache'], first.headers['x-served-by']]).toEqual([
        'origin says /cached',
        'MISS',
        NODE,
      ])
      expect((await edgeGet(base, DOMAIN, '/cached')).headers['x-cache']).toBe('HIT')
      expect((await edgeGet(base, 'unknown.example.org', '/')).status).toBe(404)

      await page.getByRole('button', { name: 'Synchronization status', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Synchronization status' })
      const row = dialog.getByRole('row').filter({ hasText: NODE })
      await expect(row.getByRole('img', { name: 'Synchronized' })).toBeVisible({ timeout: 30_000 })
      await page.keyboard.press('Escape')

      // An invalidation made in the console is carried out by the node, which says so in its own words.
      await page.goto('/invalidation?project=labs')
      await page.getByLabel('Targets, one per line').fill(`https://${DOMAIN}/cached`)
      await page.getByRole('button', { name: 'Invalidate', exact: true }).click()
      const last = page.getByRole('region', { name: /Last request/ })
      const nodeRow = last.getByRole('row').filter({ hasText: NODE })
      await expect(nodeRow).toContainText('Varnish node', { timeout: 30_000 })
      await expect(nodeRow).toContainText('banned', { timeout: 30_000 })
      await expect(last.getByRole('row').filter({ hasText: 'pop-fr-par-1' })).toContainText('Simulated')
      expect((await edgeGet(base, DOMAIN, '/cached')).headers['x-cache']).toBe('MISS')

      // Live traffic on the website's page shows a request made after it started, its secret redacted.
      await page.goto(`/websites-detail/${DOMAIN.replaceAll('.', '-')}?project=labs`)
      await page.getByRole('button', { name: 'Start live traffic' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Live:' })).toBeVisible({ timeout: 30_000 })
      expect((await edgeGet(base, DOMAIN, '/live-e2e?token=abc123&page=2')).status).toBe(200)
      const request = page.getByRole('row', { name: /\/live-e2e\?token=REDACTED&page=2/ })
      await expect(request).toContainText(NODE, { timeout: 15_000 })
      await expect(request).toContainText('Miss')
      await page.getByRole('button', { name: 'Stop' }).click()

      // The node probes a director's backends itself: a stopped origin shows sick, from that node.
      const port = await freePort()
      probed = await startOrigin(port)
      const made = await api(server, 'POST', '/projects/labs/directors', {
        name: 'e2e-probed',
        backends: [{ host: '127.0.0.1', port }],
        probe: { interval_seconds: 1, timeout_seconds: 1, window: 3, threshold: 2 },
      })
      expect(made.status).toBe(201)
      await page.goto('/backend-health?in_project=labs&director=e2e-probed')
      const backend = page.getByRole('row', { name: new RegExp(`127\\.0\\.0\\.1:${port}`) })
      await expect(backend).toContainText(`${NODE} (Varnish): healthy`, { timeout: 60_000 })
      await probed.close()
      await expect(backend).toContainText(`${NODE} (Varnish): sick`, { timeout: 30_000 })
      await expect(backend).toContainText('Unhealthy')
      probed = await startOrigin(port)
      await expect(backend).toContainText(`${NODE} (Varnish): healthy`, { timeout: 30_000 })
      // The director's own page shows the same, and Home sums it up.
      await page.goto('/directors-detail/e2e-probed?project=labs')
      const table = page.getByRole('table', { name: 'The backends of director e2e-probed and their probes' })
      await expect(table).toContainText(`${NODE} (Varnish): healthy`)
      await page.goto('/home?project=labs')
      await expect(page.getByRole('region', { name: 'Backends' })).toContainText('Varnish nodes')
    } finally {
      await api(server, 'DELETE', '/nodes/pop-zz-e2e-1')
      await agent.stop()
      await api(server, 'DELETE', `/projects/labs/websites/${DOMAIN.replaceAll('.', '-')}`)
      await api(server, 'DELETE', '/projects/labs/directors/e2e-loopback')
      await api(server, 'DELETE', '/projects/labs/directors/e2e-probed')
      await origin.close()
      await probed?.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
