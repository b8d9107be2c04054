import { describe, expect, it } from 'vitest'
import { MASK, maskSecrets } from '../../src/domain/debug.ts'

describe('maskSecrets (/debug)', () => {
  it('masks every value whose key names a token, secret, password or authorization, at any depth', () => {
    const context = {
      credentials: { token: 'abc123', authType: 'token' },
      user: { email: 'ada@example.com', password: 'hunter2' },
      headers: [{ Authorization: 'Basic eA==' }],
      oidc: { client_secret: 's3cret', refreshToken: 'r-1', ACCESS_TOKEN: 'a-1' },
      permissions: ['wadp.*.*'],
    }
    expect(maskSecrets(context)).toEqual({
      credentials: { token: MASK, authType: 'token' },
      user: { email: 'ada@example.com', password: MASK },
      headers: [{ Authorization: MASK }],
      oidc: { client_secret: MASK, refreshToken: MASK, ACCESS_TOKEN: MASK },
      permissions: ['wadp.*.*'],
    })
  })

  it('masks bearer tokens wherever they appear, and keeps an absent secret visible as absent', () => {
    expect(maskSecrets({ pasted: 'Bearer eyJhbGciOi', note: 'bearer of news' })).toEqual({
      pasted: MASK,
      note: 'bearer of news',
    })
    expect(maskSecrets({ credentials: null, token: null, secret: '' })).toEqual({
      credentials: null,
      token: null,
      secret: '',
    })
  })

  it('leaves the original untouched and gives JSON for functions, dates, errors, maps, sets and cycles', () => {
    const original = { token: 'keep-me', nested: { password: 'p' } }
    maskSecrets(original)
    expect(original).toEqual({ token: 'keep-me', nested: { password: 'p' } })

    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic
    const shared = { a: 1 }
    const masked = maskSecrets({
      now: () => 1,
      at: new Date(Date.UTC(2030, 0, 1)),
      failure: new Error('boom'),
      byName: new Map([['x', { secret: 'y' }]]),
      names: new Set(['a']),
      cyclic,
      twice: [shared, shared],
      child: { id: 'search', sessionId: 'x:1', send: () => {} },
    })
    expect(masked).toEqual({
      now: '[function]',
      at: '2030-01-01T00:00:00.000Z',
      failure: { error: 'boom' },
      byName: { x: { secret: MASK } },
      names: ['a'],
      cyclic: { name: 'loop', self: '[circular]' },
      twice: [{ a: 1 }, { a: 1 }],
      child: '[actor search]',
    })
    expect(() => JSON.stringify(masked)).not.toThrow()
  })
})
