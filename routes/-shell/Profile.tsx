import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { selectAuthType, selectPermissions, selectUser } from '../../machines/session.selectors.ts'
import { allows, FEATURE_RULES } from '../../src/types/navigation.ts'
import { useTheme } from '../../src/ui/theme.ts'
import { ProfileMenu } from '../../src/views/ProfileMenu.tsx'

const root = getRouteApi('__root__')

/** The profile dropdown: the signed-in user, permission refresh, versions, theme and sign-out. */
export function Profile({ onShowAllVersions }: { onShowAllVersions: () => void }) {
  const { actors, queries } = root.useRouteContext()
  const user = useSelector(actors.session, selectUser)
  const authType = useSelector(actors.session, selectAuthType)
  const permissions = useSelector(actors.session, selectPermissions)
  // The version shows in the open menu only: fetched the first time it opens, not with every page.
  const [opened, setOpened] = useState(false)
  const version = useQuery({ ...queries.platform.version(), enabled: opened })
  const [theme, setTheme] = useTheme()
  return (
    <ProfileMenu
      authType={authType ?? 'token'}
      user={user}
      version={version.data?.version}
      showAllVersions={allows(permissions, FEATURE_RULES.showAllVersions)}
      onShowAllVersions={onShowAllVersions}
      onRefreshPermissions={() => actors.session.send({ type: 'session.refreshPermissions' })}
      onSignOut={() => actors.session.send({ type: 'session.logout' })}
      theme={theme}
      onThemeChange={setTheme}
      onOpen={() => setOpened(true)}
    />
  )
}
