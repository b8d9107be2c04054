import {
  capitalisedOptions,
  type Draft,
  type Option,
  type ResourceUi,
  type SaveConfirmation,
} from '../../domain/resource-ui.ts'
import { NODE_STATUSES, type NODE_SYNC_STATES, NodeFields } from './fields.ts'

export const NODE_STATUS_OPTIONS: readonly Option[] = capitalisedOptions(NODE_STATUSES)
export const NODE_SYNC_OPTIONS: readonly Option[] = [
  { value: 'in_sync', label: 'In sync' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'unreachable', label: 'Unreachable' },
] satisfies { value: (typeof NODE_SYNC_STATES)[number]; label: string }[]

/** What each status other than active does to the node's traffic and configuration sync. */
const STATUS_EFFECTS: Record<string, SaveConfirmation> = {
  maintenance: {
    title: 'Put the node in maintenance?',
    text: 'It stops taking traffic, which the other nodes take over, and applies no configuration until it is active again. Sync checks show it with a wrench.',
    action: 'Put in maintenance',
  },
  draining: {
    title: 'Drain the node?',
    text: 'It takes no new connections and finishes those it has; it keeps applying configuration, so sync checks still wait for it.',
    action: 'Drain',
  },
  disabled: {
    title: 'Disable the node?',
    text: 'It takes no traffic at all and applies no configuration. Sync checks show it as unavailable until it is enabled again.',
    action: 'Disable',
  },
}

/** A save moving a node to maintenance, draining or disabled asks first, saying what that does. */
export function nodeStatusQuestion(values: Draft, initial: Draft): SaveConfirmation | null {
  const status = String(values.status ?? 'active')
  if (status === String(initial.status ?? 'active')) return null
  return STATUS_EFFECTS[status] ?? null
}

/** `12 / 14`: the platform revision a node holds, over the one it should. */
export function revisionsOf(record: Draft): string {
  const text = (value: unknown) => (typeof value === 'number' ? String(value) : '—')
  return `${text(record.applied_revision)} / ${text(record.target_revision)}`
}

/** Nodes: the fleet's points of presence, platform-wide (RESOURCES.md, Node). */
export const nodesUi: ResourceUi = {
  type: 'nodes',
  service: 'core',
  scope: 'platform',
  route: 'nodes',
  title: 'Nodes',
  one: 'node',
  fields: NodeFields,
  confirmSave: nodeStatusQuestion,
  affectsSync: true,
  alsoChanges: ['pools'],
  columns: [
    { path: 'country', label: 'Country', format: 'custom', width: '5.5rem' },
    { path: 'pool', label: 'Pool', format: 'reference', reference: 'pools', width: '9rem' },
    { path: 'status', label: 'Status', format: 'label', options: NODE_STATUS_OPTIONS, sortable: true, width: '7.5rem' },
    { path: 'sync_state', label: 'Sync', format: 'label', options: NODE_SYNC_OPTIONS, width: '7.5rem' },
    { path: 'applied_revision', label: 'Applied / target', format: 'custom', width: '8.5rem' },
    { path: 'last_seen_at', label: 'Last seen', width: '10rem' },
  ],
  summary: (record) => [
    {
      label: 'Status',
      value: NODE_STATUS_OPTIONS.find((o) => o.value === record.status)?.label ?? String(record.status),
    },
    {
      label: 'Sync',
      value: NODE_SYNC_OPTIONS.find((o) => o.value === record.sync_state)?.label ?? String(record.sync_state ?? '—'),
    },
    { label: 'Revision applied / target', value: revisionsOf(record) },
  ],
  sections: [
    {
      title: 'Server',
      description: 'Its name is its endpoint id, such as pop-fr-par-1: the second part is the country.',
      fields: [
        { kind: 'text', path: 'hostname', label: 'Host name', placeholder: 'pop-fr-par-1.edge.example.net' },
        { kind: 'text', path: 'pop_code', label: 'Point of presence', placeholder: 'par' },
        { kind: 'text', path: 'country', label: 'Country', placeholder: 'fr', help: 'Two-letter ISO code.' },
        { kind: 'text', path: 'ipv4', label: 'IPv4 address', nullable: true },
        { kind: 'text', path: 'ipv6', label: 'IPv6 address', nullable: true },
      ],
    },
    {
      title: 'Traffic',
      fields: [
        { kind: 'reference', path: 'pool', label: 'Pool', type: 'pools', nullable: true, help: 'None: in no pool.' },
        {
          kind: 'select',
          path: 'status',
          label: 'Status',
          options: NODE_STATUS_OPTIONS,
          help: 'Active takes traffic; draining finishes what it has; maintenance and disabled take none.',
        },
        { kind: 'number', path: 'weight', label: 'Weight', min: 1, max: 100, help: 'Its share of traffic, 1-100.' },
        {
          kind: 'boolean',
          path: 'reachable',
          label: 'Reachable',
          help: 'Off simulates a node the platform cannot reach.',
        },
      ],
    },
    {
      title: 'Configuration sync',
      description: 'The platform (admin configuration) revision: the one every node follows.',
      fields: [
        { kind: 'select', path: 'sync_state', label: 'Sync state', options: NODE_SYNC_OPTIONS, readOnly: true },
        { kind: 'number', path: 'applied_revision', label: 'Applied revision', readOnly: true },
        { kind: 'number', path: 'target_revision', label: 'Target revision', readOnly: true },
        { kind: 'text', path: 'last_seen_at', label: 'Last seen', readOnly: true },
      ],
    },
  ],
}
