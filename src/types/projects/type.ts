import { platform, type TypeEntry } from '../../domain/type-entry.ts'

export const projectsType: TypeEntry = {
  ...platform('projects', 'auth', 'Projects', 'project', 'projects_name'),
  route: 'project',
  // The Admin section's first link, Projects, opens /admin (a page of its own, not a type's list).
  nav: undefined,
  page: '/admin/projects-detail/{name}',
  ownPages: ['list', 'detail'],
}
