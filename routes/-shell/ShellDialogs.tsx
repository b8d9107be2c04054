import { getRouteApi } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { usePreloadWhenIdle } from '../../src/ui/useLoadedWhenIdle.ts'
import type { Dialog, DialogListProps, Loaded } from './ShellDialogList.tsx'

const root = getRouteApi('__root__')
const loadDialogs = () => import('./ShellDialogList.tsx')
const DialogList = lazy(loadDialogs)

/**
 * The shell's dialogs: which one is open, and which have loaded. Each loads on first use, then stays
 * mounted so that closing can hand focus back to its opener.
 */
export function useShellDialogs(selectorOpen: boolean) {
  const { actors, quickSetup, shellActors } = root.useRouteContext()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [loaded, setLoaded] = useState<Loaded>(new Set())
  const opened = selectorOpen ? 'selector' : dialog
  if (opened && !loaded.has(opened)) setLoaded(new Set([...loaded, opened]))
  // A sync view polls while it is open: it starts with the dialog, which opens once its machine is there
  // (not saying "No nodes reported." while it is on its way).
  const showSync = (sync: typeof actors.projectSync, shown: 'sync' | 'adminSync') => () => {
    sync.send({ type: 'sync.start', explicit: false })
    void shellActors().then(() => setDialog(shown))
  }
  return {
    dialogs: { dialog, loaded, selectorOpen, close: () => setDialog(null) },
    showVersions: () => setDialog('versions'),
    showSyncStatus: showSync(actors.projectSync, 'sync'),
    showAdminSyncStatus: showSync(actors.adminSync, 'adminSync'),
    // The wizard's machine loads with its dialog, on the first click: it opens once both are there.
    openQuickSetup: (project: string) => {
      setLoaded((current) => (current.has('quickSetup') ? current : new Set([...current, 'quickSetup'])))
      void quickSetup().then((wizard) => wizard.send({ type: 'wizard.open', project }))
    },
  }
}

/**
 * The dialogs loaded so far, the open one shown: their switch (ShellDialogList.tsx) is fetched when the
 * page is idle after its first paint, or with the first dialog opened before that.
 */
export function ShellDialogs(props: DialogListProps) {
  usePreloadWhenIdle(loadDialogs)
  // And the machines of the shell's actors (the selector's, the search's, the sync checks'), ahead of their use.
  usePreloadWhenIdle(root.useRouteContext().shellActors)
  if (props.loaded.size === 0) return null
  return (
    <Suspense fallback={null}>
      <DialogList {...props} />
    </Suspense>
  )
}
