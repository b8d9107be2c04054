import { platform, SUPER, type TypeEntry } from '../../domain/type-entry.ts'

export const tokensType: TypeEntry = {
  ...platform('tokens', 'auth', 'Tokens'),
  nav: { section: 'admin', label: 'Manage Tokens', rule: SUPER, platform: true },
}
