import { platform, type TypeEntry } from '../../domain/type-entry.ts'

export const blocklistType: TypeEntry = {
  ...platform('access-list', 'core', 'Blocklist', 'access_list_id'),
  one: 'blocklist entry',
  ownPages: ['list', 'detail'],
}
