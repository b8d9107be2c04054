import { afterEach, describe, expect, it, vi } from 'vitest'

// The zone is read once per page load: each test loads the module afresh.
const load = async () => {
  vi.resetModules()
  return import('../../src/domain/time-zone.ts')
}

describe('the time zone a page says its times are in', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("names the browser's zone as Temporal gives it", async () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Paris' } })
    const { timesNote } = await load()
    expect(timesNote()).toBe('Times are local (Europe/Paris).')
  })

  it('names the zone Intl resolves where the browser has no Temporal', async () => {
    vi.stubGlobal('Temporal', undefined)
    const { localTimeZone } = await load()
    expect(localTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})
