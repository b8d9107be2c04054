import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, retainSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'

export type RouterContext = { queryClient: QueryClient }

const RootSearch = v.object({ project: v.optional(v.string()) })

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: RootSearch,
  // The selected project travels in ?project= and every link keeps it (spec section 2).
  search: { middlewares: [retainSearchParams(['project'])] },
  component: Outlet,
})
