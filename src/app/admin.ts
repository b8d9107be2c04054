import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type AuditRequest, getAuditEntry, listAudit } from '../api/audit.ts'
import type { ApiClients } from '../api/http.ts'

/** The Admin section's queries (issue 13), loaded with the first of its pages. */
export function adminTools(api: ApiClients) {
  const all = ['admin'] as const
  return {
    queries: {
      audit: (filters: AuditRequest) =>
        queryOptions({
          queryKey: [...all, 'audit', filters],
          queryFn: () => listAudit(api, filters),
          // The next page or filter replaces the rows when it arrives, without emptying the table first.
          placeholderData: keepPreviousData,
        }),
      auditEntry: (publicId: string) =>
        queryOptions({ queryKey: [...all, 'audit', 'entry', publicId], queryFn: () => getAuditEntry(api, publicId) }),
    },
  }
}
export type AdminTools = ReturnType<typeof adminTools>
