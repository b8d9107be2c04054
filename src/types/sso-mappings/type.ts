import { platform, type TypeEntry } from '../../domain/type-entry.ts'

export const ssoMappingsType: TypeEntry = {
  ...platform('sso-groups-roles', 'auth', 'SSO Groups/Roles', 'sso_groups_roles_name'),
  one: 'SSO group/role mapping',
  ownPages: ['detail'],
}
