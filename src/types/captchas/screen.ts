import type { Draft, Option, ResourceUi } from '../../domain/resource-ui.ts'
import { CAPTCHA_TYPES, CaptchaFields, usesProviderKeys } from './fields.ts'

const TYPE_LABELS: Record<(typeof CAPTCHA_TYPES)[number], string> = {
  js_pow: 'JavaScript proof of work',
  captcha: 'Image captcha',
  turnstile: 'Cloudflare Turnstile',
  hcaptcha: 'hCaptcha',
  recaptcha_v3: 'reCAPTCHA v3',
  cookie: 'Cookie check',
}
const typeOptions: Option[] = CAPTCHA_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))
const bindingOptions: Option[] = [
  { value: 'ip', label: 'Client IP' },
  { value: 'ip_ua', label: 'Client IP and user agent' },
]
const provider = (values: Draft) => usesProviderKeys(values.type)

export const captchasUi: ResourceUi = {
  notEnforced: () => ['a captcha (Varnish nodes cannot show a challenge)'],
  type: 'challenges',
  service: 'core',
  route: 'captchas',
  title: 'Captchas',
  one: 'captcha',
  fields: CaptchaFields,
  columns: [
    { path: 'type', label: 'Type', format: 'label', options: typeOptions, sortable: true },
    { path: 'clearance_ttl_s', label: 'Clearance (s)', sortable: true },
    { path: 'exempt.iplists', label: 'Exempt IP lists', format: 'reference', reference: 'iplists' },
  ],
  sections: [
    {
      title: 'Challenge',
      fields: [
        { kind: 'select', path: 'type', label: 'Type', options: typeOptions },
        {
          kind: 'text',
          path: 'site_key',
          label: 'Site key',
          nullable: true,
          help: 'From your account with the provider; it is public.',
          when: provider,
        },
        {
          kind: 'secret',
          path: 'secret',
          setPath: 'secret_set',
          label: 'Secret',
          help: 'From your account with the provider. It is never shown again.',
          when: provider,
        },
        {
          kind: 'number',
          path: 'min_score',
          label: 'Minimum score',
          min: 0,
          max: 1,
          help: 'From 0 (likely a bot) to 1 (likely a person).',
          when: (values) => values.type === 'recaptcha_v3',
        },
      ],
    },
    {
      title: 'Clearance',
      fields: [
        {
          kind: 'number',
          path: 'clearance_ttl_s',
          label: 'Clearance lasts',
          unit: 's',
          min: 300,
          max: 86_400,
          help: 'How long a solved challenge lets the visitor through.',
        },
        { kind: 'number', path: 'solve_timeout_s', label: 'Time to solve', unit: 's', min: 10, max: 600 },
        { kind: 'select', path: 'bind_clearance_to', label: 'Clearance bound to', options: bindingOptions },
      ],
    },
    {
      title: 'Exemptions',
      description: 'Requests that match any of these are never challenged.',
      fields: [
        {
          kind: 'reference',
          path: 'exempt.iplists',
          label: 'IP lists',
          type: 'iplists',
          multiple: true,
          wide: true,
        },
        { kind: 'strings', path: 'exempt.paths', label: 'Paths', itemLabel: 'path', placeholder: '/healthz' },
        {
          kind: 'strings',
          path: 'exempt.user_agents',
          label: 'User agents',
          itemLabel: 'user agent',
          placeholder: 'UptimeRobot',
          help: 'A request whose user agent contains one of these.',
        },
      ],
    },
  ],
}
