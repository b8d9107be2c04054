import { queryOptions } from '@tanstack/react-query'
import { type AuditRequest, listAudit } from '../api/audit.ts'
import type { ApiClients } from '../api/http.ts'

/**
 * One page of the audit log. The Admin section's log and Home's last changes share it, key included, so
 * what invalidates the log (a restored version) reaches both; a module of its own keeps the Admin
 * section's code (its machines and other queries) off Home.
 */
export const auditListQuery = (api: ApiClients, filters: AuditRequest) =>
  queryOptions({ queryKey: ['admin', 'audit', filters], queryFn: () => listAudit(api, filters) })
