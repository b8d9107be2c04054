import type { ReactNode } from 'react'
import type { NavLink, NavSection } from '../domain/navigation.ts'
import type { ProjectInfo } from '../domain/project.ts'

type Props = {
  project: ProjectInfo | null
  loading: boolean
  error: string | null
  sections: NavSection[]
  renderLink: (link: NavLink, children: ReactNode) => ReactNode
  /** The project's panels (traffic, sync, counts, certificates, last changes), loaded after the first paint. */
  overview?: ReactNode
}

/** /home: the selected project and the parts of the console this user may use in it. */
export function HomePage({ project, loading, error, sections, renderLink, overview }: Props) {
  if (error) {
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {error}
      </p>
    )
  }
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
      </header>
      {overview}
      {sections.length === 0 ? (
        <p>Your permissions in this project give you no configuration screens. Ask an administrator for access.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {sections.map((section) => (
            <section
              key={section.id}
              aria-labelledby={`home-${section.id}`}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
            >
              <h2 id={`home-${section.id}`} className="font-medium">
                {section.label}
              </h2>
              <ul className="mt-2 space-y-1 text-sm">
                {section.links.map((link) => (
                  <li key={link.to}>{renderLink(link, link.label)}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  )
}
