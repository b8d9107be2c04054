import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const ipListsType: TypeEntry = {
  ...configuration('iplists', 'iplist', 'IP Lists', 'IP list', 'iplist_name', { section: 'security' }),
  listPath: '/ipLists',
  ownPages: ['detail'],
  protection: true,
}
