import { Link } from '@tanstack/react-router'
import type { StoredRecord } from '../api/resources.ts'
import type { AuditSummary } from '../domain/audit.ts'
import { formatDateTime } from '../domain/datetime.ts'
import { actionLabel } from '../types/action-labels.ts'
import { resourceLabel } from '../types/labels.ts'
import { quietLinkClassName } from '../ui/link.ts'
import { DetailPanel, type PanelState } from './DetailPanel.tsx'

/** A user's detail page below the fields: when they last signed in, the API tokens they own, their last audit entries. */
export function UserActivity({
  lastLoginAt,
  tokens,
  audit,
}: {
  lastLoginAt: string | null
  tokens: PanelState<readonly StoredRecord[]>
  audit: PanelState<readonly AuditSummary[]>
}) {
  return (
    <>
      <p>
        <span className="font-medium">Last sign-in:</span> {lastLoginAt ? formatDateTime(lastLoginAt) : 'never'}
      </p>
      <DetailPanel id="user-tokens" title="API tokens they own" state={tokens} empty="They own no API token.">
        {(rows) => (
          <ul className="flex flex-col gap-1">
            {rows.map((token) => (
              <li key={token.name}>
                <Link
                  to="/tokens-detail/{-$tokens_name}"
                  params={{ tokens_name: token.name }}
                  className={quietLinkClassName}
                >
                  {token.name}
                </Link>{' '}
                <span className="text-sm text-slate-600 dark:text-slate-400">({String(token.status ?? '')})</span>
              </li>
            ))}
          </ul>
        )}
      </DetailPanel>
      <DetailPanel
        id="user-audit"
        title="Recent audit entries"
        state={audit}
        empty="No audit entry names them as the actor."
      >
        {(entries) => (
          <ul className="flex flex-col gap-1">
            {entries.map((entry) => (
              <li key={entry.public_id}>
                <Link
                  to="/audit-detail/{-$audit_public_id}"
                  params={{ audit_public_id: entry.public_id }}
                  className={quietLinkClassName}
                >
                  <span className="tabular-nums">{formatDateTime(entry.occurred_at)}</span> {actionLabel(entry.action)}
                </Link>{' '}
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {entry.result === 'success' ? 'Success' : 'Failure'}
                  {entry.resource ? ` · ${resourceLabel(entry.resource.type, entry.resource.name)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </DetailPanel>
    </>
  )
}
