import * as v from 'valibot'
import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { type IpListData, IpListFields } from './fields.ts'

export const ipLists: ResourceDefinition = {
  type: 'iplists',
  label: 'IP list',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: IpListFields,
  readOnlyFields: ['entry_count'],
  derivedFields: {
    entry_count: v.pipe(v.number(), v.integer(), v.description('How many entries it holds')),
  },
  searchable: (data) => [String(data.description ?? '')],
  configuration: true,
  hooks: {
    // Kept in the data, so a list page shows the count without reading every entry.
    async beforeWrite({ data }) {
      return { ...data, entry_count: (data as IpListData).entries.length }
    },
  },
}

export const server: TypeServer = { definition: ipLists }
