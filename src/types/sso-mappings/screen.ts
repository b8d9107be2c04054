import { capitalisedOptions, type Draft, type ResourceUi } from '../../domain/resource-ui.ts'
import { ROLE_NAMES } from '../../domain/role-names.ts'
import { SSO_SCOPES, SsoMappingFields } from './fields.ts'

/** The platform's people (RESOURCES.md, Admin). */
const identity = { service: 'auth', scope: 'platform', permissionService: 'auth' } as const

const roleOptions = capitalisedOptions(ROLE_NAMES)
const scopeOptions = capitalisedOptions(SSO_SCOPES)
const scoped = (values: Draft) => values.scope !== undefined && values.scope !== 'platform'

/** SSO Groups/Roles (/sso-groups-roles): an IdP group's members get a role, everywhere or within a scope. */
export const ssoMappingsUi: ResourceUi = {
  ...identity,
  type: 'sso-groups-roles',
  route: 'sso-groups-roles',
  title: 'SSO Groups/Roles',
  one: 'SSO group/role mapping',
  fields: SsoMappingFields,
  newDraft: () => ({ scope: 'platform' }),
  columns: [
    { path: 'group', label: 'Group' },
    { path: 'role', label: 'Role', format: 'label', options: roleOptions },
    { path: 'scope', label: 'Scope', format: 'label', options: scopeOptions },
    { path: 'scope_name', label: 'Applies in' },
  ],
  sections: [
    {
      title: 'Mapping',
      description:
        'Members of the group get the role from their next sign-in through SSO; a session already open keeps its roles until then.',
      fields: [
        {
          kind: 'text',
          path: 'group',
          label: 'Group',
          placeholder: 'edge-operators',
          help: 'The group as the identity provider’s groups claim names it; matched in any case.',
        },
        { kind: 'select', path: 'role', label: 'Role', options: roleOptions },
        {
          kind: 'select',
          path: 'scope',
          label: 'Scope',
          options: scopeOptions,
          help: 'Platform: every project. Otherwise the projects of one organization, customer or project.',
        },
        {
          kind: 'text',
          path: 'scope_name',
          label: 'Scope name',
          nullable: true,
          when: scoped,
          help: 'The name (not the display name) of the existing organization, customer or project the scope above names, such as acme-retail or shop.',
        },
      ],
    },
  ],
  summary: (record) => [
    {
      label: 'Applies',
      value:
        record.scope === 'platform' || !record.scope_name
          ? 'In every project'
          : `In the projects of ${String(record.scope)} ${String(record.scope_name)}`,
    },
  ],
}
