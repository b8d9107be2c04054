// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadMenuPanel } from '../../src/ui/Menu.tsx'
import { ProfileMenu, type ProfileMenuProps } from '../../src/views/ProfileMenu.tsx'

afterEach(cleanup)
// The panel's code is here, as once the page has been idle.
beforeAll(loadMenuPanel)

const ADA = { username: 'ada', email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' }

function renderMenu(props: Partial<ProfileMenuProps> = {}) {
  const callbacks = {
    onShowAllVersions: vi.fn(),
    onRefreshPermissions: vi.fn(),
    onSignOut: vi.fn(),
    onThemeChange: vi.fn(),
  }
  render(
    <ProfileMenu
      authType="oauth"
      user={ADA}
      version="1.4.0"
      showAllVersions={false}
      theme="system"
      {...callbacks}
      {...props}
    />,
  )
  return callbacks
}

async function openMenu() {
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Profile' }))
  // The items' code comes with the first open (or once the page is idle): the menu opens once it is there.
  await screen.findByRole('menu')
  return user
}

describe('ProfileMenu', () => {
  it('shows the name and e-mail of an SSO user', async () => {
    renderMenu()
    await openMenu()
    expect(screen.getByText('Ada Lovelace')).toBeTruthy()
    expect(screen.getByText('ada@example.com')).toBeTruthy()
    expect(screen.queryByText('Signed in with Token')).toBeNull()
  })

  it("shows only 'Signed in with Token' for a token sign-in", async () => {
    renderMenu({ authType: 'token' })
    await openMenu()
    expect(screen.getByText('Signed in with Token')).toBeTruthy()
    expect(screen.queryByText('Ada Lovelace')).toBeNull()
    expect(screen.queryByText('ada@example.com')).toBeNull()
  })

  it('refreshes permissions and signs out', async () => {
    const { onRefreshPermissions, onSignOut } = renderMenu()
    const user = await openMenu()
    await user.click(screen.getByRole('menuitem', { name: 'Refresh permissions' }))
    expect(onRefreshPermissions).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: 'Profile' }))
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    expect(onSignOut).toHaveBeenCalledOnce()
  })

  it("offers 'show all' versions only when allowed, and shows the version", async () => {
    renderMenu()
    await openMenu()
    expect(screen.getByText('1.4.0')).toBeTruthy()
    expect(screen.queryByRole('menuitem', { name: 'show all' })).toBeNull()
    cleanup()
    const { onShowAllVersions } = renderMenu({ showAllVersions: true })
    const user = await openMenu()
    await user.click(screen.getByRole('menuitem', { name: 'show all' }))
    expect(onShowAllVersions).toHaveBeenCalledOnce()
  })

  it('switches the theme from the menu with the keyboard', async () => {
    const { onThemeChange } = renderMenu({ theme: 'light' })
    const user = userEvent.setup()
    screen.getByRole('button', { name: 'Profile' }).focus()
    await user.keyboard('{Enter}')
    const dark = screen.getByRole('menuitem', { name: 'Dark' })
    expect(screen.getByRole('menuitem', { name: 'Light (current)' })).toBeTruthy()
    await user.click(dark)
    expect(onThemeChange).toHaveBeenCalledWith('dark')
  })
})
