import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectProjectName } from '../../machines/project.selectors.ts'
import { selectSelectorFilter, selectSelectorStatus } from '../../machines/project-selector.selectors.ts'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { allows, FEATURE_RULES } from '../../src/types/navigation.ts'
import { ProjectSelectorModal } from '../../src/views/ProjectSelectorModal.tsx'

const root = getRouteApi('__root__')

/** The project selector dialog, loaded when it first opens (it brings the virtualised table). */
export default function ProjectSelector({ open }: { open: boolean }) {
  const { actors, queries } = root.useRouteContext()
  const selector = actors.projectSelector
  const filter = useSelector(selector, selectSelectorFilter)
  const status = useSelector(selector, selectSelectorStatus)
  const current = useSelector(actors.project, selectProjectName)
  const permissions = useSelector(actors.session, selectPermissions)
  const projects = useQuery({ ...queries.projects.selectorList(), enabled: false })
  const navigate = root.useNavigate()
  const close = () => selector.send({ type: 'selector.close' })
  return (
    <ProjectSelectorModal
      open={open}
      onCancel={close}
      projects={projects.data}
      status={status}
      filter={filter}
      onFilter={(text) => selector.send({ type: 'selector.filter', text })}
      onSelect={(name) => {
        close()
        actors.project.send({ type: 'project.select', name })
      }}
      currentProject={current}
      showCreateCustomer={allows(permissions, FEATURE_RULES.createCustomer)}
      onCreateCustomer={() => {
        close()
        void navigate({ to: '/admin/customers-add' })
      }}
      showCreateProject={allows(permissions, FEATURE_RULES.createProject)}
      onCreateProject={() => {
        close()
        void navigate({ to: '/admin/projects-add' })
      }}
    />
  )
}
