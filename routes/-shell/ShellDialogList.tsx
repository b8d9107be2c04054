import { lazy, Suspense } from 'react'

const ProjectSelector = lazy(() => import('./ProjectSelector.tsx'))
const AppVersions = lazy(() => import('./AppVersions.tsx'))
const QuickSetup = lazy(() => import('./QuickSetup.tsx'))
const SyncStatus = lazy(() => import('./SyncStatus.tsx'))

export type Dialog = 'versions' | 'sync' | 'adminSync'
export type Loaded = ReadonlySet<Dialog | 'selector' | 'quickSetup'>
export type DialogListProps = { dialog: Dialog | null; loaded: Loaded; selectorOpen: boolean; close: () => void }

/** The dialogs loaded so far, the open one shown. */
export default function ShellDialogList({ dialog, loaded, selectorOpen, close }: DialogListProps) {
  return (
    <Suspense fallback={null}>
      {loaded.has('selector') && <ProjectSelector open={selectorOpen} />}
      {loaded.has('versions') && <AppVersions open={dialog === 'versions'} onClose={close} />}
      {loaded.has('quickSetup') && <QuickSetup />}
      {loaded.has('sync') && <SyncStatus kind="project" open={dialog === 'sync'} onClose={close} />}
      {loaded.has('adminSync') && <SyncStatus kind="admin" open={dialog === 'adminSync'} onClose={close} />}
    </Suspense>
  )
}
