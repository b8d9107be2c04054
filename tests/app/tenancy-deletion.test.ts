/**
 * The deletion of a customer or a project over the real API client and the real machine: a deletion whose
 * outcome is unknown (no answer, a time-out, a 5xx) may have committed or may still be running on the
 * platform (it has no write deadline there), so the console says so and reads what it shows again; a
 * refusal is the platform's words alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { createApi } from '../../src/api/http.ts'
import { adminTools, MAYBE_DELETED } from '../../src/app/admin.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The customer `acme` (one project) deleted against a platform that answers its DELETE with `answer`. */
async function deleting(answer: () => Response | Promise<Response>) {
  vi.stubGlobal('fetch', async (input: string | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.url
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = new URL(url, 'http://console.test').pathname
    if (method === 'DELETE') return answer()
    if (path.endsWith('/deletion-preview'))
      return json(200, { data: { projects: ['shop'], resources: { websites: 3 }, tokens_limited_to_it: 0 } })
    return json(200, { data: { name: 'acme', revision: 4 } })
  })
  const reread = vi.fn()
  const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
  const tools = adminTools(api, { tenancyDeleted: vi.fn(), tenancyMayBeDeleted: reread })
  const actor = createActor(tools.machines.tenancyDeletion(), { input: { kind: 'customer' } }).start()
  actor.send({ type: 'deletion.choose', name: 'acme' })
  await waitFor(actor, (s) => s.matches('confirming'))
  actor.send({ type: 'deletion.type', text: 'acme' })
  actor.send({ type: 'deletion.confirm' })
  const failed = await waitFor(actor, (s) => s.matches('failed'))
  return { error: failed.context.error, reread }
}

describe('a customer’s deletion that failed', () => {
  it('says, without an answer, that it may still be under way, and reads the lists again', async () => {
    const { error, reread } = await deleting(() => Promise.reject(new TypeError('fetch failed')))
    expect(error).toBe(`The platform could not be reached. ${MAYBE_DELETED}`)
    expect(reread).toHaveBeenCalledOnce()
  })

  it('says so after a 5xx too', async () => {
    const { error, reread } = await deleting(() => json(502, { message: 'bad gateway', errors: [] }))
    expect(error).toBe(`bad gateway ${MAYBE_DELETED}`)
    expect(reread).toHaveBeenCalledOnce()
  })

  it('says only the refusal when the platform refused: nothing was deleted', async () => {
    const { error, reread } = await deleting(() =>
      json(409, { message: 'customer acme was changed (now at revision 5)', errors: [] }),
    )
    expect(error).toBe('customer acme was changed (now at revision 5)')
    expect(reread).not.toHaveBeenCalled()
  })
})
