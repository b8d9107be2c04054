import type { ResourceUi } from '../../domain/resource-ui.ts'
import type { SyntheticData } from './fields.ts'
import { SyntheticFields } from './fields.ts'
import { syntheticNotEnforced } from './not-enforced.ts'

export const syntheticResponsesUi: ResourceUi = {
  notEnforced: (record) => syntheticNotEnforced(record as unknown as SyntheticData),
  type: 'synthetics',
  service: 'core',
  route: 'synthetic-responses',
  title: 'Synthetic Responses',
  one: 'synthetic response',
  fields: SyntheticFields,
  columns: [
    { path: 'status', label: 'Status', sortable: true },
    { path: 'content_type', label: 'Content type', sortable: true },
    { path: 'ttl_s', label: 'TTL (s)', sortable: true },
  ],
  sections: [
    {
      title: 'Response',
      fields: [
        { kind: 'number', path: 'status', label: 'Status', min: 100, max: 599 },
        { kind: 'text', path: 'content_type', label: 'Content type' },
        {
          kind: 'number',
          path: 'ttl_s',
          label: 'TTL',
          unit: 's',
          min: 0,
          help: 'How long the edge may cache it; 0 answers afresh every time.',
        },
        { kind: 'text', path: 'body', label: 'Body', multiline: true, wide: true, help: 'At most 256 KiB.' },
      ],
    },
    {
      title: 'Headers',
      fields: [
        {
          kind: 'records',
          path: 'headers',
          label: 'Headers',
          itemLabel: 'header',
          wide: true,
          max: 100,
          newItem: () => ({ name: '', value: '' }),
          fields: [
            { kind: 'text', path: 'name', label: 'Header', placeholder: 'Cache-Control' },
            { kind: 'text', path: 'value', label: 'Value' },
          ],
        },
      ],
    },
  ],
}
