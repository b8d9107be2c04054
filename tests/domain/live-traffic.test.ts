import { describe, expect, it } from 'vitest'
import { parseNcsaLine } from '../../server/edge/traffic-tap.ts'
import { evenSample, redactQuery } from '../../src/domain/live-traffic.ts'

describe('what live traffic never shows (issue 24)', () => {
  it('replaces the values of query parameters named like credentials, and values shaped like them', () => {
    expect(redactQuery('page=2&q=red+shoes&sort=price')).toBe('page=2&q=red+shoes&sort=price')
    expect(redactQuery('access_token=abc&api-key=k1&password=hunter2&X-Amz-Signature=ff&sessionid=9')).toBe(
      'access_token=REDACTED&api-key=REDACTED&password=REDACTED&X-Amz-Signature=REDACTED&sessionid=REDACTED',
    )
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig'
    expect(redactQuery(`next=/cart&t=${jwt}&id=${'a1B2'.repeat(10)}`)).toBe('next=/cart&t=REDACTED&id=REDACTED')
    // Names that merely contain a short word are left alone: a monkey is no key, a zipcode no code.
    expect(redactQuery('monkey=1&zipcode=75001&code=abc')).toBe('monkey=1&zipcode=75001&code=REDACTED')
    expect(redactQuery('')).toBe('')
  })

  it('reads varnishncsa’s JSON lines: cache result, bytes, time to first byte, host without port', () => {
    const at = new Date('2026-11-26T11:00:00.000Z')
    const raw =
      '{"method":"GET","host":"Shop.Example.com:6081","path":"/a","query":"?token=x&p=1","status":"200","bytes":"-","handling":"hit","ttfb":"0.000412"}'
    expect(parseNcsaLine(raw, at)).toEqual({
      at: at.toISOString(),
      host: 'shop.example.com',
      method: 'GET',
      path: '/a',
      query: 'token=REDACTED&p=1',
      status: 200,
      cache: 'hit',
      bytes: 0,
      duration_ms: 0.412,
      client_country: null,
    })
    expect(parseNcsaLine('not json', at)).toBeNull()
    expect(parseNcsaLine(raw.replace('"200"', '"-"'), at)).toBeNull()
  })

  it('samples a busy moment evenly, keeping the order', () => {
    expect(evenSample([1, 2, 3], 5)).toEqual([1, 2, 3])
    expect(evenSample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 5)).toEqual([0, 2, 4, 6, 8])
  })
})
