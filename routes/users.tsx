import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { usersUi } from '../src/types/users/screen.ts'
import { userListAddons } from './-admin/UserInvite.tsx'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

const filter = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(50))), undefined)

/** The list's params and its dropdown filters (usersUi.listFilters); the list drops values it does not offer. */
const UsersSearch = v.object({ ...ResourceListSearch.entries, status: filter, roles: filter })

export const Route = createFileRoute('/users')({
  validateSearch: UsersSearch,
  loader: listLoader(usersUi),
  component: () => <ResourceListRoute ui={usersUi} addons={userListAddons} />,
})
