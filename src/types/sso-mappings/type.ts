import { platform, type TypeEntry } from '../../domain/type-entry.ts'

export const ssoMappingsType: TypeEntry = {
  ...platform('sso-groups-roles', 'auth', 'SSO Groups/Roles', 'SSO group/role mapping', 'sso_groups_roles_name'),
  ownPages: ['detail'],
}
