import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { TlsPolicyFields } from '../../src/types/tls-policies/fields.ts'
import { setUpPlatform } from './support.ts'

const platform = setUpPlatform({ syncDelay: '60000' })
const base = '/api/core/v0/projects/shop'

describe('TLS policies', () => {
  it('are created with every default of their schema', async () => {
    const created = await platform.call('POST', `${base}/sslpolicies`, { body: { name: 'api-tls' } })
    expect(created.status).toBe(201)
    // Every default of the schema, which tests/domain/configuration-schemas.test.ts holds to RESOURCES.md.
    expect(created.body.data).toMatchObject(v.parse(TlsPolicyFields, {}))
  })

  it('refuses a maximum below the minimum and client authentication without a PEM CA, on their fields', async () => {
    const res = await platform.call('POST', `${base}/sslpolicies`, {
      body: {
        name: 'bad-tls',
        min_version: 'TLSv1.3',
        max_version: 'TLSv1.2',
        client_auth: { mode: 'required', ca_pem: 'not a certificate' },
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'client_auth.ca_pem', message: 'must be the CA certificates in PEM (-----BEGIN CERTIFICATE----- …)' },
      ]),
    )
    const versions = await platform.call('POST', `${base}/sslpolicies`, {
      body: { name: 'bad-tls', min_version: 'TLSv1.3', max_version: 'TLSv1.2' },
    })
    expect(versions.body.errors).toEqual([{ field: 'max_version', message: 'must not be below the minimum version' }])
  })

  it('is a real reference of a website: a missing one is refused, a used one kept', async () => {
    const site = await platform.call('GET', `${base}/websites/shop-example-com`)
    expect(site.body.data.ssl_policies).toEqual(['storefront-tls'])
    const missing = await platform.call('PATCH', `${base}/websites/shop-example-com`, {
      body: { ssl_policies: ['ghost-tls'] },
      headers: { 'if-match': site.headers.get('etag') ?? '' },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual([{ field: 'ssl_policies', message: 'TLS policy ghost-tls does not exist' }])
    const policy = await platform.call('GET', `${base}/sslpolicies/storefront-tls`)
    const busy = await platform.call('DELETE', `${base}/sslpolicies/storefront-tls`, {
      headers: { 'if-match': policy.headers.get('etag') ?? '' },
    })
    expect(busy.status).toBe(409)
    expect(busy.body.message).toBe('TLS policy storefront-tls is still used by website shop-example-com')
  })
})
