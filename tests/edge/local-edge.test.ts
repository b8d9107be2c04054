/**
 * `WADP_EDGE=local npm start` (README, "A real edge on this machine"): the platform registers its own
 * edge agent node, `local-edge` (the name EDGE.md gives it), and runs its agent with a real varnishd.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { EdgeAgent } from '../../server/edge/agent.ts'
import { findVarnishd } from '../../server/edge/vcc.ts'
import { LOCAL_EDGE_NODE, startLocalEdge } from '../../server/local-edge.ts'
import { setUpPlatform } from '../server/support.ts'
import { edgeGet, freePort } from './support.ts'

const platform = setUpPlatform()

describe.skipIf(!findVarnishd())('the local edge node', () => {
  let agent: EdgeAgent | null = null
  let dir = ''

  afterAll(async () => {
    await agent?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('is registered as local-edge, though its name is no endpoint id, and serves through varnishd', async () => {
    dir = await mkdtemp(join(tmpdir(), 'wadp-local-edge-'))
    const listen = `127.0.0.1:${await freePort()}`
    const env = { WADP_EDGE_LISTEN: listen, WADP_EDGE_ADMIN: `127.0.0.1:${await freePort()}`, WADP_EDGE_DIR: dir }
    agent = await startLocalEdge(platform.server.ctx, platform.url, env, dir)
    expect(agent).not.toBeNull()
    const node = await platform.call('GET', `/api/core/v0/nodes/${LOCAL_EDGE_NODE}`)
    expect([node.status, node.body.data.kind]).toEqual([200, 'agent'])
    // Once it runs the platform's configuration (503 'No configuration yet' before), an unknown host is 404.
    let answer = await edgeGet(`http://${listen}`, 'nobody.example', '/')
    for (let tries = 0; answer.status === 503 && tries < 300; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      answer = await edgeGet(`http://${listen}`, 'nobody.example', '/')
    }
    expect([answer.status, answer.headers['x-served-by']]).toEqual([404, LOCAL_EDGE_NODE])
    // Anyone else is held to the rule: the name is refused through the API.
    await agent?.stop()
    agent = null
    const deleted = await platform.call('DELETE', `/api/core/v0/nodes/${LOCAL_EDGE_NODE}`, {
      headers: { 'if-match': '*' },
    })
    expect(deleted.status).toBe(204)
    const made = await platform.call('POST', '/api/core/v0/nodes', {
      body: { name: LOCAL_EDGE_NODE, hostname: 'localhost', pop_code: 'loc', country: 'zz', kind: 'agent' },
    })
    expect([made.status, made.body.errors?.[0]?.field]).toEqual([400, 'name'])
  }, 120_000)
})
