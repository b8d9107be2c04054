import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const websitesType: TypeEntry = {
  ...configuration('websites', 'websites', 'Websites', 'website', 'website_name', {
    section: 'configuration',
    rule: { all: ['wadp.websites.list', 'wadp.websites.get'] },
  }),
  // logs: its live traffic (issue 24), which admins and operators hold (wadp.websites.*), viewers not.
  actions: ['list', 'get', 'create', 'update', 'delete', 'logs'],
  // Its detail page adds "Live traffic".
  ownPages: ['detail'],
}
