import type { UseQueryResult } from '@tanstack/react-query'
import { queryError } from '../../src/queries/errors.ts'
import type { PanelState } from '../../src/views/DetailPanel.tsx'

/** A query as a detail panel shows it: loading, the reason with a retry, or its data (or the part `pick` takes). */
export function panelState<T, R = T>(query: UseQueryResult<T>, what: string, pick?: (data: T) => R): PanelState<R> {
  if (query.isPending) return { status: 'loading' }
  if (query.isError)
    return {
      status: 'error',
      message: `${what} could not be loaded: ${queryError.message(query.error)}`,
      onRetry: () => void query.refetch(),
    }
  return { status: 'ready', data: pick ? pick(query.data) : (query.data as unknown as R) }
}
