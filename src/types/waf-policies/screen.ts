import { capitalisedOptions, type Option, type ResourceUi } from '../../domain/resource-ui.ts'
import {
  WAF_ACTIONS,
  WAF_CATEGORIES,
  WAF_MODES,
  WAF_OVERRIDE_ACTIONS,
  WAF_RULESETS,
  WafPolicyFields,
} from './fields.ts'

const MODE_LABELS: Record<(typeof WAF_MODES)[number], string> = {
  block: 'Block',
  detect: 'Detect only',
  off: 'Off',
}
const RULESET_LABELS: Record<(typeof WAF_RULESETS)[number], string> = {
  owasp_crs_4: 'OWASP CRS 4',
  owasp_crs_3: 'OWASP CRS 3',
}
const CATEGORY_LABELS: Record<(typeof WAF_CATEGORIES)[number], string> = {
  sqli: 'SQL injection',
  xss: 'Cross-site scripting',
  rce: 'Remote code execution',
  lfi: 'Local file inclusion',
  php: 'PHP attacks',
  java: 'Java attacks',
  scanner: 'Scanner detection',
}
const modeOptions: Option[] = WAF_MODES.map((value) => ({ value, label: MODE_LABELS[value] }))
const rulesetOptions: Option[] = WAF_RULESETS.map((value) => ({ value, label: RULESET_LABELS[value] }))

export const wafPoliciesUi: ResourceUi = {
  notEnforced: () => ["a WAF policy's rules (Varnish nodes have no WAF engine)"],
  type: 'wafconfigs',
  service: 'core',
  route: 'waf-policies',
  title: 'WAF Policies',
  one: 'WAF policy',
  fields: WafPolicyFields,
  columns: [
    { path: 'mode', label: 'Mode', format: 'label', options: modeOptions, sortable: true },
    { path: 'ruleset', label: 'Ruleset', format: 'label', options: rulesetOptions, sortable: true },
    { path: 'paranoia_level', label: 'Paranoia', sortable: true },
    { path: 'exclusions', label: 'Exclusions', format: 'count' },
  ],
  sections: [
    {
      title: 'Detection',
      fields: [
        {
          kind: 'select',
          path: 'mode',
          label: 'Mode',
          options: modeOptions,
          help: 'Detect only logs what would be blocked: start there, then block.',
        },
        { kind: 'select', path: 'ruleset', label: 'Ruleset', options: rulesetOptions },
        {
          kind: 'number',
          path: 'paranoia_level',
          label: 'Paranoia level',
          min: 1,
          max: 4,
          help: 'Higher levels catch more attacks and flag more legitimate requests.',
        },
        {
          kind: 'number',
          path: 'inbound_threshold',
          label: 'Inbound anomaly threshold',
          min: 1,
          max: 1000,
          help: 'The request score at which it is treated as an attack.',
        },
        { kind: 'number', path: 'outbound_threshold', label: 'Outbound anomaly threshold', min: 1, max: 1000 },
        {
          kind: 'number',
          path: 'request_body_limit_bytes',
          label: 'Inspected body size',
          unit: 'bytes',
          min: 1024,
          max: 134_217_728,
        },
      ],
    },
    {
      title: 'On a match',
      fields: [
        { kind: 'select', path: 'action_on_match', label: 'Action', options: capitalisedOptions(WAF_ACTIONS) },
        {
          kind: 'number',
          path: 'block_status',
          label: 'Block status',
          min: 400,
          max: 599,
          when: (values) => values.action_on_match === 'block',
        },
      ],
    },
    {
      title: 'Attack categories',
      description: 'Switch off a category only for a site where it cannot apply (no PHP, no Java).',
      fields: WAF_CATEGORIES.map((category) => ({
        kind: 'boolean' as const,
        path: `categories.${category}`,
        label: CATEGORY_LABELS[category],
      })),
    },
    {
      title: 'Rule overrides',
      fields: [
        {
          kind: 'records',
          path: 'rule_overrides',
          label: 'Rule overrides',
          itemLabel: 'override',
          wide: true,
          max: 500,
          newItem: () => ({ rule_id: '', action: 'log' }),
          fields: [
            { kind: 'text', path: 'rule_id', label: 'Rule id', placeholder: '942100' },
            { kind: 'select', path: 'action', label: 'Action', options: capitalisedOptions(WAF_OVERRIDE_ACTIONS) },
          ],
        },
      ],
    },
    {
      title: 'Exclusions',
      description: 'Requests to a path (and parameter) that the named rules leave alone.',
      fields: [
        {
          kind: 'records',
          path: 'exclusions',
          label: 'Exclusions',
          itemLabel: 'exclusion',
          wide: true,
          max: 500,
          newItem: () => ({ path: '/', parameter: null, rule_ids: [], reason: '' }),
          fields: [
            { kind: 'text', path: 'path', label: 'Path', placeholder: '/search' },
            { kind: 'text', path: 'parameter', label: 'Parameter', nullable: true, placeholder: 'q' },
            { kind: 'strings', path: 'rule_ids', label: 'Rule ids', itemLabel: 'rule id', placeholder: '942100' },
            { kind: 'text', path: 'reason', label: 'Reason' },
          ],
        },
      ],
    },
  ],
}
