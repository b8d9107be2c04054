import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AuditQuery, changedKeys, redactSecrets, versionBody } from '../../src/domain/audit.ts'

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

  it('mark the fields whose values differ', () => {
    expect(changedKeys({ a: 1, b: [1], c: 'x' }, { a: 1, b: [2], d: true })).toEqual(['b', 'c', 'd'])
  })

  it('refuse a time range that ends before it starts, on from', () => {
    const result = v.safeParse(AuditQuery, { from: '2026-11-24T10:00:00Z', to: '2026-11-23T10:00:00Z' })
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.path?.[0]?.key).toBe('from')
    expect(v.safeParse(AuditQuery, { from: '', to: '', result: '' }).success).toBe(true)
  })
})
