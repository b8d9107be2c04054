import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, use } from 'react'
import { selectProjectName, selectProjectPermissions } from '../../machines/project.selectors.ts'
import { grants } from '../../src/domain/permissions.ts'
import { InventoryPage, type RenderPath } from '../../src/views/InventoryPage.tsx'
import { PageHeading } from '../../src/views/PageHeading.tsx'
import { panelState } from '../-resources/panelState.ts'

const root = getRouteApi('__root__')

type Search = { q?: string | undefined; type?: string | undefined; name?: string | undefined }
type Props = {
  search: Search
  onFilter: (q: string) => void
  link: RenderPath
  choose: (type: string, name: string, children: ReactNode) => ReactNode
}

/** /resources for the selected project, for a user who may read it (wadp.projects.get); the server checks it. */
export function InventoryScreen(props: Props) {
  const { actors } = root.useRouteContext()
  const project = useSelector(actors.project, selectProjectName)
  const permissions = useSelector(actors.project, selectProjectPermissions)
  const message = !project
    ? 'Select a project to see its resources.'
    : !grants(permissions, 'wadp.projects.get')
      ? 'You do not have permission to read this project.'
      : null
  if (message || !project)
    return (
      <>
        <PageHeading title="Resources" />
        <p>{message}</p>
      </>
    )
  return <Inventory project={project} {...props} />
}

function Inventory({ project, search, onFilter, link, choose }: Props & { project: string }) {
  const { admin } = root.useRouteContext()
  const { inventory } = use(admin())
  const q = search.q?.trim() ?? ''
  const types = useQuery(inventory.types(project))
  const matches = useQuery({ ...inventory.names(project, q, 1), enabled: q !== '' })
  const chosen = search.type && search.name ? { type: search.type, name: search.name } : null
  const references = useQuery({
    ...inventory.references(project, chosen?.type ?? '', chosen?.name ?? ''),
    enabled: chosen !== null,
  })
  return (
    <InventoryPage
      types={panelState(types, 'The inventory')}
      filter={q}
      onFilter={onFilter}
      matches={
        q === '' ? null : panelState(matches, 'The matches', (data) => ({ items: data.data, total: data.meta.total }))
      }
      chosen={chosen && { ...chosen, references: panelState(references, 'The references') }}
      link={link}
      choose={choose}
    />
  )
}
