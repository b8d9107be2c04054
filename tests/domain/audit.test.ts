import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  AuditQuery,
  fieldChanges,
  recordedChanges,
  redactSecrets,
  restoreChanges,
  versionBody,
} from '../../src/domain/audit.ts'

describe('audit rules', () => {
  it('redact secret-named values at any depth, keeping the rest', () => {
    expect(redactSecrets({ name: 'c', secret: 's3', nested: [{ token: 't', keep: 1 }], password: null })).toEqual({
      name: 'c',
      secret: '[redacted]',
      nested: [{ token: '[redacted]', keep: 1 }],
      password: null,
    })
  })

  it('put a version back without bookkeeping and without a redacted secret, so the stored one stays', () => {
    expect(
      versionBody({
        name: 'c',
        type: 'turnstile',
        secret: '[redacted]',
        revision: 4,
        updated_by: 'a',
        referenced_by: [],
      }),
    ).toEqual({ name: 'c', type: 'turnstile' })
    expect(versionBody(null)).toBeNull()
  })

  it('list the fields whose values differ, nested objects field by field and lists whole', () => {
    expect(
      fieldChanges({ a: 1, b: [1], c: 'x', m: { p: 1, q: 2 } }, { a: 1, b: [2], d: true, m: { p: 1, q: 3 } }),
    ).toEqual([
      { path: 'b', before: [1], after: [2] },
      { path: 'c', before: 'x', after: undefined },
      { path: 'd', before: undefined, after: true },
      { path: 'm.q', before: 2, after: 3 },
    ])
  })

  it('refuse a time range that ends before it starts, on from', () => {
    const result = v.safeParse(AuditQuery, { from: '2026-11-24T10:00:00Z', to: '2026-11-23T10:00:00Z' })
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.path?.[0]?.key).toBe('from')
    expect(v.safeParse(AuditQuery, { from: '', to: '', result: '' }).success).toBe(true)
  })

  it('show what an entry changed without the bookkeeping every write moves', () => {
    const entry = {
      changes: {
        before: { name: 'login', limit: 25, revision: 3, updated_at: '2026-11-23T10:00:00Z' },
        after: { name: 'login', limit: 10, revision: 4, updated_at: '2026-11-23T11:00:00Z' },
      },
    }
    expect(recordedChanges(entry)).toEqual([{ path: 'limit', before: 25, after: 10 }])
  })
})

describe('restoring the state before a change', () => {
  // A rate limit changed from 25 to 10 requests, a penalty added by the same change.
  const entry = {
    changes: {
      before: { name: 'login', limit: 25, match: { paths: ['/login'] }, secret: '[redacted]', revision: 3 },
      after: {
        name: 'login',
        limit: 10,
        match: { paths: ['/login'] },
        penalty_s: 60,
        secret: '[redacted]',
        revision: 4,
      },
    },
  }

  it('puts back the earlier values, and takes away what the change added', () => {
    const now = { name: 'login', limit: 10, match: { paths: ['/login'] }, penalty_s: 60, revision: 4, secret_set: true }
    expect(restoreChanges(entry, now)).toEqual([
      { path: 'limit', before: 10, after: 25 },
      { path: 'penalty_s', before: 60, after: undefined },
    ])
  })

  it('finds nothing to restore when the resource already has those values, whatever the server adds to it', () => {
    const now = {
      name: 'login',
      limit: 25,
      match: { paths: ['/login'] },
      revision: 9,
      updated_at: '2026-11-24T08:00:00Z',
      secret_set: true,
      referenced_by: [{ type: 'websites', name: 'shop', field: 'rate_limits' }],
    }
    expect(restoreChanges(entry, now)).toEqual([])
  })

  it('creates every field again for a resource that is gone, and offers nothing for an entry with no earlier state', () => {
    expect(restoreChanges(entry, null)?.map((change) => change.path)).toEqual(['limit', 'match.paths', 'name'])
    expect(restoreChanges({ changes: { before: null, after: { name: 'new' } } }, null)).toBeNull()
  })
})
