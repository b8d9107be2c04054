import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const ipListsType: TypeEntry = {
  ...configuration('iplists', 'iplist', 'IP Lists', { section: 'security' }),
  listPath: '/ipLists',
}
