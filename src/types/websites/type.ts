import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const websitesType: TypeEntry = configuration('websites', 'websites', 'Websites', 'website', 'website_name', {
  section: 'configuration',
  rule: { all: ['wadp.websites.list', 'wadp.websites.get'] },
})
