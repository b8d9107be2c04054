import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectPermissions } from '../machines/session.selectors.ts'
import { grants } from '../src/domain/permissions.ts'
import { PageHeading } from '../src/views/PageHeading.tsx'

const root = getRouteApi('__root__')

export const Route = createFileRoute('/management')({ component: Page })

const cardClassName =
  'flex flex-col gap-1 rounded-md border border-slate-200 p-4 hover:border-teal-600 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-slate-800'

/** The admin's place to delete customers and projects (RESOURCES.md): each deletion has its own page. */
function Page() {
  const { actors } = root.useRouteContext()
  const permissions = useSelector(actors.session, selectPermissions)
  const customers = grants(permissions, 'auth.customers.delete')
  const projects = grants(permissions, 'auth.projects.delete')
  return (
    <>
      <PageHeading
        title="Management"
        description="Delete a customer or a project: what goes is shown first, and its name must be typed again."
      />
      {!customers && !projects ? (
        <p>You do not have permission to delete customers or projects.</p>
      ) : (
        <ul className="grid max-w-3xl gap-4 sm:grid-cols-2">
          {customers && (
            <li>
              <Link to="/customer-delete" className={cardClassName}>
                <span className="font-medium text-teal-700 dark:text-teal-400">Delete a customer</span>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  With all its projects, their resources and the API tokens limited to them.
                </span>
              </Link>
            </li>
          )}
          {projects && (
            <li>
              <Link to="/project-delete" className={cardClassName}>
                <span className="font-medium text-teal-700 dark:text-teal-400">Delete a project</span>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  With its resources; API tokens limited to it lose it.
                </span>
              </Link>
            </li>
          )}
        </ul>
      )}
    </>
  )
}
