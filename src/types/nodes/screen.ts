import { type NODE_KINDS, NODE_STATUSES, type NodeKind } from '../../domain/nodes.ts'
import {
  capitalisedOptions,
  type Draft,
  type Option,
  type ResourceUi,
  type SaveConfirmation,
  type SummaryLine,
  TIME_COLUMN_WIDTH,
} from '../../domain/resource-ui.ts'
import { type NODE_SYNC_STATES, NodeFields, nodeWriteProblem } from './fields.ts'

export const NODE_STATUS_OPTIONS: readonly Option[] = capitalisedOptions(NODE_STATUSES)
/** The form's words for what runs a node. */
export const NODE_KIND_OPTIONS: readonly Option[] = [
  { value: 'simulated', label: 'Simulated' },
  { value: 'agent', label: 'Edge agent (Varnish)' },
] satisfies { value: (typeof NODE_KINDS)[number]; label: string }[]
/** The list's and the summary's shorter words for it. */
export const NODE_KIND_LABELS: readonly Option[] = [
  { value: 'simulated', label: 'Simulated' },
  { value: 'agent', label: 'Edge agent' },
] satisfies { value: (typeof NODE_KINDS)[number]; label: string }[]
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

/** An edge agent node's status steers no traffic to it: its agent keeps running what it is given. */
const AGENT_DISABLED: SaveConfirmation = {
  title: 'Disable the node?',
  text: 'Its agent keeps running the configuration and serving whatever reaches it, and is still sent every invalidation: take it out of your load balancer or DNS to stop its traffic. Sync checks show what it reports.',
  action: 'Disable',
}

/** A save moving a node to maintenance, draining or disabled asks first, saying what that does. */
export function nodeStatusQuestion(values: Draft, initial: Draft): SaveConfirmation | null {
  const status = String(values.status ?? 'active')
  if (status === String(initial.status ?? 'active')) return null
  if (status === 'disabled' && nodeKindOf(values) === 'agent') return AGENT_DISABLED
  return STATUS_EFFECTS[status] ?? null
}

/** What runs a node; one stored before nodes had a kind is simulated, as the server takes it. */
export function nodeKindOf(record: Draft): NodeKind {
  return record.kind === 'agent' ? 'agent' : 'simulated'
}

/**
 * What an edge agent node's last report says (EDGE.md): its Varnish, since when it runs, when it last
 * reported and, when it does not run the revision, why (Varnish's own words).
 */
function agentLines(record: Draft): SummaryLine[] {
  // Without a report nothing is known of its Varnish; with one, no version means varnishd does not run.
  const none = typeof record.last_seen_at === 'string' ? 'Not running' : 'No report yet'
  const lines: SummaryLine[] = [
    { label: 'Varnish version', value: textOr(record.varnish_version, none) },
    timeLine('Varnish started', record.varnish_started_at, none),
    timeLine('Last report', record.last_seen_at, 'No report yet'),
  ]
  if (typeof record.sync_message === 'string' && record.sync_message !== '')
    lines.push({ label: 'Sync message', value: record.sync_message, format: 'message' })
  return lines
}

const textOr = (value: unknown, none: string) => (typeof value === 'string' && value !== '' ? value : none)
const timeLine = (label: string, value: unknown, none: string): SummaryLine =>
  typeof value === 'string' && value !== '' ? { label, value, format: 'time' } : { label, value: none }

/** `12 / 14`: the revision a node holds (the platform's, or one project's), over the one it should. */
export function revisionsOf(record: Draft): string {
  const text = (value: unknown) => (typeof value === 'number' ? String(value) : '—')
  return `${text(record.applied_revision)} / ${text(record.target_revision)}`
}

/** A sync state in words (`in_sync`: In sync). */
export const syncLabel = (value: unknown) =>
  NODE_SYNC_OPTIONS.find((o) => o.value === value)?.label ?? String(value ?? '—')

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
  // A stored node is one the form started with a name for; an add starts from none.
  writeProblem: (values, initial) =>
    nodeWriteProblem(
      String(values.name ?? ''),
      String(values.country ?? ''),
      typeof initial.name === 'string' && initial.name !== '' ? String(initial.country ?? '') : undefined,
    ),
  affectsSync: true,
  alsoChanges: ['pools'],
  secretOnCreate: {
    field: 'secret',
    label: 'Node secret',
    usage: 'Start its agent with WADP_EDGE_TOKEN set to it (npm run edge; README, "A real edge on this machine").',
    kept: 'Only a hash of it is kept, so nobody can show it to you later: Rotate secret on its page gives it a new one.',
  },
  columns: [
    { path: 'country', label: 'Country', format: 'custom', width: '5.5rem' },
    { path: 'kind', label: 'Kind', format: 'label', options: NODE_KIND_LABELS, width: '7rem' },
    { path: 'pool', label: 'Pool', format: 'reference', reference: 'pools', width: '9rem' },
    { path: 'status', label: 'Status', format: 'label', options: NODE_STATUS_OPTIONS, sortable: true, width: '7.5rem' },
    { path: 'sync_state', label: 'Sync', format: 'label', options: NODE_SYNC_OPTIONS, width: '7.5rem' },
    { path: 'applied_revision', label: 'Platform applied / target', format: 'custom', width: '8.5rem' },
    { path: 'last_seen_at', label: 'Last seen', width: TIME_COLUMN_WIDTH },
  ],
  summary: (record) => [
    { label: 'Kind', value: NODE_KIND_LABELS.find((o) => o.value === nodeKindOf(record))?.label ?? '' },
    {
      label: 'Status',
      value: NODE_STATUS_OPTIONS.find((o) => o.value === record.status)?.label ?? String(record.status),
    },
    {
      label: 'Sync',
      value: syncLabel(record.sync_state),
    },
    { label: 'Platform revision applied / target', value: revisionsOf(record) },
    ...(nodeKindOf(record) === 'agent' ? agentLines(record) : []),
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
        {
          kind: 'select',
          path: 'kind',
          label: 'Kind',
          options: NODE_KIND_OPTIONS,
          fixedOnceCreated: true,
          help: 'Simulated: the platform plays the node, which applies each change after a short delay. Edge agent: a real Varnish node whose agent fetches the configuration and reports what it runs; its secret is shown once, when the node is created.',
        },
      ],
    },
    {
      title: 'Traffic',
      fields: [
        {
          kind: 'reference',
          path: 'pool',
          label: 'Pool',
          type: 'pools',
          nullable: true,
          owner: true,
          help: 'None: in no pool.',
        },
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
          // An agent node is reachable when its agent reports: its sync state says so.
          when: (values) => values.kind !== 'agent',
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
