import { queryOptions } from '@tanstack/react-query'
import type { ApiClients } from '../api/http.ts'
import type { BackupRecord } from '../domain/backup.ts'

/** How many backups the page lists: the scheduled ones kept, and room for manual and uploaded ones. */
export const LISTED_BACKUPS = 100
/** How often the list is read again while a backup is being taken. */
const BACKUP_POLL_MS = 1000

/** A project's backups; what takes, uploads or restores one (the Tool section's kit) invalidates it. */
export const backupListKey = (project: string) => ['tools', project, 'backups'] as const

const inProgress = (backups: readonly BackupRecord[] | undefined) =>
  (backups ?? []).some((backup) => backup.status === 'queued' || backup.status === 'running')

/**
 * The Backups page's list, with the console from the start: the page asks as soon as it renders, and
 * the backups client (`src/api/backups.ts`) comes with the first call instead of the Tool section's kit
 * before it (issue 27).
 */
export function backupQueries(api: ApiClients) {
  return {
    /** Read again every second while a backup is queued or running, so its progress shows without a reload. */
    list: (project: string) =>
      queryOptions({
        queryKey: backupListKey(project),
        queryFn: () => import('../api/backups.ts').then(({ listBackups }) => listBackups(api, project, LISTED_BACKUPS)),
        refetchInterval: (query) => (inProgress(query.state.data?.data) ? BACKUP_POLL_MS : false),
      }),
  }
}
