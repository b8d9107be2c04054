import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useState } from 'react'
import { selectIsDeleting, selectPendingItems, selectResults } from '../../machines/resource-deletion.selectors.ts'
import type { StoredRecord } from '../../src/api/resources.ts'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import { usePreloadWhenIdle } from '../../src/ui/useLoadedWhenIdle.ts'
import type { ResourcePage } from './useResourcePage.ts'
import { useSessionTokenName } from './useSessionToken.ts'

// The dialog (and Headless UI's Dialog under it) loads once deleting is possible, not with the page.
const loadDeleteDialog = () => import('../../src/views/resources/DeleteDialog.tsx')
const DeleteDialog = lazy(() => loadDeleteDialog().then((module) => ({ default: module.DeleteDialog })))

/**
 * A page's deletion actor for one type in one project (the list's, and the detail's, which leaves for
 * `then` once its resource is gone). The dialog's code is fetched once deleting is allowed and the page
 * is idle after its first paint: not beside the page's own code and data, which its first paint waits for.
 */
export function useDeletion(ui: ResourceUi, project: string, page: ResourcePage, then?: string) {
  const [machine] = useState(() => page.machines.deletion(ui, project, then))
  usePreloadWhenIdle(loadDeleteDialog, page.can.delete)
  return useActorRef(machine)
}

type DeletionDialogProps = {
  ui: ResourceUi
  actor: ReturnType<typeof useDeletion>
  /** The records the page shows: the question warns when the session's own API token is among those asked about. */
  records: readonly StoredRecord[]
}

/** The confirmation and the per-item report of a deletion actor, loaded on first use. */
export function DeletionDialog({ ui, actor, records }: DeletionDialogProps) {
  const pending = useSelector(actor, selectPendingItems)
  const deleting = useSelector(actor, selectIsDeleting)
  const results = useSelector(actor, selectResults)
  const yours = useSessionTokenName(ui, records)
  // Shown while a question or a report is open; Modal gives focus back to the opener when it goes.
  if (pending === null && results === null) return null
  return (
    <Suspense fallback={null}>
      <DeleteDialog
        ui={ui}
        items={pending}
        yours={yours}
        deleting={deleting}
        results={results}
        onConfirm={() => actor.send({ type: 'deletion.confirm' })}
        onCancel={() => actor.send({ type: 'deletion.cancel' })}
        onDismiss={() => actor.send({ type: 'deletion.dismiss' })}
      />
    </Suspense>
  )
}
