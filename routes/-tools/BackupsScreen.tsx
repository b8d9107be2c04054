import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { use, useState } from 'react'
import {
  selectRestoreApplied,
  selectRestoreBackup,
  selectRestoreBusy,
  selectRestoreMessage,
  selectRestorePlan,
  selectRestoreReplanned,
  selectRestoreStep,
} from '../../machines/backup-restore.selectors.ts'
import type { BackupRecord } from '../../src/domain/backup.ts'
import { queryError } from '../../src/queries/errors.ts'
import { useDrawnAnswer } from '../../src/ui/useDrawnAnswer.ts'
import { BackupsPage, type BackupsPageProps, backupLabel } from '../../src/views/BackupsPage.tsx'
import { saveFile } from './saveFile.ts'

const root = getRouteApi('__root__')
type Action = BackupsPageProps['action']
const IDLE: Action = { busy: null, error: null, notice: null }

/** The Backups page of one project: its list, the take / upload / download calls and the restore machine. */
export function BackupsScreen({ project, can }: { project: string; can: BackupsPageProps['can'] }) {
  const { tools } = root.useRouteContext()
  const { queries, backups, restore } = use(tools())
  const list = useQuery(queries.backups(project))
  // The backups are drawn as a transition, in short tasks.
  const data = useDrawnAnswer(list.data)
  const [machine] = useState(() => restore(project))
  const actor = useActorRef(machine)
  const [action, setAction] = useState<Action>(IDLE)
  const run = async (busy: Action['busy'], work: () => Promise<string | null>) => {
    setAction({ busy, error: null, notice: null })
    try {
      setAction({ ...IDLE, notice: await work() })
    } catch (error) {
      setAction({ ...IDLE, error: queryError.message(error) })
    }
  }
  const readDocument = async (file: File): Promise<unknown> => {
    try {
      return JSON.parse(await file.text())
    } catch {
      throw new Error(`${file.name} is not a backup document: it does not hold JSON.`)
    }
  }
  return (
    <BackupsPage
      project={project}
      backups={{
        status: list.isError ? 'error' : data ? 'ready' : 'loading',
        rows: data?.data ?? [],
        error: list.error ? queryError.message(list.error) : undefined,
      }}
      can={can}
      action={action}
      restore={{
        step: useSelector(actor, selectRestoreStep),
        busy: useSelector(actor, selectRestoreBusy),
        backup: useSelector(actor, selectRestoreBackup),
        plan: useSelector(actor, selectRestorePlan),
        applied: useSelector(actor, selectRestoreApplied),
        message: useSelector(actor, selectRestoreMessage),
        replanned: useSelector(actor, selectRestoreReplanned),
      }}
      onCreate={(name) =>
        void run('create', async () => {
          await backups.create(project, name)
          return 'Backup started: it appears in the list below when it is taken.'
        })
      }
      onUpload={(file) =>
        void run('upload', async () => {
          const uploaded = await backups.upload(project, await readDocument(file))
          return `Uploaded ${file.name} as “${backupLabel(uploaded)}”.`
        })
      }
      onDownload={(backup: BackupRecord) =>
        void run(null, async () => {
          const { fileName, text } = await backups.download(project, backup.name)
          saveFile(fileName, text)
          return null
        })
      }
      onRestore={(backup) =>
        actor.send({ type: 'restore.open', backup: { name: backup.name, label: backupLabel(backup) } })
      }
      onConfirmRestore={() => actor.send({ type: 'restore.confirm' })}
      onRetryRestore={() => actor.send({ type: 'restore.retry' })}
      onCloseRestore={() => actor.send({ type: 'restore.close' })}
      onRetryList={() => void list.refetch()}
    />
  )
}
