import { capitalisedOptions, type Draft, type ResourceUi } from '../resource-ui.ts'
import { USER_STATUSES, UserFields } from '../resources/identity.ts'
import { SSO_SCOPES, SsoMappingFields } from '../resources/sso-mapping.ts'
import { ROLE_NAMES } from '../roles.ts'

/** The platform's people (RESOURCES.md, Admin): users and the SSO group/role mappings. */
const identity = { service: 'auth', scope: 'platform', permissionService: 'auth' } as const

const roleOptions = capitalisedOptions(ROLE_NAMES)
const scopeOptions = capitalisedOptions(SSO_SCOPES)
const statusOptions = capitalisedOptions(USER_STATUSES)
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

/**
 * Users (/users, /users-detail/{email}): the spec gives no add or edit page. An admin invites a user from
 * the list and changes status and roles from the detail page (PATCH with If-Match), as its addons do.
 */
export const usersUi: ResourceUi = {
  ...identity,
  type: 'users',
  route: 'users',
  title: 'Users',
  one: 'user',
  fields: UserFields,
  editable: false,
  addable: false,
  columns: [
    { path: 'first_name', label: 'First name', sortable: true },
    { path: 'last_name', label: 'Last name', sortable: true },
    { path: 'roles', label: 'Roles', format: 'list' },
    { path: 'status', label: 'Status', format: 'label', options: statusOptions, sortable: true },
  ],
  listFilters: [
    { param: 'status', label: 'Filter by status', options: statusOptions },
    { param: 'roles', label: 'Filter by role', options: roleOptions },
  ],
  sections: [
    {
      title: 'User',
      fields: [
        { kind: 'text', path: 'first_name', label: 'First name' },
        { kind: 'text', path: 'last_name', label: 'Last name' },
        { kind: 'multiselect', path: 'roles', label: 'Roles', options: roleOptions },
        { kind: 'select', path: 'status', label: 'Status', options: statusOptions },
        { kind: 'strings', path: 'groups', label: 'Groups', itemLabel: 'group', wide: true },
      ],
    },
  ],
  attention: (record) =>
    record.status === 'disabled'
      ? { tone: 'danger', text: 'Disabled: cannot sign in, tokens refused' }
      : record.status === 'invited'
        ? { tone: 'info', text: 'Invited: has not signed in yet' }
        : null,
}
