import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { selectSyncMessage, selectSyncRows, selectSyncStatus } from '../../machines/sync-status.selectors.ts'
import { createApi } from '../../src/api/http.ts'
import { provideSyncStatus } from '../../src/app/configuration.ts'
import { SYNC_MESSAGES } from '../../src/domain/sync.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const line = (endpoint: string, status_source: string) => ({
  endpoint,
  status_source,
  updated: true,
  maintenance: false,
  available: true,
  message: null,
})

describe('the sync check over the API client', () => {
  it('reads a node kind it does not know (another implementation of the API) as the answer words it', async () => {
    const calls: string[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url)
      const details = [line('pop-fr-par-1', 'agent'), line('pop-de-fra-1', 'simulated'), line('pop-us-nyc-1', 'cloud')]
      return new Response(JSON.stringify({ data: { error: null, updated: true, finished: true, details } }), {
        headers: { 'content-type': 'application/json' },
      })
    })
    const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
    const actor = createActor(provideSyncStatus(api), { input: { kind: 'admin', autoStart: true } }).start()
    await waitFor(actor, (snapshot) => !['idle', 'loading'].includes(selectSyncStatus(snapshot)))
    expect(calls).toEqual(['/api/core/v0/admin-sync-state'])
    // Not 'Failed to retrieve synchronization status.': every node listed, the third kind's own word its source.
    expect(selectSyncStatus(actor.getSnapshot())).toBe('success')
    expect(selectSyncMessage(actor.getSnapshot())).toBe(SYNC_MESSAGES.success.admin)
    expect(selectSyncRows(actor.getSnapshot()).map((row) => [row.endpoint, row.source, row.state])).toEqual([
      ['pop-fr-par-1', 'agent', 'updated'],
      ['pop-de-fra-1', 'simulated', 'updated'],
      ['pop-us-nyc-1', 'cloud', 'updated'],
    ])
    actor.stop()
  })
})
