// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type NavLink, visibleSidebar } from '../../src/types/navigation.ts'
import { isCurrentLink, Sidebar } from '../../src/views/Sidebar.tsx'

afterEach(cleanup)

const plainLink = (link: NavLink, children: ReactNode, _current: boolean) => (
  <a href={`${link.to}?project=shop`}>{children}</a>
)

function renderSidebar(permissions: string[], props: { currentPath?: string; collapsed?: boolean } = {}) {
  const renderLink = vi.fn(plainLink)
  const onToggle = vi.fn()
  render(
    <Sidebar
      {...visibleSidebar(permissions)}
      renderLink={renderLink}
      currentPath={props.currentPath ?? '/home'}
      collapsed={props.collapsed ?? false}
      onToggle={onToggle}
    />,
  )
  return { renderLink, onToggle }
}

const headings = () => screen.queryAllByRole('heading').map((heading) => heading.textContent)

describe('Sidebar', () => {
  it('shows every section to a user holding wadp.*.* and the auth permissions', () => {
    renderSidebar(['wadp.*.*', 'auth.projects.list', 'auth.projects.delete'])
    expect(headings()).toEqual(['Configuration', 'Security', 'Crypto', 'Tool', 'Documentation', 'Admin'])
    expect(screen.getByRole('link', { name: 'Management' })).toBeTruthy()
  })

  it('shows a list-only user only what the permissions allow: no Admin section', () => {
    renderSidebar(['wadp.projects.get', 'wadp.websites.list', 'wadp.websites.get', 'wadp.directors.list'])
    expect(headings()).toEqual(['Configuration', 'Documentation'])
    const nav = screen.getByRole('navigation', { name: 'Sidebar' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Websites', 'Directors', 'API Docs'])
    expect(screen.queryByText('Admin')).toBeNull()
  })

  it('shows a token limited to the project only the Admin pages about the project, none platform-wide', () => {
    render(
      <Sidebar
        {...visibleSidebar(['wadp.*.*'], [])}
        renderLink={plainLink}
        currentPath="/home"
        collapsed={false}
        onToggle={() => {}}
      />,
    )
    expect(headings()).toEqual(['Configuration', 'Security', 'Crypto', 'Tool', 'Documentation', 'Admin'])
    const toggle = screen.getByRole('button', { name: 'Admin' })
    const admin = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement
    expect(
      within(admin)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Access Tokens', 'Resources'])
  })

  it('renders each link through renderLink, so the route layer keeps ?project=', () => {
    const { renderLink } = renderSidebar(['wadp.projects.get', 'wadp.backups.list'])
    expect(renderLink.mock.calls.map(([link]) => link.to)).toEqual(['/home', '/backups'])
    expect(screen.getByRole('link', { name: 'Backups' }).getAttribute('href')).toBe('/backups?project=shop')
  })

  it('highlights the link of the page being shown, including its add, detail and edit pages', () => {
    const { renderLink } = renderSidebar(['wadp.*.*'], { currentPath: '/website-detail/www' })
    const current = renderLink.mock.calls.filter(([, , isCurrent]) => isCurrent).map(([link]) => link.label)
    expect(current).toEqual(['Websites'])
    expect(screen.getByRole('link', { name: 'Websites' }).closest('li')?.hasAttribute('data-current')).toBe(true)
  })

  it('collapses and expands a section from its heading', async () => {
    const user = userEvent.setup()
    renderSidebar(['wadp.*.*'])
    const toggle = screen.getByRole('button', { name: 'Crypto' })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const region = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    expect(region?.textContent).toContain('TLS Policies')
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('link', { name: 'TLS Policies' })).toBeNull()
    await user.click(toggle)
    expect(screen.getByRole('link', { name: 'TLS Policies' })).toBeTruthy()
  })

  it('is hidden when collapsed and asks to collapse from its own button', async () => {
    const user = userEvent.setup()
    const { onToggle } = renderSidebar(['wadp.*.*'])
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }))
    expect(onToggle).toHaveBeenCalledOnce()
    cleanup()
    renderSidebar(['wadp.*.*'], { collapsed: true })
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).toBeNull()
  })

  it('renders its links when it first opens, then keeps them and the sections as the user left them', async () => {
    const user = userEvent.setup()
    const renderLink = vi.fn(plainLink)
    const sidebar = (collapsed: boolean) => (
      <Sidebar
        {...visibleSidebar(['wadp.*.*'])}
        renderLink={renderLink}
        currentPath="/home"
        collapsed={collapsed}
        onToggle={() => {}}
      />
    )
    const { rerender } = render(sidebar(true))
    // Started collapsed (a phone): nothing of it is built yet.
    expect(renderLink).not.toHaveBeenCalled()
    rerender(sidebar(false))
    expect(screen.getByRole('link', { name: 'Websites' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Crypto' }))
    rerender(sidebar(true))
    rerender(sidebar(false))
    expect(screen.getByRole('button', { name: 'Crypto' }).getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('link', { name: 'TLS Policies' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Websites' })).toBeTruthy()
  })
})

describe('isCurrentLink', () => {
  it.each([
    ['/websites', '/websites', true],
    ['/websites', '/websites-add', true],
    ['/ipLists', '/iplist-edit/office', true],
    ['/admin', '/admin/projects-add', true],
    ['/access-list', '/access-tokens', false],
    ['/home', '/homepage', false],
  ])('%s is current on %s: %s', (to, path, expected) => {
    expect(isCurrentLink(to, path)).toBe(expected)
  })
})
