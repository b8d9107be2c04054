import { resourceExample } from '../../domain/resource-example.ts'
import { TlsPolicyFields } from './fields.ts'

/** TLS 1.3 only, HSTS preloaded (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(TlsPolicyFields, {
  create: {
    name: 'strict-tls',
    display_name: 'Strict TLS',
    min_version: 'TLSv1.3',
    cipher_profile: 'modern',
    hsts: { enabled: true, max_age_s: 63_072_000, include_subdomains: true, preload: true },
  },
  update: {
    alpn: ['h2'],
  },
})
