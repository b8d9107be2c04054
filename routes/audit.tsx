import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { quietLinkClassName } from '../src/ui/link.ts'
import { AuditScreen } from './-admin/AuditScreen.tsx'

const text = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200))), undefined)
// A number too: the router reads the URL's string, and checks its own answer again as it settles the URL.
const whole = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
      v.maxValue(999_999),
    ),
  ),
  undefined,
)

/** The filters and page live in the URL, so a view of the log can be shared; unreadable values drop out. */
const AuditSearch = v.object({
  actor: text,
  action: text,
  resource_type: text,
  // `project` is the selected project, kept on every link: the filter has its own name in the URL.
  in_project: text,
  result: text,
  from: text,
  to: text,
  page: whole,
})

const route = getRouteApi('/audit')

export const Route = createFileRoute('/audit')({ validateSearch: AuditSearch, component: Page })

function Page() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  return (
    <AuditScreen
      search={search}
      onSearch={({ page, ...filters }) =>
        void navigate({
          search: (previous) => ({ project: previous.project, ...filters, page: page ? String(page) : undefined }),
        })
      }
      renderEntryLink={(publicId, children, name) => (
        <Link
          to="/audit-detail/{-$audit_public_id}"
          params={{ audit_public_id: publicId }}
          aria-label={name}
          className={quietLinkClassName}
        >
          {children}
        </Link>
      )}
    />
  )
}
