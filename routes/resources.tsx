import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { quietLinkClassName } from '../src/ui/link.ts'
import { InventoryScreen } from './-admin/InventoryScreen.tsx'

const text = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200))), undefined)

/** The name filter and the chosen resource live in the URL, so a view can be shared or reloaded. */
const ResourcesSearch = v.object({ q: text, type: text, name: text })

const route = getRouteApi('/resources')

export const Route = createFileRoute('/resources')({ validateSearch: ResourcesSearch, component: Page })

function Page() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  return (
    <InventoryScreen
      search={search}
      onFilter={(q) => void navigate({ search: (previous) => ({ ...previous, q: q || undefined }), replace: true })}
      link={(path, children) => (
        // Every page takes the project from ?project=, which the root route keeps on links.
        <Link to={path as '/'} className={quietLinkClassName}>
          {children}
        </Link>
      )}
      choose={(type: string, name: string, children: ReactNode) => (
        <Link to="/resources" search={(previous) => ({ ...previous, type, name })} className={quietLinkClassName}>
          {children}
        </Link>
      )}
    />
  )
}
