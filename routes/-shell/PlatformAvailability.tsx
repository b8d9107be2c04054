import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useCallback, useSyncExternalStore } from 'react'
import { selectIsPlatformUnavailable } from '../../machines/session.selectors.ts'
import type { RouterContext } from '../../src/app/router-context.ts'
import { queryError } from '../../src/queries/errors.ts'
import { PlatformUnavailableNotice } from '../../src/views/PlatformUnavailableNotice.tsx'

/** Whether a query is asking an unavailable platform again right now (its last try got a 503, it retries). */
function retryingUnavailable(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.fetchStatus !== 'idle' && queryError.isUnavailable(query.state.fetchFailureReason))
}

/**
 * The notice that the platform is unavailable and that the console retries (issue 25): shown while a
 * query retries after a 503 (or no answer), or while the session's check or restore waits for the
 * platform; gone by itself once they get their answers, without a reload.
 */
export default function PlatformAvailability({ session }: { session: RouterContext['actors']['session'] }) {
  const queryClient = useQueryClient()
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  )
  const queries = useSyncExternalStore(subscribe, () => retryingUnavailable(queryClient))
  const waiting = useSelector(session, selectIsPlatformUnavailable)
  return queries || waiting ? <PlatformUnavailableNotice /> : null
}
