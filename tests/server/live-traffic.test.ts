/**
 * Live traffic (issue 24): an edge agent node sends the requests it saw (its own secret only); a
 * website's stream (server-sent events, `wadp.websites.logs`) shows those made after it opened, of its
 * hosts only, with secret-looking query values redacted. Viewers do not hold the permission. Both databases.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { grants } from '../../src/domain/permissions.ts'
import { permissionsOfRoles } from '../../src/types/roles.ts'
import { openEventStream } from '../tools/event-stream.ts'
import { ContractChecker } from './contract.ts'
import { setUpPlatform } from './support.ts'

const platform = setUpPlatform()
/** Holds each event a stream sent to the schema the core document gives its kind (`LiveTrafficEvent`). */
let checker: ContractChecker
beforeAll(async () => {
  checker = await ContractChecker.load(platform.url)
})
const core = '/api/core/v0'
const NODE = 'pop-zz-live-1'
let secret = ''

const line = (host: string, path: string, query = '') => ({
  project: 'shop',
  at: new Date().toISOString(),
  host,
  method: 'GET',
  path,
  query,
  status: 200,
  cache: 'hit',
  bytes: 512,
  duration_ms: 0.4,
  client_country: null,
})

describe('live traffic', () => {
  it('streams the requests a node sent after the stream opened, of the website’s hosts only, secrets redacted', async () => {
    // Every wait for the stream ends by then, inside the test's 60 s: a stall fails saying where it stood.
    const deadline = Date.now() + 45_000
    const created = await platform.call('POST', `${core}/nodes`, {
      body: { name: NODE, hostname: 'live.edge.example.net', pop_code: 'tst', country: 'zz', kind: 'agent' },
    })
    expect(created.status).toBe(201)
    secret = created.body.data.secret as string
    const sites = await platform.call('GET', `${core}/projects/shop/websites?items=100`)
    const [site, other] = sites.body.data as { name: string; domain_name: string }[]
    if (!site || !other) throw new Error('the seed has two websites in shop')
    const send = (lines: unknown[], seen = lines.length, token = secret) =>
      platform.call('POST', `${core}/edge/nodes/${NODE}/traffic`, { token, body: { lines, seen } })

    expect((await send([line(site.domain_name, '/before')])).status).toBe(204)
    const admin = await platform.tokenFor('admin@example.com', ['wadp.*.*'])
    const stream = await openEventStream(
      `${platform.url}${core}/projects/shop/websites/${site.name}/traffic`,
      admin,
      platform.fetch,
      deadline,
    )
    expect(stream.response.status).toBe(200)
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream')
    await stream.until(() => stream.events.some((event) => event.event === 'ready'), 'the ready event')

    expect(
      (
        await send(
          [
            line(site.domain_name, '/after', 'page=2&access_token=abc123&sig=ff00&q=shoes'),
            line(other.domain_name, '/elsewhere'),
          ],
          9,
        )
      ).status,
    ).toBe(204)
    await stream.until(() => stream.events.some((event) => event.event === 'request'), 'the request event')
    await stream.close()
    expect(
      checker.eventViolations('GET', `${core}/projects/shop/websites/${site.name}/traffic`, stream.events),
    ).toEqual([])
    const requests = stream.events.filter((event) => event.event === 'request').map((event) => event.data)
    // Its id line is the request's id, as the document says.
    expect(stream.events.find((event) => event.event === 'request')?.id).toBe(requests[0]?.id)
    expect(requests).toEqual([
      expect.objectContaining({
        node: NODE,
        host: site.domain_name,
        path: '/after',
        query: 'page=2&access_token=REDACTED&sig=REDACTED&q=shoes',
        status: 200,
        cache: 'hit',
        sampled: true,
      }),
    ])
  }, 60_000)

  it('ends once its token is revoked, saying why', async () => {
    const deadline = Date.now() + 45_000
    const sites = await platform.call('GET', `${core}/projects/shop/websites?items=1`)
    const name = sites.body.data[0].name as string
    const created = await platform.call('POST', '/api/auth/v0/tokens', {
      body: { name: 'live-follower', permissions: ['wadp.websites.logs'] },
    })
    const token = created.body.data.token as string
    const stream = await openEventStream(
      `${platform.url}${core}/projects/shop/websites/${name}/traffic`,
      token,
      platform.fetch,
      deadline,
    )
    expect(stream.response.status).toBe(200)
    await stream.until(() => stream.events.some((event) => event.event === 'ready'), 'the ready event')
    const revoked = await platform.call('POST', '/api/auth/v0/tokens/live-follower/revoke', {
      headers: { 'if-match': '*' },
    })
    expect(revoked.status).toBe(200)
    await stream.until(stream.ended, 'the end of the stream')
    expect(stream.events.at(-1)).toEqual({ event: 'closed', data: { message: 'token revoked' } })
    await stream.close()
    expect(checker.eventViolations('GET', `${core}/projects/shop/websites/${name}/traffic`, stream.events)).toEqual([])
  }, 60_000)

  it('takes batches only with the node’s own secret, and refuses a malformed one with the field named', async () => {
    const refused = await platform.call('POST', `${core}/edge/nodes/${NODE}/traffic`, {
      body: { lines: [], seen: 0 },
    })
    expect(refused.status).toBe(401)
    const malformed = await platform.call('POST', `${core}/edge/nodes/${NODE}/traffic`, {
      token: secret,
      body: { lines: [{ ...line('a.example.com', '/'), status: 'ok' }], seen: 1 },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors.map((error: { field: string }) => error.field)).toContain('lines.0.status')
  })

  it('is not for viewers: wadp.websites.logs is held by admins and operators', async () => {
    const sites = await platform.call('GET', `${core}/projects/shop/websites?items=1`)
    const name = sites.body.data[0].name as string
    const viewer = await platform.tokenFor('admin@example.com', ['wadp.websites.list', 'wadp.websites.get'])
    const denied = await platform.fetch(`${core}/projects/shop/websites/${name}/traffic`, {
      headers: { authorization: `Bearer ${viewer}` },
    })
    expect(denied.status).toBe(403)
    expect(grants(permissionsOfRoles(['operator']), 'wadp.websites.logs')).toBe(true)
    expect(grants(permissionsOfRoles(['admin']), 'wadp.websites.logs')).toBe(true)
    expect(grants(permissionsOfRoles(['viewer']), 'wadp.websites.logs')).toBe(false)
  })
})
