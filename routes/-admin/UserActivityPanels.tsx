import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { use } from 'react'
import type { StoredRecord } from '../../src/api/resources.ts'
import { UserActivity } from '../../src/views/UserActivity.tsx'
import { panelState } from '../-resources/panelState.ts'

const root = getRouteApi('__root__')

/** When the user last signed in, the API tokens they own, and their last ten audit entries. */
export function UserActivityPanels({ record }: { record: StoredRecord }) {
  const context = root.useRouteContext()
  const { queries } = use(context.admin())
  const tokens = useQuery(queries.userTokens(record.name))
  const audit = useQuery(context.queries.audit.list({ actor: record.name, items: 10 }))
  return (
    <UserActivity
      lastLoginAt={typeof record.last_login_at === 'string' ? record.last_login_at : null}
      tokens={panelState(tokens, 'Their tokens')}
      audit={panelState(audit, 'Their audit entries', (page) => page.data)}
    />
  )
}
