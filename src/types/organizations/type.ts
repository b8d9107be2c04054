import { platform, type TypeEntry } from '../../domain/type-entry.ts'

export const organizationsType: TypeEntry = {
  ...platform('organizations', 'auth', 'Organizations', 'organization'),
  nav: undefined,
  page: null,
}
