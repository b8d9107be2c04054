import { type AuthType, SESSION_MESSAGES, type SessionUser } from '../domain/session.ts'
import { Avatar } from '../ui/Avatar.tsx'
import { MenuItem, MenuSeparator, MenuText } from '../ui/Menu.tsx'
import { ThemeMenuSection } from '../ui/ThemeSwitcher.tsx'
import type { Theme } from '../ui/theme.ts'

export type ProfileMenuProps = {
  authType: AuthType
  user: Pick<SessionUser, 'username' | 'email' | 'first_name' | 'last_name'> | null
  /** The console's version line, e.g. '1.4.0'. */
  version?: string
  /** Needs wadp.*.* (spec section 6). */
  showAllVersions: boolean
  onShowAllVersions: () => void
  onRefreshPermissions: () => void
  onSignOut: () => void
  theme: Theme
  onThemeChange: (theme: Theme) => void
  /** The menu opened: the version it shows is fetched then, not with every page. */
  onOpen?: () => void
}

/**
 * What the open profile menu lists: who is signed in, permission refresh, the theme, the versions and
 * sign-out. Loaded once the page is idle or the menu first opens (src/views/ProfileMenu.tsx).
 */
export function ProfileMenuItems({
  authType,
  user,
  name,
  version,
  showAllVersions,
  onShowAllVersions,
  onRefreshPermissions,
  onSignOut,
  theme,
  onThemeChange,
}: ProfileMenuProps & { name: string }) {
  return (
    <>
      <MenuText>
        {authType === 'token' ? (
          <span className="font-medium">{SESSION_MESSAGES.signedInWithToken}</span>
        ) : (
          <span className="flex items-center gap-3">
            <Avatar name={name} size={40} />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium">{name}</span>
              <span className="truncate text-slate-600 dark:text-slate-400">{user?.email}</span>
            </span>
          </span>
        )}
      </MenuText>
      <MenuSeparator />
      <MenuItem onSelect={onRefreshPermissions}>Refresh permissions</MenuItem>
      <MenuSeparator />
      <ThemeMenuSection value={theme} onChange={onThemeChange} />
      <MenuSeparator />
      {version && (
        <MenuText>
          <span className="text-slate-600 dark:text-slate-400">
            Version <span className="font-mono">{version}</span>
          </span>
        </MenuText>
      )}
      {showAllVersions && <MenuItem onSelect={onShowAllVersions}>show all</MenuItem>}
      <MenuSeparator />
      <MenuItem onSelect={onSignOut}>Sign out</MenuItem>
    </>
  )
}
