import { queryOptions } from '@tanstack/react-query'
import { listDirectorNames } from '../api/configuration.ts'
import type { ApiClients } from '../api/http.ts'

export function configurationQueries(api: ApiClients) {
  const all = ['configuration'] as const
  return {
    all,
    /** Directors by name, for the quick-setup wizard's Existing origin (refetched after it creates one). */
    directorNames: (project: string) =>
      queryOptions({
        queryKey: [...all, project, 'directors', 'names'],
        queryFn: () => listDirectorNames(api, project),
      }),
  }
}
