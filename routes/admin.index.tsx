import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { projectsUi } from '../src/types/projects/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

const filter = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(63))), undefined)

/** The list's params and its filters by organization and customer (projectsUi.listFilters). */
const ProjectsSearch = v.object({ ...ResourceListSearch.entries, organization: filter, customer: filter })

export const Route = createFileRoute('/admin/')({
  validateSearch: ProjectsSearch,
  loader: listLoader(projectsUi),
  component: () => <ResourceListRoute ui={projectsUi} />,
})
