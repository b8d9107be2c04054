import { capitalisedOptions, type ResourceUi, TIME_COLUMN_WIDTH } from '../../domain/resource-ui.ts'
import type { BlocklistData } from './fields.ts'
import { BLOCKLIST_ACTIONS, BLOCKLIST_SCOPES, BlocklistFields, isExpired } from './fields.ts'
import { blocklistNotEnforced } from './not-enforced.ts'

export const BLOCKLIST_TARGET_OPTIONS = [
  { value: 'ip', label: 'IP address' },
  { value: 'cidr', label: 'Network (CIDR)' },
  { value: 'asn', label: 'AS number' },
  { value: 'country', label: 'Country' },
] as const
export const BLOCKLIST_ACTION_OPTIONS = capitalisedOptions(BLOCKLIST_ACTIONS)
const SCOPE_OPTIONS = capitalisedOptions(BLOCKLIST_SCOPES)

/**
 * The Blocklist (platform-wide `access-list`, Admin section): addresses, networks, AS numbers and
 * countries the edge blocks, challenges or allows, on the whole platform or in one project. Its list
 * page adds the admin sync-status button and the bulk paste, both in its route (the Blocklist import).
 */
export const accessListUi: ResourceUi = {
  notEnforced: (record) => blocklistNotEnforced(record as unknown as BlocklistData),
  type: 'access-list',
  service: 'core',
  scope: 'platform',
  route: 'access-list',
  title: 'Blocklist',
  one: 'blocklist entry',
  fields: BlocklistFields,
  columns: [
    {
      path: 'target',
      label: 'Target',
      format: 'label',
      options: BLOCKLIST_TARGET_OPTIONS,
      sortable: true,
      width: '9rem',
    },
    { path: 'value', label: 'Value', sortable: true, width: '12rem' },
    {
      path: 'action',
      label: 'Action',
      format: 'label',
      options: BLOCKLIST_ACTION_OPTIONS,
      sortable: true,
      width: '6rem',
    },
    { path: 'scope', label: 'Scope', format: 'label', options: SCOPE_OPTIONS, width: '6rem' },
    { path: 'project', label: 'Project', width: '8rem' },
    { path: 'expires_at', label: 'Expires', sortable: true, width: TIME_COLUMN_WIDTH },
    { path: 'notes', label: 'Notes', width: '12rem' },
  ],
  attention: (record, now) => (isExpired(record, now) ? { tone: 'warning', text: 'Expired' } : null),
  newDraft: () => ({ target: 'ip', value: '', action: 'block', scope: 'platform', project: null }),
  sections: [
    {
      title: 'Entry',
      fields: [
        { kind: 'select', path: 'target', label: 'Target', options: BLOCKLIST_TARGET_OPTIONS },
        {
          kind: 'text',
          path: 'value',
          label: 'Value',
          placeholder: '203.0.113.7, 10.0.0.0/8, AS13335 or FR',
        },
        {
          kind: 'select',
          path: 'action',
          label: 'Action',
          options: BLOCKLIST_ACTION_OPTIONS,
          help: 'Allow beats block: an allow entry wins over any block or challenge entry matching the same request.',
        },
        { kind: 'select', path: 'scope', label: 'Scope', options: SCOPE_OPTIONS },
        {
          kind: 'reference',
          path: 'project',
          label: 'Project',
          type: 'projects',
          owner: true,
          nullable: true,
          when: (values) => values.scope === 'project',
        },
        {
          kind: 'date',
          path: 'expires_at',
          label: 'Expires on',
          nullable: true,
          help: 'Empty: never. Once expired it stays, shown as expired, and no longer applies.',
        },
        { kind: 'text', path: 'notes', label: 'Notes', wide: true, multiline: true },
      ],
    },
  ],
}
