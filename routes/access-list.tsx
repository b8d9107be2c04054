import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { accessListUi } from '../src/types/blocklist/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import type { ListAddons } from './-resources/ProjectList.tsx'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

// The sync button and "Paste values" load beside the list's own code, keeping the page's chunk in budget.
const AdminSyncButton = lazy(() =>
  import('./-shell/AdminSyncButton.tsx').then((module) => ({ default: module.AdminSyncButton })),
)
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
  loader: listLoader(accessListUi),
  component: () => (
    <>
      <div className="mb-4 flex min-h-9 justify-end">
        <Suspense fallback={null}>
          <AdminSyncButton />
        </Suspense>
      </div>
      <ResourceListRoute ui={accessListUi} addons={addons} />
    </>
  ),
})
