import { useQuery } from '@tanstack/react-query'
import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { use, useState } from 'react'
import {
  selectCurrent,
  selectDraft,
  selectErrors,
  selectIsConfirming,
  selectIsSending,
  selectMessage,
} from '../machines/invalidation.selectors.ts'
import { selectIsProjectBusy, selectProjectName, selectProjectPermissions } from '../machines/project.selectors.ts'
import { grants } from '../src/domain/permissions.ts'
import { checkInvalidationDraft, purgeRequestSchema, withFollowed } from '../src/domain/purge.ts'
import { queryError } from '../src/queries/errors.ts'
import { Spinner } from '../src/ui/Spinner.tsx'
import { InvalidationPage } from '../src/views/InvalidationPage.tsx'
import { PageHeading } from '../src/views/PageHeading.tsx'

const root = getRouteApi('__root__')

export const Route = createFileRoute('/invalidation')({ component: Page })

function Page() {
  const { actors } = root.useRouteContext()
  const project = useSelector(actors.project, selectProjectName)
  const permissions = useSelector(actors.project, selectProjectPermissions)
  const busy = useSelector(actors.project, selectIsProjectBusy)
  const canPurge = grants(permissions, 'wadp.purge.create')
  const message = (text: string) => (
    <>
      <PageHeading title="Invalidation" />
      <p>{text}</p>
    </>
  )
  if (!project) return message('Select a project to invalidate its cached content.')
  // The project's permissions arrive with it: no verdict before they do.
  if (!canPurge && busy) return <Spinner label="Loading your permissions…" size="lg" />
  if (!canPurge) return message('You do not have permission to invalidate cached content in this project.')
  return <ProjectInvalidation key={project} project={project} />
}

function ProjectInvalidation({ project }: { project: string }) {
  const { tools } = root.useRouteContext()
  const { queries } = use(tools())
  const domains = useQuery(queries.domains(project))
  if (domains.isPending) return <Spinner label="Loading the project’s domains…" size="lg" />
  return <InvalidationForm project={project} domains={domains.data ?? []} />
}

function InvalidationForm({ project, domains }: { project: string; domains: string[] }) {
  const { tools } = root.useRouteContext()
  const { queries, invalidation } = use(tools())
  // The machine and its schema are made once: the actor keeps the form from then on.
  const [machine] = useState(() => invalidation(project))
  const [input] = useState(() => {
    const schema = purgeRequestSchema(domains)
    return { check: (draft: Parameters<typeof checkInvalidationDraft>[0]) => checkInvalidationDraft(draft, schema) }
  })
  const actor = useActorRef(machine, { input })
  const recent = useQuery(queries.recentPurges(project))
  // The followed invalidation and the list, each as the latest of their readings has it.
  const shown = withFollowed(recent.data?.data ?? [], useSelector(actor, selectCurrent))
  return (
    <InvalidationPage
      project={project}
      draft={useSelector(actor, selectDraft)}
      errors={useSelector(actor, selectErrors)}
      message={useSelector(actor, selectMessage)}
      sending={useSelector(actor, selectIsSending)}
      confirming={useSelector(actor, selectIsConfirming)}
      current={shown.followed}
      recent={{
        status: recent.isError ? 'error' : recent.data ? 'ready' : 'loading',
        rows: shown.rows,
        total: recent.data?.meta.total ?? 0,
        error: recent.error ? queryError.message(recent.error) : undefined,
      }}
      canPurge
      onChange={(patch) => actor.send({ type: 'draft.change', patch })}
      onSubmit={() => actor.send({ type: 'purge.submit' })}
      onConfirm={() => actor.send({ type: 'purge.confirm' })}
      onCancel={() => actor.send({ type: 'purge.cancel' })}
      onAgain={({ type, targets, soft }) => actor.send({ type: 'purge.again', request: { type, targets, soft } })}
      onRetryRecent={recent.refetch}
    />
  )
}
