import { useMutation } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import type { BlocklistImportInput } from '../../src/types/blocklist/import.ts'
import { BLOCKLIST_ACTION_OPTIONS } from '../../src/types/blocklist/screen.ts'
import { Button } from '../../src/ui/Button.tsx'
import { useOneAtATime } from '../-resources/useOneAtATime.ts'
import type { ResourcePage } from '../-resources/useResourcePage.ts'

const root = getRouteApi('__root__')

// The dialog (Headless UI's Dialog) loads when it is first opened.
const BlocklistImportDialog = lazy(() =>
  import('../../src/views/BlocklistImportDialog.tsx').then((module) => ({ default: module.BlocklistImportDialog })),
)

/** The Blocklist's "Paste values" beside the list (shown to an admin who may create entries). */
export default function BlocklistImport({ ui, page }: { ui: ResourceUi; page: ResourcePage }) {
  const { admin } = root.useRouteContext()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [action, setAction] = useState('block')
  // A double click on Import imports once: a second import found every value there and its report
  // ('0 entries added, 3 duplicates left out') replaced the first's.
  const once = useOneAtATime()
  const paste = useMutation({
    mutationFn: async (request: BlocklistImportInput) => (await admin()).importBlocklist(request),
    onSuccess: (report) => {
      if (report.added > 0)
        void page.queryClient.invalidateQueries({ queryKey: page.queries.ofType(ui, page.project ?? '') })
    },
  })
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          paste.reset()
          setOpen(true)
        }}
      >
        Paste values
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BlocklistImportDialog
            text={text}
            action={action}
            actions={BLOCKLIST_ACTION_OPTIONS}
            busy={paste.isPending}
            // A refused paste keeps its text to correct and send again.
            failure={paste.error?.message ?? null}
            report={paste.data ?? null}
            onText={setText}
            onAction={setAction}
            onSubmit={() => once(() => paste.mutateAsync({ text, action: action as BlocklistImportInput['action'] }))}
            onPasteMore={() => {
              setText('')
              paste.reset()
            }}
            onClose={() => {
              if (paste.isSuccess) setText('')
              setOpen(false)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
