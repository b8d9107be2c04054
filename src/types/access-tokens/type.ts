import type { TypeEntry } from '../../domain/type-entry.ts'

export const accessTokensType: TypeEntry = {
  type: 'access-tokens',
  param: 'access_tokens_name',
  route: 'access-tokens',
  label: 'Access Tokens',
  one: 'access token',
  scope: 'project',
  service: 'core',
  nav: { section: 'admin' },
  ownPages: ['detail'],
}
