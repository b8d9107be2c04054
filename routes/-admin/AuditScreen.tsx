import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { AuditQuery } from '../../src/domain/audit.ts'
import { toFieldErrors } from '../../src/domain/common.ts'
import { grants } from '../../src/domain/permissions.ts'
import { LIST_PAGE_SIZE } from '../../src/domain/requests.ts'
import { queryError } from '../../src/queries/errors.ts'
import { useDrawnAnswer } from '../../src/ui/useDrawnAnswer.ts'
import { type AuditFilterValues, AuditLogPage } from '../../src/views/AuditLogPage.tsx'
import { PageHeading } from '../../src/views/PageHeading.tsx'

const root = getRouteApi('__root__')
/** The URL's search: the filters, with the project filter as `in_project`, and the page. */
type Search = Omit<AuditFilterValues, 'project'> & { in_project?: string | undefined; page?: number | undefined }

/** The Audit Log for a user allowed to read it (wadp.audit.list); the server checks it again. */
export function AuditScreen(props: {
  search: Search
  onSearch: (search: Search) => void
  renderEntryLink: (publicId: string, children: ReactNode, name: string) => ReactNode
}) {
  const { actors } = root.useRouteContext()
  const permissions = useSelector(actors.session, selectPermissions)
  if (!grants(permissions, 'wadp.audit.list'))
    return (
      <>
        <PageHeading title="Audit Log" />
        <p>You do not have permission to read the audit log.</p>
      </>
    )
  return <AuditList {...props} />
}

function AuditList({ search, onSearch, renderEntryLink }: Parameters<typeof AuditScreen>[0]) {
  const audit = root.useRouteContext({ select: (context) => context.queries.audit })
  const { page = 1, in_project, ...rest } = search
  const filters: AuditFilterValues = { ...rest, project: in_project }
  // The URL's filters (a shared or typed link) pass the form's own check, the server's schema, before the
  // log is asked for: what it refuses is said on the form's fields, as an Apply would say it.
  const checked = v.safeParse(AuditQuery, filters)
  const refused = checked.success
    ? undefined
    : Object.fromEntries(toFieldErrors(checked.issues).map((error) => [error.field, error.message]))
  const list = useQuery({
    ...audit.list({ ...filters, page, items: LIST_PAGE_SIZE.default }),
    enabled: refused === undefined,
  })
  // The entries are drawn as a transition, in short tasks.
  const data = useDrawnAnswer(list.data)
  const toSearch = ({ project, ...others }: AuditFilterValues): Search =>
    Object.fromEntries(Object.entries({ ...others, in_project: project }).filter(([, value]) => value))
  return (
    <AuditLogPage
      filters={filters}
      refused={refused}
      page={page}
      items={LIST_PAGE_SIZE.default}
      list={{
        status: list.isError && !data ? 'error' : data ? 'ready' : 'loading',
        rows: data?.data ?? [],
        total: data?.meta.total ?? 0,
        // The rows' places come from the answer shown, the previous page's while the next one is read.
        ...(data ? { first: (data.meta.page - 1) * data.meta.items + 1 } : {}),
        error: list.error ? queryError.message(list.error) : undefined,
      }}
      refreshing={list.isPlaceholderData}
      onApply={(next) => onSearch(toSearch(next))}
      onPage={(next) => onSearch({ ...toSearch(filters), page: next })}
      onRetry={() => void list.refetch()}
      renderEntryLink={renderEntryLink}
    />
  )
}
