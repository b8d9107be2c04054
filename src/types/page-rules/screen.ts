import { HTTP_METHODS } from '../../domain/field-rules.ts'
import { type Draft, type Option, plainOptions, type ResourceUi } from '../../domain/resource-ui.ts'
import { CACHE_MODES, HEADER_OPS, MATCH_TYPES, PageRuleFields, REDIRECT_STATUSES } from './fields.ts'

export const ACTION_LABELS: readonly Option[] = [
  { value: 'cache', label: 'Cache' },
  { value: 'redirect', label: 'Redirect' },
  { value: 'director', label: 'Director override' },
  { value: 'synthetic', label: 'Synthetic response' },
]
const CACHE_MODE_LABELS: Record<(typeof CACHE_MODES)[number], string> = {
  bypass: 'Bypass',
  standard: 'Standard',
  cache_everything: 'Cache everything',
}
const actionIs = (kind: string) => (values: Draft) => (values.action as { kind?: string } | undefined)?.kind === kind

const headerFields = [
  { kind: 'select' as const, path: 'op', label: 'Operation', options: plainOptions(HEADER_OPS) },
  { kind: 'text' as const, path: 'name', label: 'Header', placeholder: 'X-Cache' },
  { kind: 'text' as const, path: 'value', label: 'Value' },
]
const newHeader = (): Draft => ({ op: 'set', name: '', value: '' })

export const pageRulesUi: ResourceUi = {
  type: 'pagerules',
  service: 'core',
  route: 'page-rules',
  title: 'Page Rules',
  one: 'page rule',
  fields: PageRuleFields,
  newDraft: () => ({
    action: { kind: 'cache', mode: 'standard', edge_ttl_s: 3600, browser_ttl_s: 0, ignore_query: false },
  }),
  columns: [
    { path: 'website', label: 'Website', format: 'reference', reference: 'websites', sortable: true },
    { path: 'priority', label: 'Priority', sortable: true },
    { path: 'match.path', label: 'Path', sortable: true },
    { path: 'action.kind', label: 'Action', format: 'label', options: ACTION_LABELS, sortable: true },
    { path: 'enabled', label: 'Enabled', format: 'boolean', sortable: true },
  ],
  sections: [
    {
      title: 'Rule',
      fields: [
        { kind: 'reference', path: 'website', label: 'Website', type: 'websites', owner: true },
        {
          kind: 'number',
          path: 'priority',
          label: 'Priority',
          min: 1,
          max: 1000,
          help: 'Lower runs first; unique among the website’s rules.',
        },
        { kind: 'boolean', path: 'enabled', label: 'Enabled' },
      ],
    },
    {
      title: 'Match',
      fields: [
        { kind: 'text', path: 'match.path', label: 'Path', placeholder: '/images/*' },
        { kind: 'select', path: 'match.match_type', label: 'Match type', options: plainOptions(MATCH_TYPES) },
        {
          kind: 'multiselect',
          path: 'match.methods',
          label: 'Methods',
          options: plainOptions(HTTP_METHODS),
          help: 'None: every method.',
        },
        {
          kind: 'strings',
          path: 'match.hosts',
          label: 'Hosts',
          itemLabel: 'host',
          placeholder: 'shop.example.com',
          help: 'None: every domain of the website.',
        },
      ],
    },
    {
      title: 'Action',
      fields: [
        { kind: 'select', path: 'action.kind', label: 'Action', options: ACTION_LABELS },
        {
          kind: 'select',
          path: 'action.mode',
          label: 'Cache mode',
          options: CACHE_MODES.map((mode) => ({ value: mode, label: CACHE_MODE_LABELS[mode] })),
          when: actionIs('cache'),
        },
        { kind: 'number', path: 'action.edge_ttl_s', label: 'Edge TTL', unit: 's', min: 0, when: actionIs('cache') },
        {
          kind: 'number',
          path: 'action.browser_ttl_s',
          label: 'Browser TTL',
          unit: 's',
          min: 0,
          when: actionIs('cache'),
        },
        { kind: 'boolean', path: 'action.ignore_query', label: 'Ignore the query string', when: actionIs('cache') },
        {
          kind: 'text',
          path: 'action.target',
          label: 'Redirect to',
          placeholder: 'https://www.example.com/new',
          when: actionIs('redirect'),
        },
        {
          kind: 'select',
          path: 'action.status',
          label: 'Status',
          options: plainOptions(REDIRECT_STATUSES),
          when: actionIs('redirect'),
        },
        { kind: 'boolean', path: 'action.preserve_query', label: 'Keep the query string', when: actionIs('redirect') },
        {
          kind: 'reference',
          path: 'action.director',
          label: 'Director',
          type: 'directors',
          when: actionIs('director'),
        },
        {
          kind: 'reference',
          path: 'action.synthetic',
          label: 'Synthetic response',
          type: 'synthetics',
          when: actionIs('synthetic'),
        },
      ],
    },
    {
      title: 'Headers',
      fields: [
        {
          kind: 'records',
          path: 'request_headers',
          label: 'Request headers',
          itemLabel: 'request header',
          wide: true,
          max: 100,
          fields: headerFields,
          newItem: newHeader,
        },
        {
          kind: 'records',
          path: 'response_headers',
          label: 'Response headers',
          itemLabel: 'response header',
          wide: true,
          max: 100,
          fields: headerFields,
          newItem: newHeader,
        },
      ],
    },
  ],
}
