import { describe, expect, it } from 'vitest'
import { withArticle } from '../../src/domain/articles.ts'

describe('a noun with its article', () => {
  it('says an access token, an IP list, an LE certificate, an SSO mapping, a VCL snippet and a user', () => {
    expect(withArticle('access token')).toBe('an access token')
    expect(withArticle('IP list')).toBe('an IP list')
    expect(withArticle('LE certificate')).toBe('an LE certificate')
    expect(withArticle('SSO group/role mapping')).toBe('an SSO group/role mapping')
    expect(withArticle('organization')).toBe('an organization')
    expect(withArticle('VCL snippet')).toBe('a VCL snippet')
    expect(withArticle('WAF policy')).toBe('a WAF policy')
    expect(withArticle('TLS policy')).toBe('a TLS policy')
    expect(withArticle('user')).toBe('a user')
    expect(withArticle('website')).toBe('a website')
  })
})
