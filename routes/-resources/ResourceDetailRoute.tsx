import { Link, type LinkProps } from '@tanstack/react-router'
import { type ResourceUi, resourceRoutes, titleInSentence } from '../../src/domain/resource-ui.ts'
import { quietLinkClassName } from '../../src/ui/link.ts'
import { Spinner } from '../../src/ui/Spinner.tsx'
import type { DetailAddons } from './detail-addons.ts'
import { PageMessage } from './PageMessage.tsx'
import { ResourceDetailPage } from './ResourceDetailPage.tsx'
import { useResourcePage } from './useResourcePage.ts'

export type { AddonContext, DetailAddons } from './detail-addons.ts'

/** A resource's detail page: its fields, edit and delete by permission, and "Copy as JSON". */
export function ResourceDetailRoute({
  ui,
  name,
  addons,
}: {
  ui: ResourceUi
  name: string | undefined
  addons?: DetailAddons
}) {
  const page = useResourcePage(ui)
  const routes = resourceRoutes(ui)
  // No way back to a list the user may not see (it would only refuse them).
  const listLink = page.can.list && (
    <Link to={routes.list as LinkProps['to']} className={quietLinkClassName}>
      Back to {ui.title}
    </Link>
  )
  if (!name) return <PageMessage title={ui.title} text={`Which ${ui.one}? Pick one from the list.`} link={listLink} />
  if (page.project === null) return <PageMessage title={ui.title} text="Select a project first." />
  if (!page.can.get && page.waiting) return <Spinner label="Loading your permissions…" size="lg" />
  if (!page.can.get)
    return <PageMessage title={ui.title} text={`You do not have permission to see ${titleInSentence(ui)}.`} />
  return (
    <ResourceDetailPage ui={ui} name={name} project={page.project} page={page} listLink={listLink} addons={addons} />
  )
}
