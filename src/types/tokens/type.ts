import { platform, SUPER, type TypeEntry } from '../../domain/type-entry.ts'

export const tokensType: TypeEntry = {
  ...platform('tokens', 'auth', 'Tokens', 'tokens_name'),
  nav: { section: 'admin', label: 'Manage Tokens', rule: SUPER, platform: true },
  one: 'API token',
  ownPages: ['detail'],
}
