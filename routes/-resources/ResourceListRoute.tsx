import type { ReactNode } from 'react'
import { type ResourceUi, titleInSentence } from '../../src/domain/resource-ui.ts'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { PageHeading } from '../../src/views/PageHeading.tsx'
import { type ListAddons, ProjectList } from './ProjectList.tsx'
import { useResourcePage } from './useResourcePage.ts'

/** A resource type's list page (/websites, /directors…): the URL's list params, one server page, deletion. */
export function ResourceListRoute({ ui, addons }: { ui: ResourceUi; addons?: ListAddons }) {
  const page = useResourcePage(ui)
  const plural = titleInSentence(ui)
  const message = (text: ReactNode) => (
    <>
      <PageHeading title={ui.title} />
      {text}
    </>
  )
  // The project's permissions arrive with it: no verdict before they do.
  if (page.waiting && !page.can.list) return message(<Spinner label={`Loading ${plural}…`} size="lg" />)
  if (page.project === null) return message(<p>Select a project to see its {plural}.</p>)
  if (!page.can.list) return message(<p>You do not have permission to list {plural}.</p>)
  // A deletion belongs to one project: another project gets its own actor.
  return <ProjectList key={page.project} ui={ui} project={page.project} page={page} addons={addons} />
}
