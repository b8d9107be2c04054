import { resourceExample } from '../../domain/resource-example.ts'
import { LeCertificateFields } from './fields.ts'

/**
 * A certificate for the shop's API website, just ordered (the OpenAPI documents' examples;
 * src/domain/resource-example.ts).
 */
export const example = resourceExample(LeCertificateFields, {
  create: {
    name: 'api-cert',
    display_name: 'API certificate',
    domains: ['api.shop.example.com'],
    challenge: 'http-01',
    key_type: 'ecdsa_p256',
  },
  update: {
    renew_before_days: 21,
  },
  answer: {
    status: 'pending_validation',
    not_before: null,
    not_after: null,
    issuer: null,
    serial: null,
    last_error: null,
    next_renewal_at: null,
  },
})
