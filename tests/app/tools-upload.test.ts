import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApi } from '../../src/api/http.ts'
import { toolTools } from '../../src/app/tools.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const chosen = (name: string, text: string) => ({ name, text: async () => text })
const DOCUMENT = JSON.stringify({ format: 'wadp-backup', project: 'media', resources: [] })

/** The Tool section's kit over the real API client; the platform answers the upload with `answer`. */
function kit(answer: () => Response | Promise<Response>) {
  const calls: string[] = []
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url)
    return answer()
  })
  const queryClient = new QueryClient()
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries')
  const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
  return { calls, invalidated, tools: toolTools(api, queryClient, { configurationChanged: () => {} }) }
}

const refusal = (status: number, message: string) => () =>
  new Response(JSON.stringify({ message, errors: [] }), { status, headers: { 'content-type': 'application/json' } })

describe('uploading a backup names the file the user chose when it fails', () => {
  it('says the platform’s refusal of a damaged document, a document too large or one of no use here', async () => {
    for (const [status, message] of [
      [400, 'the file is not a backup document downloaded from this console'],
      [400, 'the backup document was changed after it was downloaded: its sha256 does not match'],
      [503, 'the platform is unavailable for a moment (its database cannot be reached); try again shortly'],
    ] as const) {
      const { calls, tools } = kit(refusal(status, message))
      await expect(tools.backups.upload('shop', chosen('shop-2026.json', DOCUMENT))).rejects.toThrow(
        `“shop-2026.json” could not be uploaded: ${message}.`,
      )
      expect(calls).toEqual(['/api/core/v0/projects/shop/backups/import'])
    }
    // Too large: the platform's bytes, said as what they mean.
    const { tools } = kit(refusal(413, 'request body larger than 33554432 bytes'))
    await expect(tools.backups.upload('shop', chosen('shop-2026.json', DOCUMENT))).rejects.toThrow(
      '“shop-2026.json” could not be uploaded: it is larger than the platform takes (request body larger than 33554432 bytes).',
    )
  })

  it('says so, sending nothing, of a file that holds no JSON', async () => {
    const { calls, tools } = kit(refusal(500, 'never asked'))
    await expect(tools.backups.upload('shop', chosen('notes.txt', 'hello'))).rejects.toThrow(
      '“notes.txt” could not be uploaded: it does not hold JSON, so it is not a backup document.',
    )
    expect(calls).toEqual([])
  })

  it('does not say it was not uploaded when no answer came: it may have been, and the list is read again', async () => {
    const { invalidated, tools } = kit(() => {
      throw new TypeError('fetch failed')
    })
    await expect(tools.backups.upload('shop', chosen('shop-2026.json', DOCUMENT))).rejects.toThrow(
      'The platform could not be reached. “shop-2026.json” may have been uploaded all the same: the list below shows it if it was.',
    )
    expect(invalidated).toHaveBeenCalledOnce()
  })
})
