// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { directorsUi } from '../../src/types/directors/screen.ts'
import { tokensUi } from '../../src/types/tokens/screen.ts'
import { websitesUi } from '../../src/types/websites/screen.ts'
import { DeleteDialog, type DeleteDialogProps } from '../../src/views/resources/DeleteDialog.tsx'

afterEach(cleanup)

function props(overrides: Partial<DeleteDialogProps> = {}): DeleteDialogProps {
  return {
    ui: websitesUi,
    items: null,
    deleting: false,
    results: null,
    onConfirm: vi.fn(),
    onCancel: vi.fn(),
    onDismiss: vi.fn(),
    ...overrides,
  }
}

describe('DeleteDialog', () => {
  it('is closed with nothing to ask or report', () => {
    render(<DeleteDialog {...props()} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('names the one resource it deletes, and confirms or cancels', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(<DeleteDialog {...props({ items: [{ name: 'shop' }], onConfirm, onCancel })} />)
    const dialog = screen.getByRole('dialog', { name: 'Delete website?' })
    expect(dialog.textContent).toContain('The website "shop" will be deleted. This cannot be undone.')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(onConfirm).toHaveBeenCalledOnce()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
  })

  it('lists every resource of a selection', () => {
    const items = Array.from({ length: 12 }, (_, index) => ({ name: `site-${index}` }))
    render(<DeleteDialog {...props({ items })} />)
    const dialog = screen.getByRole('dialog', { name: 'Delete 12 websites?' })
    const list = within(dialog).getByRole('list', { name: 'Websites to delete' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(items.map((i) => i.name))
  })

  it("warns when the console's own API token is among what it deletes, and only then", () => {
    const warning = 'the token you are signed in with: deleting it signs you out of the console.'
    const { rerender } = render(<DeleteDialog {...props({ ui: tokensUi, items: [{ name: 'ops' }], yours: 'ops' })} />)
    expect(screen.getByRole('dialog', { name: 'Delete token?' }).textContent).toContain(`This is ${warning}`)
    rerender(<DeleteDialog {...props({ ui: tokensUi, items: [{ name: 'ci' }, { name: 'ops' }], yours: 'ops' })} />)
    expect(screen.getByRole('dialog', { name: 'Delete 2 tokens?' }).textContent).toContain(`"ops" is ${warning}`)
    rerender(<DeleteDialog {...props({ ui: tokensUi, items: [{ name: 'ci' }], yours: 'ops' })} />)
    expect(screen.getByRole('dialog', { name: 'Delete token?' }).textContent).not.toContain('signed in with')
  })

  it('cannot be confirmed twice or cancelled while deleting', async () => {
    const user = userEvent.setup()
    const onCancel = vi.fn()
    const onConfirm = vi.fn()
    render(<DeleteDialog {...props({ items: [{ name: 'shop' }], deleting: true, onCancel, onConfirm })} />)
    const dialog = screen.getByRole('dialog', { name: 'Delete website?' })
    const deleting = within(dialog).getByRole('button', { name: 'Deleting…' }) as HTMLButtonElement
    // Busy, not disabled: it keeps the focus it had when pressed, and a second press does nothing.
    expect(deleting.getAttribute('aria-disabled')).toBe('true')
    deleting.focus()
    await user.keyboard('{Enter}')
    await user.click(deleting)
    expect(onConfirm).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(deleting)
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull()
    await user.keyboard('{Escape}')
    expect(onCancel).not.toHaveBeenCalled()
  })

  it('reports each item, with the reason one was not deleted, and closes', async () => {
    const user = userEvent.setup()
    const onDismiss = vi.fn()
    render(
      <DeleteDialog
        {...props({
          ui: directorsUi,
          results: [
            { name: 'origin-a', deleted: true, message: null },
            { name: 'origin-b', deleted: false, message: 'director origin-b is still used by website shop' },
          ],
          onDismiss,
        })}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: '1 of 2 directors deleted' })
    const [first, second] = within(within(dialog).getByRole('list', { name: 'Results' })).getAllByRole('listitem')
    expect(first?.textContent).toBe('origin-aDeleted')
    expect(second?.textContent).toBe('origin-bNot deleted: director origin-b is still used by website shop')
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement)
    expect(onDismiss).toHaveBeenCalledOnce()
  })

  it('reports the failure of a single resource', () => {
    render(<DeleteDialog {...props({ results: [{ name: 'shop', deleted: false, message: 'boom' }] })} />)
    const dialog = screen.getByRole('dialog', { name: 'Website not deleted' })
    expect(dialog.textContent).toContain('Not deleted: boom')
  })

  it('moves focus to Close when the report replaces the question', async () => {
    const { rerender } = render(<DeleteDialog {...props({ items: [{ name: 'a' }, { name: 'b' }], deleting: true })} />)
    rerender(
      <DeleteDialog
        {...props({
          results: [
            { name: 'a', deleted: true, message: null },
            { name: 'b', deleted: true, message: null },
          ],
        })}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: '2 of 2 websites deleted' })
    const close = within(dialog)
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close')
    await waitFor(() => expect(document.activeElement).toBe(close))
  })
})
