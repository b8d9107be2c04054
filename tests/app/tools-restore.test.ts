import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import { selectRestoreStep } from '../../machines/backup-restore.selectors.ts'
import { createApi } from '../../src/api/http.ts'
import { toolTools } from '../../src/app/tools.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const plan = { changes: [{ type: 'directors', name: 'origin', action: 'delete' }], plan_revision: 7 }

function kit() {
  const calls: string[] = []
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url)
    return new Response(JSON.stringify({ data: plan }), { headers: { 'content-type': 'application/json' } })
  })
  const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
  return { calls, tools: toolTools(api, new QueryClient(), { configurationChanged: () => {} }) }
}

const open = { type: 'restore.open', backup: { name: 'b-1', label: 'Nightly' } } as const

describe("the Tool section's restores", () => {
  it('keeps one restore per project, as the user left it, for the page to show again', async () => {
    const { calls, tools } = kit()
    const shop = tools.restore('shop')
    shop.send(open)
    await waitFor(shop, (snapshot) => selectRestoreStep(snapshot) === 'reviewing')
    // The page left and came back: the same restore, the plan still under review, not asked for again.
    expect(tools.restore('shop')).toBe(shop)
    expect(selectRestoreStep(tools.restore('shop').getSnapshot())).toBe('reviewing')
    expect(calls).toEqual(['/api/core/v0/projects/shop/backups/b-1/restore?dry_run=true'])
    // Another project has its own, closed.
    expect(selectRestoreStep(tools.restore('media').getSnapshot())).toBe('closed')
  })

  it('forgets every restore when the session ends: the next user starts from a closed one', async () => {
    const { tools } = kit()
    const shop = tools.restore('shop')
    shop.send(open)
    await waitFor(shop, (snapshot) => selectRestoreStep(snapshot) === 'reviewing')
    tools.forgetRestores()
    expect(shop.getSnapshot().status).toBe('stopped')
    const next = tools.restore('shop')
    expect(next).not.toBe(shop)
    expect(selectRestoreStep(next.getSnapshot())).toBe('closed')
    expect(next.getSnapshot().context.plan).toBeNull()
  })
})

describe('a restore whose answer never came', () => {
  /** The dry run answers its plan; the apply gets `apply` (an answer, or a failed connection). */
  function kitApplying(apply: () => Response) {
    vi.stubGlobal('fetch', async (url: string) =>
      url.includes('dry_run')
        ? new Response(JSON.stringify({ data: plan }), { headers: { 'content-type': 'application/json' } })
        : apply(),
    )
    const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
    return toolTools(api, new QueryClient(), { configurationChanged: () => {} })
  }
  const failedWith = async (apply: () => Response) => {
    const restore = kitApplying(apply).restore('shop')
    restore.send(open)
    await waitFor(restore, (snapshot) => selectRestoreStep(snapshot) === 'reviewing')
    restore.send({ type: 'restore.confirm' })
    await waitFor(restore, (snapshot) => snapshot.matches('reviewing') && snapshot.context.message !== null)
    return restore.getSnapshot().context
  }
  const answer = (status: number, message: string) => () =>
    new Response(JSON.stringify({ message, errors: [] }), { status, headers: { 'content-type': 'application/json' } })

  it('is unsure, not refused, when the connection dropped or the platform failed: it may have been applied', async () => {
    const dropped = await failedWith(() => {
      throw new TypeError('fetch failed')
    })
    expect(dropped).toMatchObject({ unsure: true, replanned: false, message: 'The platform could not be reached.' })
    expect((await failedWith(answer(500, 'internal error'))).unsure).toBe(true)
  })

  it('is sure that nothing was applied when the platform refused, or said it was unavailable', async () => {
    const refused = await failedWith(answer(400, 'website shop in the backup: domain taken'))
    expect(refused).toMatchObject({ unsure: false, message: 'website shop in the backup: domain taken' })
    expect((await failedWith(answer(503, 'the platform is busy'))).unsure).toBe(false)
  })
})
