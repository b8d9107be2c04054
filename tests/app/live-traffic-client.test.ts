import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { createApi } from '../../src/api/http.ts'
import { liveTrafficMachineFor } from '../../src/app/live-traffic.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

/**
 * The live traffic machine over the real client, its stream refused with `status` and the platform's
 * message: what it says, whether it will try again by itself, and the messages of the 401s the client
 * passed on to the session.
 */
async function refusedWith(status: number, message: string) {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ message, errors: [] }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  )
  const unauthorized: string[] = []
  const api = createApi({ getToken: () => 'secret', onUnauthorized: (said) => unauthorized.push(said) })
  const actor = createActor(liveTrafficMachineFor(api, 'shop', 'shop-example-com')).start()
  actor.send({ type: 'traffic.open' })
  const stopped = await waitFor(actor, (snapshot) => snapshot.hasTag('broken') || snapshot.hasTag('refused'))
  actor.stop()
  return { error: stopped.context.error, retrying: stopped.hasTag('broken'), unauthorized }
}

describe('live traffic over the real client', () => {
  it('says the platform’s words when it refuses the stream, not only the status', async () => {
    expect((await refusedWith(403, 'missing permission wadp.websites.logs')).error).toBe(
      'Live traffic is unavailable: missing permission wadp.websites.logs',
    )
    expect((await refusedWith(500, 'the traffic relay is restarting')).error).toBe(
      'Live traffic is unavailable: the traffic relay is restarting',
    )
  })

  it('tries again by itself only when asking again can help: not after a 401, 403 or 404', async () => {
    expect((await refusedWith(403, 'missing permission wadp.websites.logs')).retrying).toBe(false)
    expect((await refusedWith(404, 'website shop-example-com not found')).retrying).toBe(false)
    expect((await refusedWith(401, 'token expired')).retrying).toBe(false)
    expect((await refusedWith(503, 'the platform is starting')).retrying).toBe(true)
  })

  it('hands a 401 for an expired token to the session with its message, as any other call does', async () => {
    expect((await refusedWith(401, 'token expired')).unauthorized).toEqual(['token expired'])
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
