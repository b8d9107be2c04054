import type { FieldSpec, ResourceUi } from '../../domain/resource-ui.ts'
import type { WebsiteData } from './fields.ts'
import { DefaultRules, WebsiteFields } from './fields.ts'
import { websiteNotEnforced } from './not-enforced.ts'

/** The website's options (default_rules switches), in the order the form and the summary list them. */
export const WEBSITE_OPTIONS = [
  { path: 'trust_x_forwarded_for', label: 'Trust X-Forwarded-For' },
  { path: 'streaming_enabled', label: 'Streaming' },
  { path: 'retry_on_5xx_error', label: 'Retry on 5xx errors' },
  { path: 'debug_mode', label: 'Debug mode' },
  { path: 'api_path_enabled', label: 'API path' },
  { path: 'geoip_lookup_country_enabled', label: 'GeoIP country lookup' },
  { path: 'geoip_lookup_continent_enabled', label: 'GeoIP continent lookup' },
  { path: 'hsts_enabled', label: 'HSTS' },
] as const

/** The custom VCL hooks of a website, each naming a VCL snippet; a label is the hook's VCL name. */
export const WEBSITE_VCL_HOOKS = [
  { path: 'custom_vcl_recv', label: 'vcl_recv' },
  { path: 'custom_vcl_synth', label: 'vcl_synth' },
  { path: 'custom_vcl_backend_fetch', label: 'vcl_backend_fetch' },
  { path: 'custom_vcl_backend_response', label: 'vcl_backend_response' },
  { path: 'custom_vcl_deliver', label: 'vcl_deliver' },
] as const

const NO_SELECTION = 'No selection'

// Checked at load: every option and hook above is a field of the schema's default_rules.
for (const { path } of [...WEBSITE_OPTIONS, ...WEBSITE_VCL_HOOKS]) {
  if (!(path in DefaultRules.entries)) throw new Error(`websites: default_rules has no ${path}`)
}

const optionFields: FieldSpec[] = WEBSITE_OPTIONS.flatMap(({ path, label }): FieldSpec[] => {
  const field: FieldSpec = { kind: 'boolean', path: `default_rules.${path}`, label }
  if (path !== 'api_path_enabled') return [field]
  return [
    field,
    {
      kind: 'text',
      path: 'default_rules.api_path',
      label: 'API path prefix',
      help: 'Requests under this path are treated as API calls.',
      when: (values) => (values.default_rules as { api_path_enabled?: boolean } | undefined)?.api_path_enabled === true,
    },
  ]
})

export const websitesUi: ResourceUi = {
  notEnforced: (record) => websiteNotEnforced(record as unknown as WebsiteData),
  type: 'websites',
  service: 'core',
  route: 'websites',
  title: 'Websites',
  one: 'website',
  fields: WebsiteFields,
  columns: [
    { path: 'domain_name', label: 'Domain', sortable: true, width: '26%' },
    { path: 'domain_aliases', label: 'Aliases', format: 'count', width: '5.5rem' },
    { path: 'default_director', label: 'Director', format: 'reference', reference: 'directors', sortable: true },
  ],
  sections: [
    {
      title: 'Domains and origin',
      fields: [
        { kind: 'text', path: 'domain_name', label: 'Domain name', placeholder: 'shop.example.com' },
        {
          kind: 'strings',
          path: 'domain_aliases',
          label: 'Domain aliases',
          itemLabel: 'alias',
          placeholder: 'www.example.com',
        },
        { kind: 'reference', path: 'default_director', label: 'Default director', type: 'directors' },
      ],
    },
    {
      title: 'Policies and rules',
      fields: [
        { kind: 'reference', path: 'ssl_policies', label: 'TLS policies', type: 'sslpolicies', multiple: true },
        { kind: 'reference', path: 'rate_limits', label: 'Rate limits', type: 'ratelimits', multiple: true },
        { kind: 'reference', path: 'challenges', label: 'Captchas', type: 'challenges', multiple: true },
        {
          kind: 'reference',
          path: 'page_rules',
          label: 'Page rules',
          type: 'pagerules',
          multiple: true,
          help: "This website's own page rules.",
          // A page rule belongs to one website: the server refuses another's.
          where: { field: 'website', valueAt: 'name' },
        },
      ],
    },
    { title: 'Options', fields: optionFields },
    {
      title: 'Cache',
      fields: [
        { kind: 'number', path: 'cache.default_ttl_s', label: 'Default TTL', unit: 's', min: 0, max: 31_536_000 },
        { kind: 'boolean', path: 'cache.redirect_http_to_https', label: 'Redirect HTTP to HTTPS' },
      ],
    },
    {
      title: 'Custom VCL',
      description: 'A VCL snippet to run in each hook of this website. Each hook offers the snippets written for it.',
      fields: WEBSITE_VCL_HOOKS.map(({ path, label }) => ({
        kind: 'reference' as const,
        path: `default_rules.${path}`,
        label,
        type: 'codesnippets',
        nullable: true,
        // A snippet is written for one hook: the server refuses it in another.
        where: { field: 'hook', value: label },
      })),
    },
  ],
  // Spec section 3: which custom VCL hooks are set (or 'No selection') and which options are on. What
  // protects it, each with where it comes from, is every detail page's (src/types/protection.ts).
  summary: (record) => {
    const rules = (record.default_rules ?? {}) as Record<string, unknown>
    const hooks = WEBSITE_VCL_HOOKS.filter(({ path }) => rules[path]).map(({ label }) => label)
    const options = WEBSITE_OPTIONS.filter(({ path }) => rules[path] === true).map(({ label }) => label)
    return [
      { label: 'Custom VCL hooks', value: hooks.length > 0 ? hooks.join(', ') : NO_SELECTION },
      { label: 'Options on', value: options.length > 0 ? options.join(', ') : NO_SELECTION },
    ]
  },
}
