import type { ResourceUi } from '../../domain/resource-ui.ts'
import { IpListFields, MAX_IP_LIST_ENTRIES } from './fields.ts'

export const ipListsUi: ResourceUi = {
  type: 'iplists',
  service: 'core',
  route: 'iplist',
  // The spec's routes break the pattern: /ipLists, /iplists-add, /iplist-detail, /iplist-edit.
  routeNames: { list: 'ipLists', add: 'iplists-add', detail: 'iplist-detail', edit: 'iplist-edit' },
  title: 'IP Lists',
  one: 'IP list',
  fields: IpListFields,
  columns: [
    { path: 'description', label: 'Description' },
    { path: 'entry_count', label: 'Entries' },
  ],
  sections: [
    {
      title: 'List',
      fields: [
        { kind: 'text', path: 'description', label: 'Description', wide: true, placeholder: 'Office networks' },
        { kind: 'number', path: 'entry_count', label: 'Entries', readOnly: true },
      ],
    },
    {
      title: 'Entries',
      fields: [
        {
          kind: 'rows',
          path: 'entries',
          label: 'Entries',
          itemLabel: 'entry',
          max: MAX_IP_LIST_ENTRIES,
          wide: true,
          help: 'IPv4 or IPv6 addresses and networks (CIDR), stored normalised. A negated entry excludes its addresses from the wider networks.',
          newItem: () => ({ cidr: '', negated: false, comment: '', expires_at: null }),
          fields: [
            { kind: 'text', path: 'cidr', label: 'Address or network', placeholder: '203.0.113.0/24' },
            { kind: 'boolean', path: 'negated', label: 'Negated' },
            { kind: 'text', path: 'comment', label: 'Comment' },
            {
              kind: 'text',
              path: 'expires_at',
              label: 'Expires (ISO date)',
              nullable: true,
              placeholder: '2027-01-31T00:00:00Z',
            },
          ],
        },
      ],
    },
  ],
}
