import { describe, expect, it } from 'vitest'
import { ResponseCache } from '../../server/resources/response-cache.ts'

describe("the API's response cache", () => {
  it('holds at most its room in characters of bodies, whatever the number of entries', () => {
    const cache = new ResponseCache(2000, 1000, 400)
    for (let page = 0; page < 20; page += 1) cache.set('websites|bulk', `page=${page}`, { body: 'x'.repeat(300) }, 's1')
    expect(cache.usage.characters).toBeLessThanOrEqual(1000)
    // The last page asked is still there.
    expect(cache.get('websites|bulk', 'page=19', 's1')?.body).toHaveLength(300)
  })

  it('does not hold a body larger than its limit for one', () => {
    const cache = new ResponseCache(2000, 1000, 400)
    cache.set('websites|bulk', 'items=10000', { body: 'x'.repeat(500) }, 's1')
    expect(cache.get('websites|bulk', 'items=10000', 's1')).toBeUndefined()
    expect(cache.usage).toEqual({ entries: 0, characters: 0 })
  })

  it('counts a replaced entry and a dropped group out', () => {
    const cache = new ResponseCache(2000, 1000, 400)
    cache.set('a|p', 'k', { body: 'x'.repeat(100) }, 's1')
    cache.set('a|p', 'k', { body: 'x'.repeat(50) }, 's1')
    cache.set('b|p', 'k', { body: 'x'.repeat(70) }, 's1')
    expect(cache.usage).toEqual({ entries: 2, characters: 120 })
    cache.invalidate('a|p')
    expect(cache.usage).toEqual({ entries: 1, characters: 70 })
    // A newer stamp of the group drops what it held.
    expect(cache.get('b|p', 'k', 's2')).toBeUndefined()
    expect(cache.usage).toEqual({ entries: 0, characters: 0 })
  })
})
