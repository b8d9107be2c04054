/**
 * A cached answer is never one computed from what a change then replaced: the change drops the type's
 * cached answers, and an answer whose computing had started before it is not kept afterwards (with
 * PGlite, one process, the database's stamp of generations is always '': only the cache's own version
 * of the group tells the two apart).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setUpPlatform } from './support.ts'

const platform = setUpPlatform()
const director = '/api/core/v0/projects/shop/directors/api-origin'

afterEach(() => {
  vi.restoreAllMocks()
})

const displayName = async () => (await platform.call('GET', director)).body.data.display_name as string

describe("a resource's cached answer", () => {
  it('is not one read before a change that landed while it was being made', async () => {
    const service = platform.server.ctx.resources
    const derived = service.derived.bind(service)
    let changed: { status: number } | undefined
    // The GET below has read the director; before its answer is stored, a change of its name commits.
    vi.spyOn(service, 'derived').mockImplementationOnce(async (definition, records) => {
      changed = await platform.call('PATCH', director, {
        body: { display_name: 'Renamed meanwhile' },
        headers: { 'if-match': '*' },
      })
      return derived(definition, records)
    })
    const before = await displayName()
    expect(changed?.status).toBe(200)
    expect(before).not.toBe('Renamed meanwhile')
    // The next read shows the change, not the answer made from what it replaced.
    expect(await displayName()).toBe('Renamed meanwhile')
  })
})
