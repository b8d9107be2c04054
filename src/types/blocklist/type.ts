import { platform, type TypeEntry } from '../../domain/type-entry.ts'

export const blocklistType: TypeEntry = {
  ...platform('access-list', 'core', 'Blocklist', 'blocklist entry', 'access_list_id'),
  ownPages: ['list', 'detail'],
}
