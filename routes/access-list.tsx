import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { accessListUi } from '../src/domain/definitions/access-list.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { type ListAddons, ResourceListRoute } from './-resources/ResourceListRoute.tsx'
import { AdminSyncButton } from './-shell/AdminSyncButton.tsx'

// "Paste values" loads after the list: most visits only read it.
const BlocklistImport = lazy(() => import('./-admin/BlocklistImport.tsx'))
const addons: ListAddons = {
  actions: ({ page }) =>
    page.can.create ? (
      <Suspense fallback={null}>
        <BlocklistImport ui={accessListUi} page={page} />
      </Suspense>
    ) : null,
}

// The Blocklist's admin sync-status button comes before the list itself (issue 4): entries are platform
// configuration, so a change moves the platform revision that the admin sync view follows.
export const Route = createFileRoute('/access-list')({
  validateSearch: ResourceListSearch,
  component: () => (
    <>
      <div className="mb-4 flex justify-end">
        <AdminSyncButton />
      </div>
      <ResourceListRoute ui={accessListUi} addons={addons} />
    </>
  ),
})
