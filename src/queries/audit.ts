import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AuditRequest } from '../api/audit.ts'
import type { ApiClients } from '../api/http.ts'
import { retryWhileUnavailable } from './errors.ts'

/**
 * One page of the audit log. The Admin section's log and Home's last changes share its key, so what
 * invalidates the log (a restored version) reaches both.
 */
export const auditListKey = (filters: AuditRequest) => ['admin', 'audit', filters] as const

/**
 * The audit log's pages, with the console from the start: the Audit Log page asks as soon as it
 * renders, and the audit client (`src/api/audit.ts`, a small chunk) comes with the first call instead
 * of the Admin section's kit before it (issue 27).
 */
export function auditQueries(api: ApiClients) {
  return {
    list: (filters: AuditRequest) =>
      queryOptions({
        queryKey: auditListKey(filters),
        queryFn: () => import('../api/audit.ts').then(({ listAudit }) => listAudit(api, filters)),
        // The next page or filter replaces the rows when it arrives, without emptying the table first.
        placeholderData: keepPreviousData,
      }),
    /** One entry, asked for as its page renders: the audit client is already here when the log led to it. */
    entry: (publicId: string) =>
      queryOptions({
        queryKey: ['admin', 'audit', 'entry', publicId],
        queryFn: () => import('../api/audit.ts').then(({ getAuditEntry }) => getAuditEntry(api, publicId)),
        // A missing entry says so at once, as a resource's detail does: asking again cannot find it.
        retry: retryWhileUnavailable(0),
      }),
  }
}
