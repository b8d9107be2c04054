import type { TypeEntry } from '../../domain/type-entry.ts'

export const leCertificatesType: TypeEntry = {
  type: 'le-cert',
  param: 'managed_certificate_name',
  route: 'managed-certificates',
  label: 'LE Certificates',
  one: 'LE certificate',
  scope: 'project',
  service: 'acme',
  operated: true,
  nav: { section: 'crypto' },
  ownPages: ['detail'],
}
