import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useState } from 'react'
import {
  selectFailure,
  selectIsConfirmingReplace,
  selectIsImporting,
  selectIsOpen,
  selectMode,
  selectReport,
  selectText,
} from '../../machines/ip-import.selectors.ts'
import type { StoredRecord } from '../../src/api/resources.ts'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import { Button } from '../../src/ui/Button.tsx'
import type { ResourcePage } from './useResourcePage.ts'

// The dialog's code loads when it opens.
const IpImportDialog = lazy(() =>
  import('../../src/views/resources/IpImportDialog.tsx').then((module) => ({ default: module.IpImportDialog })),
)

type IpImportProps = { ui: ResourceUi; project: string; record: StoredRecord; page: ResourcePage }

/** The IP list detail's "Paste addresses": the import machine for this list, and its dialog. */
export function IpImport({ ui, project, record, page }: IpImportProps) {
  const [machine] = useState(() => page.machines.ipImport(ui, project, record.name))
  const actor = useActorRef(machine, { input: { revision: record.revision } })
  const open = useSelector(actor, selectIsOpen)
  const text = useSelector(actor, selectText)
  const mode = useSelector(actor, selectMode)
  const importing = useSelector(actor, selectIsImporting)
  const confirmingReplace = useSelector(actor, selectIsConfirmingReplace)
  const report = useSelector(actor, selectReport)
  const failure = useSelector(actor, selectFailure)
  return (
    <>
      <Button variant="secondary" onClick={() => actor.send({ type: 'import.open' })}>
        Paste addresses
      </Button>
      {open && (
        <Suspense fallback={null}>
          <IpImportDialog
            listName={record.display_name || record.name}
            entryCount={Number(record.entry_count ?? 0)}
            text={text}
            mode={mode}
            importing={importing}
            confirmingReplace={confirmingReplace}
            report={report}
            failure={failure?.message ?? null}
            onText={(next) => actor.send({ type: 'import.change', text: next })}
            onMode={(next) => actor.send({ type: 'import.mode', mode: next })}
            // The list may have changed since the dialog opened (an edit elsewhere, a conflict): the import
            // goes against the revision shown now.
            onSubmit={() => actor.send({ type: 'import.submit', revision: record.revision })}
            onConfirm={() => actor.send({ type: 'import.confirm' })}
            onCancel={() => actor.send({ type: 'import.cancel' })}
            onPasteMore={() => actor.send({ type: 'import.open' })}
            onClose={() => actor.send({ type: 'import.close' })}
          />
        </Suspense>
      )}
    </>
  )
}
