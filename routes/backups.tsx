import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectIsProjectBusy, selectProjectName, selectProjectPermissions } from '../machines/project.selectors.ts'
import { grants } from '../src/domain/permissions.ts'
import { Spinner } from '../src/ui/Spinner.tsx'
import { PageHeading } from '../src/views/PageHeading.tsx'
import { BackupsScreen } from './-tools/BackupsScreen.tsx'

const root = getRouteApi('__root__')

export const Route = createFileRoute('/backups')({ component: Page })

function Page() {
  const { actors } = root.useRouteContext()
  const project = useSelector(actors.project, selectProjectName)
  const permissions = useSelector(actors.project, selectProjectPermissions)
  const busy = useSelector(actors.project, selectIsProjectBusy)
  const canList = grants(permissions, 'wadp.backups.list')
  const message = (text: string) => (
    <>
      <PageHeading title="Backups" />
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
