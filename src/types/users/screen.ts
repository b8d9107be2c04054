import { capitalisedOptions, type ResourceUi } from '../../domain/resource-ui.ts'
import { ROLE_NAMES } from '../../domain/role-names.ts'
import { USER_STATUSES, UserFields } from './fields.ts'

/** The platform's people (RESOURCES.md, Admin). */
const identity = { service: 'auth', scope: 'platform', permissionService: 'auth' } as const

const roleOptions = capitalisedOptions(ROLE_NAMES)
const statusOptions = capitalisedOptions(USER_STATUSES)

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
