import type { Option, ResourceUi } from '../../domain/resource-ui.ts'
import { PoolFields, type ROLLOUT_STRATEGIES } from './fields.ts'

export const ROLLOUT_OPTIONS: readonly Option[] = [
  { value: 'all_at_once', label: 'All at once' },
  { value: 'serial', label: 'Serial' },
  { value: 'canary_first', label: 'Canary first' },
] satisfies { value: (typeof ROLLOUT_STRATEGIES)[number]; label: string }[]

/** Pools: groups of nodes rolled out together, platform-wide (RESOURCES.md, Pool). */
export const poolsUi: ResourceUi = {
  type: 'pools',
  service: 'core',
  scope: 'platform',
  route: 'pools',
  title: 'Pools',
  one: 'pool',
  fields: PoolFields,
  columns: [
    { path: 'regions', label: 'Regions', format: 'list', width: '14rem' },
    { path: 'rollout', label: 'Rollout', format: 'label', options: ROLLOUT_OPTIONS, sortable: true, width: '9rem' },
    { path: 'nodes', label: 'Nodes', format: 'count', width: '5rem' },
  ],
  summary: (record) => [
    {
      label: 'Rollout',
      value: ROLLOUT_OPTIONS.find((o) => o.value === record.rollout)?.label ?? String(record.rollout),
    },
    { label: 'Nodes', value: String(Array.isArray(record.nodes) ? record.nodes.length : 0) },
  ],
  sections: [
    {
      title: 'Pool',
      fields: [
        { kind: 'text', path: 'description', label: 'Description', nullable: true, multiline: true, wide: true },
        { kind: 'strings', path: 'regions', label: 'Regions', itemLabel: 'Region', placeholder: 'eu-west' },
        {
          kind: 'select',
          path: 'rollout',
          label: 'Rollout',
          options: ROLLOUT_OPTIONS,
          help: 'Serial: one node after another. Canary first: one node, then the others.',
        },
      ],
    },
    {
      title: 'Nodes',
      description: 'A node joins a pool from its own page (its Pool field).',
      fields: [
        { kind: 'reference', path: 'nodes', label: 'Nodes', type: 'nodes', multiple: true, readOnly: true, wide: true },
      ],
    },
  ],
}
