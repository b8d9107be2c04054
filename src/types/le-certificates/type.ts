import type { TypeEntry } from '../../domain/type-entry.ts'

export const leCertificatesType: TypeEntry = {
  type: 'le-cert',
  route: 'managed-certificates',
  label: 'LE Certificates',
  scope: 'project',
  service: 'acme',
  operated: true,
  nav: { section: 'crypto' },
}
