import type { ReactNode } from 'react'
import type { ProjectInfo } from '../domain/project.ts'
import type { NavSection } from '../types/navigation.ts'
import { usePageTitle } from '../ui/usePageTitle.ts'

type Props = {
  project: ProjectInfo | null
  loading: boolean
  sections: NavSection[]
  /** The project's panels (traffic, sync, counts, certificates, last changes), loaded after the first paint. */
  overview?: ReactNode
}

/**
 * /home: the selected project's overview (RESOURCES.md: not a list of links; the sidebar has them). The
 * panels arrive after the first paint, below the heading, so nothing already shown moves. A project that
 * is not there or failed to load is said by the shell in its place (routes/-shell/ProjectProblem.tsx).
 */
export function HomePage({ project, loading, sections, overview }: Props) {
  usePageTitle(project?.display_name ?? project?.name ?? 'Home')
  if (loading || !project) return <p aria-busy="true">Loading the project…</p>
  const { customer, organization } = project['@parents']
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-semibold">{project.display_name ?? project.name}</h1>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <div className="flex gap-1">
            <dt>Project ID:</dt>
            <dd className="font-mono">{project.name}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Customer:</dt>
            <dd>{customer.display_name ?? customer.name}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Organisation:</dt>
            <dd>{organization.display_name ?? organization.name}</dd>
          </div>
        </dl>
        {/* Shown with the first paint: the page's largest text until the panels below fill in. */}
        <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">
          The project at a glance: its traffic over the last 24 hours, whether every node has its configuration, what it
          holds, which certificates need attention and what changed last. Each part follows your permissions and loads
          on its own.
        </p>
      </header>
      {overview}
      {sections.length === 0 && (
        <p>Your permissions in this project give you no configuration screens. Ask an administrator for access.</p>
      )}
    </div>
  )
}
