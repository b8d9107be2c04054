import { HTTP_METHODS } from '../../domain/field-rules.ts'
import { formatNumber } from '../../domain/numbers.ts'
import { capitalisedOptions, type Draft, type Option, plainOptions, type ResourceUi } from '../../domain/resource-ui.ts'
import type { RateLimitData } from './fields.ts'
import {
  COUNTER_SCOPES,
  MAX_RATE_LIMIT_KEYS,
  RATE_LIMIT_ACTIONS,
  RATE_LIMIT_MATCH_TYPES,
  RATE_LIMIT_PERIODS,
  RateLimitFields,
} from './fields.ts'
import { rateLimitNotEnforced } from './not-enforced.ts'

const PERIOD_LABELS: Record<(typeof RATE_LIMIT_PERIODS)[number], string> = {
  1: 'Second',
  10: '10 seconds',
  60: 'Minute',
  300: '5 minutes',
  3600: 'Hour',
}
const periodOptions: Option[] = RATE_LIMIT_PERIODS.map((value) => ({
  value: String(value),
  label: PERIOD_LABELS[value],
}))
const SCOPE_LABELS: Record<(typeof COUNTER_SCOPES)[number], string> = {
  per_node: 'Per node',
  global: 'Global (all nodes together)',
}
const scopeOptions: Option[] = COUNTER_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] }))
const ACTION_LABELS: Record<(typeof RATE_LIMIT_ACTIONS)[number], string> = {
  block: 'Block',
  challenge: 'Challenge with a captcha',
  log: 'Log only',
}
const actionOptions: Option[] = RATE_LIMIT_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }))

/** The per-node note: a limit counted on each node lets through up to that many times the limit. */
export function counterScopeNote(values: Draft, nodeCount: number | null): string {
  if (values.counter_scope === 'global') {
    return 'The nodes share one counter: the limit holds for the whole fleet, at the cost of a little delay.'
  }
  const limit = Number(values.limit)
  const nodes = nodeCount === null ? 'the number of nodes' : `${nodeCount} node${nodeCount === 1 ? '' : 's'}`
  const total =
    nodeCount !== null && Number.isInteger(limit) && limit > 0
      ? ` With ${nodes} today, a client spread over every node gets up to ${formatNumber(limit * nodeCount)} requests a period.`
      : ''
  return `Each node counts on its own: per-node limits multiply by ${nodes}.${total}`
}

export const rateLimitsUi: ResourceUi = {
  notEnforced: (record) => rateLimitNotEnforced(record as unknown as RateLimitData),
  type: 'ratelimits',
  service: 'core',
  route: 'rate-limits',
  title: 'Rate Limits',
  one: 'rate limit',
  fields: RateLimitFields,
  facts: ['nodeCount'],
  columns: [
    { path: 'enabled', label: 'Enabled', format: 'boolean', sortable: true },
    { path: 'limit', label: 'Limit', sortable: true },
    { path: 'period_s', label: 'Per', format: 'label', options: periodOptions, sortable: true },
    { path: 'action', label: 'Action', format: 'label', options: actionOptions, sortable: true },
    { path: 'match.paths', label: 'Paths', format: 'list' },
  ],
  sections: [
    {
      title: 'Requests counted',
      fields: [
        { kind: 'boolean', path: 'enabled', label: 'Enabled' },
        {
          kind: 'select',
          path: 'match.match_type',
          label: 'Path match',
          options: capitalisedOptions(RATE_LIMIT_MATCH_TYPES),
        },
        {
          kind: 'strings',
          path: 'match.paths',
          label: 'Paths',
          itemLabel: 'path',
          placeholder: '/account/login',
          help: 'No paths: every path of the website counts.',
          wide: true,
        },
        {
          kind: 'multiselect',
          path: 'match.methods',
          label: 'Methods',
          options: plainOptions(HTTP_METHODS),
          help: 'None: every method counts.',
          wide: true,
        },
        {
          kind: 'tagged',
          path: 'keys',
          label: 'Count by',
          itemLabel: 'key',
          max: MAX_RATE_LIMIT_KEYS,
          wide: true,
          help: 'Requests with the same values of every key share a counter.',
          choices: [
            { value: 'ip', label: 'Client IP' },
            { value: 'ip_prefix', label: 'Client IP prefix (/24, /64)' },
            { value: 'country', label: 'Country' },
            { value: 'header', label: 'Header', parameter: 'Header name', placeholder: 'X-Api-Key' },
            { value: 'cookie', label: 'Cookie', parameter: 'Cookie name', placeholder: 'session' },
            { value: 'query', label: 'Query parameter', parameter: 'Parameter name', placeholder: 'api_key' },
          ],
        },
      ],
    },
    {
      title: 'Limit',
      description: (values, facts) => counterScopeNote(values, facts.nodeCount),
      fields: [
        { kind: 'number', path: 'limit', label: 'Requests', min: 1 },
        { kind: 'select', path: 'period_s', label: 'Per', options: periodOptions },
        { kind: 'select', path: 'counter_scope', label: 'Counted', options: scopeOptions },
      ],
    },
    {
      title: 'Over the limit',
      fields: [
        { kind: 'select', path: 'action', label: 'Action', options: actionOptions },
        {
          kind: 'reference',
          path: 'challenge',
          label: 'Captcha',
          type: 'challenges',
          nullable: true,
          when: (values) => values.action === 'challenge',
        },
        {
          kind: 'number',
          path: 'penalty_s',
          label: 'Penalty',
          unit: 's',
          min: 60,
          max: 86_400,
          help: 'How long a client over the limit stays blocked or challenged.',
        },
        {
          kind: 'number',
          path: 'response_status',
          label: 'Response status',
          min: 400,
          max: 599,
          when: (values) => values.action === 'block',
        },
      ],
    },
    {
      title: 'Exceptions',
      fields: [
        {
          kind: 'reference',
          path: 'bypass_iplists',
          label: 'Bypass IP lists',
          type: 'iplists',
          multiple: true,
          help: 'Clients in these lists are never limited.',
          wide: true,
        },
      ],
    },
  ],
}
