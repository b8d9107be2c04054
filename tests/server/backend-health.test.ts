import { afterEach, describe, expect, it } from 'vitest'
import { backendHealth, HEALTH_WINDOW } from '../../server/platform/probes.ts'
import { ADMIN, type Json, setUpPlatform } from './support.ts'

const platform = setUpPlatform({ syncDelay: '60000' })
const directors = '/api/core/v0/projects/shop/directors'
const realNow = Date.now
const INTERVAL = 10
const probe = { window: 3, threshold: 2, interval_seconds: INTERVAL }

function at(ms: number) {
  platform.server.ctx.now = () => ms
}
afterEach(() => {
  platform.server.ctx.now = realNow
})

async function health(query: string): Promise<Json[]> {
  const res = await platform.call('GET', `/api/core/v0/backend-health${query}`)
  expect(res.status).toBe(200)
  return res.body.data
}

describe('Backend health', () => {
  it('fails the probes of a host containing down and passes a healthy one, row by director backend', async () => {
    const created = await platform.call('POST', directors, {
      body: {
        name: 'probed',
        backends: [
          { host: 'origin.shop.example.com', port: 443 },
          { host: 'origin-down.shop.example.com', port: 8443 },
        ],
        probe,
      },
    })
    expect(created.status).toBe(201)
    const configuredAt = Date.parse(created.body.data.updated_at)
    at(configuredAt + 12 * INTERVAL * 1000 + 500)
    const rows = await health('?project=shop&director=probed')
    expect(rows).toEqual([
      {
        project: 'shop',
        director: 'probed',
        backend: 'origin.shop.example.com:443',
        healthy: true,
        last_check_at: new Date(configuredAt + 12 * INTERVAL * 1000).toISOString(),
        last_change_at: new Date(configuredAt).toISOString(),
        window: Array(HEALTH_WINDOW).fill(true),
        interval_seconds: INTERVAL,
        source: 'simulated',
        nodes: [],
      },
      {
        project: 'shop',
        director: 'probed',
        backend: 'origin-down.shop.example.com:8443',
        healthy: false,
        last_check_at: new Date(configuredAt + 12 * INTERVAL * 1000).toISOString(),
        last_change_at: new Date(configuredAt).toISOString(),
        window: Array(HEALTH_WINDOW).fill(false),
        interval_seconds: INTERVAL,
        source: 'simulated',
        nodes: [],
      },
    ])
  })

  it('shows a director edited to a down host as unhealthy within one probe interval', async () => {
    const created = await platform.call('POST', directors, {
      body: { name: 'turning', backends: [{ host: 'app.shop.example.com', port: 443 }], probe },
    })
    at(Date.parse(created.body.data.updated_at) + 5 * INTERVAL * 1000)
    expect((await health('?project=shop&director=turning'))[0]).toMatchObject({ healthy: true })
    const edited = await platform.call('PATCH', `${directors}/turning`, {
      body: { backends: [{ host: 'app-unhealthy.shop.example.com', port: 443 }] },
      headers: { 'if-match': `"${created.body.data.revision}"` },
    })
    expect(edited.status).toBe(200)
    const changedAt = Date.parse(edited.body.data.updated_at)
    at(changedAt + INTERVAL * 1000)
    const [row] = await health('?project=shop&director=turning')
    expect(row).toMatchObject({
      backend: 'app-unhealthy.shop.example.com:443',
      healthy: false,
      last_change_at: new Date(changedAt).toISOString(),
    })
    // Only the probes of the new configuration count.
    expect(row.window).toEqual([false, false])
  })

  it('filters by project and director, and lists every project’s backends without a filter', async () => {
    const all = await health('')
    const projects = new Set(all.map((row) => row.project))
    expect(projects.has('shop')).toBe(true)
    expect(projects.size).toBeGreaterThan(1)
    const shop = await health('?project=shop')
    expect(shop.length).toBeGreaterThan(0)
    expect(shop.every((row) => row.project === 'shop')).toBe(true)
    expect(shop.length).toBeLessThan(all.length)
    expect(await health('?project=shop&director=no-such-director')).toEqual([])
    const bad = await platform.call('GET', '/api/core/v0/backend-health?project=Not%20A%20Slug')
    expect(bad.status).toBe(400)
  })

  it('needs wadp.backend-health.list, and a token limited to projects sees theirs only', async () => {
    const none = await platform.tokenFor(ADMIN, ['wadp.directors.list'])
    const refused = await platform.call('GET', '/api/core/v0/backend-health', { token: none })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('missing permission wadp.backend-health.list')
    const limited = await platform.tokenFor(ADMIN, ['wadp.backend-health.list'], { projects: ['shop'] })
    const rows = (await platform.call('GET', '/api/core/v0/backend-health', { token: limited })).body.data as Json[]
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row.project === 'shop')).toBe(true)
  })
})

describe('The probe simulation', () => {
  const settings = { enabled: true, ...probe }
  const t0 = Date.parse('2026-11-24T10:00:00Z')

  it('keeps the last results of a flaky backend, healthy while enough of its window passed', () => {
    const result = backendHealth({ host: 'flaky.example.com', port: 80 }, settings, t0, t0 + 100 * INTERVAL * 1000)
    expect(result.window).toHaveLength(HEALTH_WINDOW)
    expect(result.window).toContain(true)
    expect(result.window).toContain(false)
    const lastThree = result.window.slice(-3).filter(Boolean).length
    expect(result.healthy).toBe(lastThree >= 2)
    expect(Date.parse(result.last_change_at ?? '')).toBeLessThanOrEqual(Date.parse(result.last_check_at ?? ''))
  })

  it('gives the same answer for the same backend, settings and clock, and none with probing off', () => {
    const backend = { host: 'flaky.example.com', port: 80 }
    const now = t0 + 37 * INTERVAL * 1000 + 1
    expect(backendHealth(backend, settings, t0, now)).toEqual(backendHealth(backend, settings, t0, now))
    expect(backendHealth(backend, { ...settings, enabled: false }, t0, now)).toEqual({
      healthy: true,
      last_check_at: null,
      last_change_at: null,
      window: [],
    })
  })
})
