import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const syntheticResponsesType: TypeEntry = configuration(
  'synthetics',
  'synthetic-responses',
  'Synthetic Responses',
  'synthetic response',
  'synthetic_response_name',
  { section: 'configuration' },
)
