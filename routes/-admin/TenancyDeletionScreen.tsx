import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { use } from 'react'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { selectCanDelete, selectError, selectPhase, selectPreview } from '../../machines/tenancy-deletion.selectors.ts'
import { grants } from '../../src/domain/permissions.ts'
import type { TenancyKind } from '../../src/domain/tenancy-deletion.ts'
import { queryError, retryWhileUnavailable } from '../../src/queries/errors.ts'
import { customersUi } from '../../src/types/customers/screen.ts'
import { projectsUi } from '../../src/types/projects/screen.ts'
import { quietLinkClassName } from '../../src/ui/link.ts'
import { PageHeading } from '../../src/views/PageHeading.tsx'
import { TenancyDeletionPage } from '../../src/views/TenancyDeletionPage.tsx'

const root = getRouteApi('__root__')

/** /customer-delete and /project-delete, for an admin holding auth.{customers|projects}.delete. */
export function TenancyDeletionScreen({ kind }: { kind: TenancyKind }) {
  const { actors } = root.useRouteContext()
  const permissions = useSelector(actors.session, selectPermissions)
  if (!grants(permissions, `auth.${kind}s.delete`))
    return (
      <>
        <PageHeading title={kind === 'customer' ? 'Delete a customer' : 'Delete a project'} />
        <p>You do not have permission to delete {kind}s.</p>
      </>
    )
  return <Deletion kind={kind} />
}

function Deletion({ kind }: { kind: TenancyKind }) {
  const { admin, resources } = root.useRouteContext()
  const { machines } = use(admin())
  const { queries } = use(resources())
  const ui = kind === 'customer' ? customersUi : projectsUi
  const names = useQuery({ ...queries.names(ui, '', ''), retry: retryWhileUnavailable(0) })
  const actor = useActorRef(machines.tenancyDeletion(), { input: { kind } })
  const phase = useSelector(actor, selectPhase)
  const chosen = useSelector(actor, (snapshot) => snapshot.context.name)
  const typed = useSelector(actor, (snapshot) => snapshot.context.typed)
  const preview = useSelector(actor, selectPreview)
  const canDelete = useSelector(actor, selectCanDelete)
  const error = useSelector(actor, selectError)
  return (
    <TenancyDeletionPage
      kind={kind}
      choices={{
        options: (names.data?.names ?? []).map((item) => ({
          value: item.name,
          label: item.display_name ? `${item.name} (${item.display_name})` : item.name,
        })),
        loading: names.isPending,
        error: names.isError ? `The ${kind}s could not be loaded: ${queryError.message(names.error)}` : null,
      }}
      chosen={chosen}
      phase={phase}
      preview={preview}
      typed={typed}
      canDelete={canDelete}
      error={error}
      onChoose={(name) => actor.send({ type: 'deletion.choose', name })}
      onType={(text) => actor.send({ type: 'deletion.type', text })}
      onDelete={() => actor.send({ type: 'deletion.confirm' })}
      onRetry={() => actor.send({ type: 'deletion.retry' })}
      onReset={() => actor.send({ type: 'deletion.reset' })}
      backLink={
        <Link to="/management" className={quietLinkClassName}>
          Back to Management
        </Link>
      }
    />
  )
}
