import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { accessListUi } from '../src/domain/definitions/access-list.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { blocklistListAddons } from './-admin/BlocklistImport.tsx'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'
import { AdminSyncButton } from './-shell/AdminSyncButton.tsx'

const filter = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(50))), undefined)

/** The list's params and its dropdown filters (accessListUi.listFilters); the list drops values it does not offer. */
const BlocklistSearch = v.object({ ...ResourceListSearch.entries, target: filter, action: filter })

const addons = blocklistListAddons(accessListUi)

// The Blocklist's admin sync-status button comes before the list itself (issue 4): entries are platform
// configuration, so a change moves the platform revision that the admin sync view follows.
export const Route = createFileRoute('/access-list')({
  validateSearch: BlocklistSearch,
  component: () => (
    <>
      <div className="mb-4 flex justify-end">
        <AdminSyncButton />
      </div>
      <ResourceListRoute ui={accessListUi} addons={addons} />
    </>
  ),
})
