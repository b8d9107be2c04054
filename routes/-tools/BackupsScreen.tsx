import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import type { BackupRecord } from '../../src/domain/backup.ts'
import { queryError } from '../../src/queries/errors.ts'
import { useDrawnAnswer } from '../../src/ui/useDrawnAnswer.ts'
import { useLoaded } from '../../src/ui/useLoadedWhenIdle.ts'
import { BackupsPage, type BackupsPageProps, backupLabel } from '../../src/views/BackupsPage.tsx'
import { saveFile } from './saveFile.ts'
import { useRestoreView } from './useRestoreView.ts'

const root = getRouteApi('__root__')
type Action = BackupsPageProps['action']
const IDLE: Action = { busy: null, error: null, notice: null }
type Kit = Awaited<ReturnType<ReturnType<typeof root.useRouteContext>['tools']>>

/**
 * The Backups page of one project: its list, the take / upload / download calls and the restore machine.
 * The list is asked for as the page renders, through the console's own query; the Tool section's kit
 * (the calls, the restore machine) comes after it, and nothing waits for it but what needs it (issue 27).
 */
export function BackupsScreen({ project, can }: { project: string; can: BackupsPageProps['can'] }) {
  const { queries, tools } = root.useRouteContext()
  const list = useQuery(queries.backups.list(project))
  // The backups are drawn as a transition, in short tasks.
  const data = useDrawnAnswer(list.data)
  // The kit is asked for once the rows are drawn (or the list failed): before, its files would take the
  // connections the list's client and request wait for (HTTP/1.1), and its code the main thread the rows'
  // drawing needs. A take, upload or download asked for before asks for it then.
  const kit = useLoaded(tools, data !== undefined || list.isError)
  // The project's restore is the kit's: one left under way is shown again, with its outcome, on coming back.
  const restore = kit?.restore(project)
  const restoreView = useRestoreView(restore)
  const [action, setAction] = useState<Action>(IDLE)
  const run = async (busy: Action['busy'], work: (kit: Kit) => Promise<string | null>) => {
    setAction({ busy, error: null, notice: null })
    try {
      setAction({ ...IDLE, notice: await work(await tools()) })
    } catch (error) {
      setAction({ ...IDLE, error: queryError.message(error) })
    }
  }
  return (
    <BackupsPage
      project={project}
      backups={{
        status: list.isError ? 'error' : data ? 'ready' : 'loading',
        rows: data?.data ?? [],
        total: data?.meta.total,
        error: list.error ? queryError.message(list.error) : undefined,
      }}
      can={can}
      action={action}
      restoreReady={restore !== undefined}
      restore={restoreView}
      onCreate={(name) =>
        void run('create', async ({ backups }) => {
          await backups.create(project, name)
          return 'Backup started: it appears in the list below when it is taken.'
        })
      }
      onUpload={(file) =>
        void run('upload', async ({ backups }) => {
          const uploaded = await backups.upload(project, file)
          return `Uploaded ${file.name} as “${backupLabel(uploaded)}”.`
        })
      }
      onDownload={(backup: BackupRecord) =>
        void run(null, async ({ backups }) => {
          const { fileName, text } = await backups.download(project, backup.name)
          saveFile(fileName, text)
          return null
        })
      }
      onRestore={(backup) =>
        restore?.send({ type: 'restore.open', backup: { name: backup.name, label: backupLabel(backup) } })
      }
      onConfirmRestore={() => restore?.send({ type: 'restore.confirm' })}
      onRetryRestore={() => restore?.send({ type: 'restore.retry' })}
      onCloseRestore={() => restore?.send({ type: 'restore.close' })}
      onRetryList={() => void list.refetch()}
    />
  )
}
