// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppShell } from '../../src/views/AppShell.tsx'

afterEach(cleanup)

const shell = (path: string, page: React.ReactNode) => (
  <AppShell path={path} topBar={<button type="button">Menu</button>}>
    {page}
  </AppShell>
)

describe('the signed-in layout across pages', () => {
  it('gives the focus to the page when the one it was in has gone (a form saved, a record deleted)', () => {
    const { rerender } = render(shell('/websites-edit/shop', <button type="button">Save</button>))
    screen.getByRole('button', { name: 'Save' }).focus()
    rerender(shell('/websites-detail/shop', <h1>shop</h1>))
    // Not the page's body, from where the keyboard would start again at the top of the document.
    expect(document.activeElement).toBe(screen.getByRole('main'))
  })

  it('leaves it where it is when that is still on the screen (a link of the top bar or the sidebar)', () => {
    const { rerender } = render(shell('/home', <h1>Home</h1>))
    const menu = screen.getByRole('button', { name: 'Menu' })
    menu.focus()
    rerender(shell('/websites', <h1>Websites</h1>))
    expect(document.activeElement).toBe(menu)
  })

  it('does not take it on the first page, nor when only the query changes', () => {
    const { rerender } = render(shell('/websites', <button type="button">Next page</button>))
    expect(document.activeElement).toBe(document.body)
    const next = screen.getByRole('button', { name: 'Next page' })
    next.focus()
    rerender(shell('/websites', <button type="button">Next page</button>))
    expect(document.activeElement).toBe(next)
  })
})
