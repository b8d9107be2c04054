import { platform, type TypeEntry } from '../../domain/type-entry.ts'

export const usersType: TypeEntry = {
  ...platform('users', 'auth', 'Users', 'user', 'users_name'),
  ownPages: ['list', 'detail'],
}
