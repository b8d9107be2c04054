import { useQuery } from '@tanstack/react-query'
import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import { use } from 'react'
import type { StoredRecord } from '../src/api/resources.ts'
import { ssoMappingsUi } from '../src/types/sso-mappings/screen.ts'
import { quietLinkClassName } from '../src/ui/link.ts'
import { DetailPanel } from '../src/views/DetailPanel.tsx'
import { panelState } from './-resources/panelState.ts'
import { type DetailAddons, ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/sso-groups-roles-detail/{-$sso_groups_roles_name}')
const root = getRouteApi('__root__')

export const Route = createFileRoute('/sso-groups-roles-detail/{-$sso_groups_roles_name}')({ component: Page })

const addons: DetailAddons = { content: (record) => <MatchingUsers record={record} /> }

function Page() {
  const name = route.useParams({ select: (params) => params.sso_groups_roles_name })
  return <ResourceDetailRoute ui={ssoMappingsUi} name={name} addons={addons} />
}

/** Who the mapping applies to now: the users whose recorded groups include its group. */
function MatchingUsers({ record }: { record: StoredRecord }) {
  const { admin } = root.useRouteContext()
  const { queries } = use(admin())
  const users = useQuery(queries.matchingUsers(record.name, String(record.group ?? '')))
  return (
    <DetailPanel
      id="matching-users"
      title="Users it applies to"
      note={`Users whose groups include ${String(record.group ?? '')} (in any case). A mapping takes effect at the user’s next sign-in through SSO.`}
      state={panelState(users, 'The matching users')}
      empty="No user’s recorded groups match yet."
    >
      {(emails) => (
        <ul className="flex flex-col gap-1">
          {emails.map((email) => (
            <li key={email}>
              <Link to="/users-detail/{-$users_name}" params={{ users_name: email }} className={quietLinkClassName}>
                {email}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DetailPanel>
  )
}
