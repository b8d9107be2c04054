import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { createApi } from '../../src/api/http.ts'
import { liveTrafficMachineFor } from '../../src/app/live-traffic.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** The live traffic machine over the real client, its stream refused with `status` and the platform's message. */
async function refusedWith(status: number, message: string) {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ message, errors: [] }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  )
  const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
  const actor = createActor(liveTrafficMachineFor(api, 'shop', 'shop-example-com')).start()
  actor.send({ type: 'traffic.open' })
  const broken = await waitFor(actor, (snapshot) => snapshot.hasTag('broken'))
  actor.stop()
  return broken.context.error
}

describe('live traffic over the real client', () => {
  it('says the platform’s words when it refuses the stream, not only the status', async () => {
    expect(await refusedWith(403, 'missing permission wadp.websites.logs')).toBe(
      'Live traffic is unavailable: missing permission wadp.websites.logs',
    )
    expect(await refusedWith(500, 'the traffic relay is restarting')).toBe(
      'Live traffic is unavailable: the traffic relay is restarting',
    )
  })

  it('falls back to the status when the refusal has no message it can read', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 500 }))
    const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
    const actor = createActor(liveTrafficMachineFor(api, 'shop', 'shop-example-com')).start()
    actor.send({ type: 'traffic.open' })
    const broken = await waitFor(actor, (snapshot) => snapshot.hasTag('broken'))
    actor.stop()
    expect(broken.context.error).toMatch(/^Live traffic is unavailable: 500/)
  })
})
