import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { grants } from '../../src/domain/permissions.ts'
import { queryError } from '../../src/queries/errors.ts'
import { resourceLabel } from '../../src/types/labels.ts'
import { pageOfResource } from '../../src/types/resource-routes.ts'
import { Button } from '../../src/ui/Button.tsx'
import { quietLinkClassName } from '../../src/ui/link.ts'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { AuditEntryPage } from '../../src/views/AuditEntryPage.tsx'
import { PageHeading } from '../../src/views/PageHeading.tsx'
import { RestoreVersion } from './RestoreVersion.tsx'

const root = getRouteApi('__root__')

export function AuditEntryScreen({ publicId }: { publicId: string }) {
  const { actors } = root.useRouteContext()
  const permissions = useSelector(actors.session, selectPermissions)
  const heading = <PageHeading title="Audit entry" />
  if (!grants(permissions, 'wadp.audit.list'))
    return (
      <>
        {heading}
        <p>You do not have permission to read the audit log.</p>
      </>
    )
  // /audit-detail without an id names no entry: nothing to ask the platform for.
  if (publicId === '')
    return (
      <>
        {heading}
        <p>
          Which audit entry? Pick one from the{' '}
          <Link to="/audit" className={quietLinkClassName}>
            audit log
          </Link>
          .
        </p>
      </>
    )
  return <Entry publicId={publicId} />
}

function Entry({ publicId }: { publicId: string }) {
  const { queries } = root.useRouteContext()
  // The console's own query: the page asks as it renders, not after the Admin section's kit (issue 27).
  const entry = useQuery(queries.audit.entry(publicId))
  if (entry.isPending) return <Spinner label="Loading the audit entry…" size="lg" />
  if (entry.isError)
    return (
      <>
        <PageHeading title="Audit entry" />
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <span>
            {queryError.isNotFound(entry.error)
              ? `There is no audit entry ${publicId}.`
              : `The audit entry could not be loaded: ${queryError.message(entry.error)}`}
          </span>
          {!queryError.isNotFound(entry.error) && (
            <Button variant="secondary" size="sm" onClick={() => void entry.refetch()}>
              Retry
            </Button>
          )}
        </div>
      </>
    )
  return (
    <AuditEntryPage
      entry={entry.data}
      restoreAction={<RestoreVersion entry={entry.data} />}
      renderResourceLink={(type, name, project) => {
        const page = pageOfResource(type, name)
        if (!page) return resourceLabel(type, name)
        return (
          <Link
            to={page as '/'}
            search={(previous) => ({ ...previous, project: project ?? previous.project })}
            className={quietLinkClassName}
          >
            {resourceLabel(type, name)}
          </Link>
        )
      }}
    />
  )
}
