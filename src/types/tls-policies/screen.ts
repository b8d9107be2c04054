import { TLS_PROTOCOLS } from '../../domain/field-rules.ts'
import { capitalisedOptions, type Draft, type Option, plainOptions, type ResourceUi } from '../../domain/resource-ui.ts'
import { ALPN_PROTOCOLS, CIPHER_PROFILES, CLIENT_AUTH_MODES, TlsPolicyFields } from './fields.ts'

const PROFILE_LABELS: Record<(typeof CIPHER_PROFILES)[number], string> = {
  modern: 'Modern (TLS 1.3 clients only)',
  intermediate: 'Intermediate (recommended)',
  old: 'Old (legacy clients)',
  custom: 'Custom',
}
const profileOptions: Option[] = CIPHER_PROFILES.map((value) => ({ value, label: PROFILE_LABELS[value] }))
const hstsOn = (values: Draft) => (values.hsts as Draft | undefined)?.enabled === true
const clientAuthOn = (values: Draft) => ((values.client_auth as Draft | undefined)?.mode ?? 'off') !== 'off'

export const tlsPoliciesUi: ResourceUi = {
  notEnforced: () => ['a TLS policy (Varnish Cache does not terminate TLS)'],
  type: 'sslpolicies',
  service: 'core',
  route: 'ssl-policies',
  title: 'TLS Policies',
  one: 'TLS policy',
  fields: TlsPolicyFields,
  columns: [
    { path: 'min_version', label: 'Minimum', sortable: true },
    { path: 'max_version', label: 'Maximum', sortable: true },
    { path: 'cipher_profile', label: 'Ciphers', format: 'label', options: profileOptions, sortable: true },
    { path: 'hsts.enabled', label: 'HSTS', format: 'boolean', sortable: true },
  ],
  sections: [
    {
      title: 'Protocol versions',
      fields: [
        { kind: 'select', path: 'min_version', label: 'Minimum version', options: plainOptions(TLS_PROTOCOLS) },
        { kind: 'select', path: 'max_version', label: 'Maximum version', options: plainOptions(TLS_PROTOCOLS) },
        { kind: 'multiselect', path: 'alpn', label: 'ALPN protocols', options: plainOptions(ALPN_PROTOCOLS) },
        { kind: 'boolean', path: 'ocsp_stapling', label: 'OCSP stapling' },
      ],
    },
    {
      title: 'Ciphers',
      fields: [
        { kind: 'select', path: 'cipher_profile', label: 'Cipher profile', options: profileOptions },
        {
          kind: 'strings',
          path: 'custom_ciphers',
          label: 'Ciphers',
          itemLabel: 'cipher',
          placeholder: 'ECDHE-RSA-AES128-GCM-SHA256',
          wide: true,
          help: 'For TLS 1.2 and older; TLS 1.3 suites are always on.',
          when: (values) => values.cipher_profile === 'custom',
        },
      ],
    },
    {
      title: 'HTTP Strict Transport Security',
      fields: [
        { kind: 'boolean', path: 'hsts.enabled', label: 'Send HSTS' },
        { kind: 'number', path: 'hsts.max_age_s', label: 'Max age', unit: 's', min: 0, when: hstsOn },
        { kind: 'boolean', path: 'hsts.include_subdomains', label: 'Include subdomains', when: hstsOn },
        {
          kind: 'boolean',
          path: 'hsts.preload',
          label: 'Preload',
          help: 'Needs subdomains included and a max age of at least a year.',
          when: hstsOn,
        },
      ],
    },
    {
      title: 'Client certificates',
      fields: [
        {
          kind: 'select',
          path: 'client_auth.mode',
          label: 'Client authentication',
          options: capitalisedOptions(CLIENT_AUTH_MODES),
        },
        {
          kind: 'text',
          path: 'client_auth.ca_pem',
          label: 'CA certificates (PEM)',
          multiline: true,
          nullable: true,
          wide: true,
          placeholder: '-----BEGIN CERTIFICATE-----',
          when: clientAuthOn,
        },
        {
          kind: 'number',
          path: 'client_auth.verify_depth',
          label: 'Verify depth',
          min: 1,
          max: 10,
          when: clientAuthOn,
        },
      ],
    },
  ],
}
