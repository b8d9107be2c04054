import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectIsProjectBusy, selectProjectName, selectProjectPermissions } from '../machines/project.selectors.ts'
import { PAGE_HEADINGS } from '../src/domain/page-headings.ts'
import { grants } from '../src/domain/permissions.ts'
import { Spinner } from '../src/ui/Spinner.tsx'
import { PageHeading } from '../src/views/PageHeading.tsx'
import { BackupsScreen } from './-tools/BackupsScreen.tsx'

const root = getRouteApi('__root__')

export const Route = createFileRoute('/backups')({
  // The list is asked for as the route starts, not once the page has rendered (the page reads the same
  // query); only for the selected project, and when the user may list its backups. It never fails.
  loader: ({ context }) => {
    const project = selectProjectName(context.actors.project.getSnapshot())
    if (
      project === null ||
      !grants(selectProjectPermissions(context.actors.project.getSnapshot()), 'wadp.backups.list')
    )
      return
    void context.queryClient.prefetchQuery(context.queries.backups.list(project))
  },
  component: Page,
})

function Page() {
  const { actors } = root.useRouteContext()
  const project = useSelector(actors.project, selectProjectName)
  const permissions = useSelector(actors.project, selectProjectPermissions)
  const busy = useSelector(actors.project, selectIsProjectBusy)
  const canList = grants(permissions, 'wadp.backups.list')
  const message = (text: string) => (
    <>
      <PageHeading title={PAGE_HEADINGS['/backups'].title} />
      <p>{text}</p>
    </>
  )
  if (!project) return message('Select a project to see its backups.')
  // The project's permissions arrive with it: no verdict before they do.
  if (!canList && busy) return <Spinner label="Loading your permissions…" size="lg" />
  if (!canList) return message('You do not have permission to see the backups of this project.')
  return (
    <BackupsScreen
      key={project}
      project={project}
      can={{
        create: grants(permissions, 'wadp.backups.create'),
        download: grants(permissions, 'wadp.backups.get'),
        restore: grants(permissions, 'wadp.backups.restore'),
      }}
    />
  )
}
