import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import * as v from 'valibot'
import { BackendHealthScreen } from './-admin/BackendHealthScreen.tsx'

const name = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,62}$/))), undefined)

/**
 * The filters live in the URL, so a view can be shared; `project` is the selected project, kept on every
 * link, so the project filter is `in_project` (as on /audit). Unreadable values drop out.
 */
const BackendHealthSearch = v.object({ in_project: name, director: name })

const route = getRouteApi('/backend-health')

export const Route = createFileRoute('/backend-health')({ validateSearch: BackendHealthSearch, component: Page })

function Page() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  return (
    <BackendHealthScreen
      filters={{ project: search.in_project ?? '', director: search.director ?? '' }}
      onFilter={({ project, director }) =>
        void navigate({
          search: (previous) => ({
            project: previous.project,
            in_project: project || undefined,
            director: (project && director) || undefined,
          }),
        })
      }
    />
  )
}
