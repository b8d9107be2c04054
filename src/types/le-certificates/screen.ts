import { type Draft, type Option, type ResourceUi, TIME_COLUMN_WIDTH } from '../../domain/resource-ui.ts'
import {
  ACME_CAS,
  ACME_CHALLENGES,
  CERTIFICATE_STATUSES,
  type CertificateStatus,
  certificateAttention,
  KEY_TYPES,
  LeCertificateFields,
  RENEW_BEFORE_DAYS,
} from './fields.ts'

export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  pending_validation: 'Pending validation',
  issuing: 'Issuing',
  active: 'Active',
  renewing: 'Renewing',
  failed: 'Failed',
  expired: 'Expired',
}
const statusOptions: Option[] = CERTIFICATE_STATUSES.map((value) => ({
  value,
  label: CERTIFICATE_STATUS_LABELS[value],
}))
const KEY_LABELS: Record<(typeof KEY_TYPES)[number], string> = {
  ecdsa_p256: 'ECDSA P-256 (recommended)',
  rsa_2048: 'RSA 2048',
  rsa_4096: 'RSA 4096',
}
const CA_LABELS: Record<(typeof ACME_CAS)[number], string> = {
  letsencrypt: "Let's Encrypt",
  letsencrypt_staging: "Let's Encrypt staging (untrusted, for tests)",
}

const statusOf = (record: Draft) => record.status as CertificateStatus | undefined

export const leCertificatesUi: ResourceUi = {
  notEnforced: () => ['a certificate (Varnish Cache does not terminate TLS, so it serves none)'],
  type: 'le-cert',
  service: 'acme',
  route: 'managed-certificates',
  title: 'LE Certificates',
  one: 'LE certificate',
  fields: LeCertificateFields,
  // The spec gives certificates no edit page: created, renewed, deleted; the renewal settings change on the detail.
  editable: false,
  columns: [
    { path: 'domains', label: 'Domains', format: 'list', width: '24%' },
    { path: 'status', label: 'Status', format: 'label', options: statusOptions },
    { path: 'not_after', label: 'Expires', width: TIME_COLUMN_WIDTH },
    { path: 'auto_renew', label: 'Auto-renew', format: 'boolean' },
  ],
  attention: (record, now) => {
    const status = statusOf(record)
    if (status === 'pending_validation' || status === 'issuing') return { tone: 'info', text: 'Being issued' }
    if (status === 'renewing') return { tone: 'info', text: 'Renewing' }
    if (!status) return null
    return certificateAttention(
      { status, not_after: (record.not_after as string | null) ?? null },
      {
        auto_renew: record.auto_renew !== false,
        renew_before_days: Number(record.renew_before_days ?? RENEW_BEFORE_DAYS.default),
      },
      now,
    )
  },
  summary: (record) => {
    const status = statusOf(record)
    const error = record.last_error as { at: string; message: string } | null | undefined
    return [
      { label: 'Status', value: status ? CERTIFICATE_STATUS_LABELS[status] : '—' },
      ...(error ? [{ label: 'Last error', value: `${error.message} (${error.at})` }] : []),
    ]
  },
  sections: [
    {
      title: 'Certificate',
      fields: [
        {
          kind: 'strings',
          path: 'domains',
          label: 'Domains',
          itemLabel: 'domain',
          placeholder: 'shop.example.com',
          wide: true,
          help: 'Each must be served by a website of this project. A wildcard (*.example.com) needs the DNS challenge.',
        },
        {
          kind: 'select',
          path: 'challenge',
          label: 'Challenge',
          options: ACME_CHALLENGES.map((value) => ({
            value,
            label: value === 'http-01' ? 'HTTP (http-01)' : 'DNS (dns-01)',
          })),
        },
        {
          kind: 'select',
          path: 'key_type',
          label: 'Key type',
          options: KEY_TYPES.map((value) => ({ value, label: KEY_LABELS[value] })),
        },
        {
          kind: 'select',
          path: 'ca',
          label: 'Certificate authority',
          options: ACME_CAS.map((value) => ({ value, label: CA_LABELS[value] })),
        },
      ],
    },
    {
      title: 'Renewal',
      fields: [
        { kind: 'boolean', path: 'auto_renew', label: 'Renew automatically' },
        {
          kind: 'number',
          path: 'renew_before_days',
          label: 'Renew before expiry',
          unit: 'days',
          min: RENEW_BEFORE_DAYS.min,
          max: RENEW_BEFORE_DAYS.max,
        },
        { kind: 'text', path: 'next_renewal_at', label: 'Next renewal', readOnly: true },
      ],
    },
    {
      title: 'Issued certificate',
      fields: [
        { kind: 'select', path: 'status', label: 'Status', options: statusOptions, readOnly: true },
        { kind: 'text', path: 'not_before', label: 'Valid from', readOnly: true },
        { kind: 'text', path: 'not_after', label: 'Valid until', readOnly: true },
        { kind: 'text', path: 'issuer', label: 'Issuer', readOnly: true },
        { kind: 'text', path: 'serial', label: 'Serial number', readOnly: true },
      ],
    },
  ],
}
