// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Modal } from '../../src/ui/Modal.tsx'
import { AppVersionsModal } from '../../src/views/AppVersionsModal.tsx'
import { SessionExpiredModal } from '../../src/views/SessionExpiredModal.tsx'

afterEach(cleanup)

describe('Modal', () => {
  it('closes on Escape', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(
      <Modal open title="Details" onClose={onClose}>
        <button type="button">Inside</button>
      </Modal>,
    )
    expect(screen.getByRole('dialog', { name: 'Details' })).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalled()
  })

  it('closes from its Close control', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(
      <Modal open title="Details" onClose={onClose}>
        content
      </Modal>,
    )
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalled()
  })
})

/** A list's selection bar: its Delete opens a report, and the deletion it reports removes the bar. */
function SelectionPage() {
  const [selected, setSelected] = useState(true)
  const [open, setOpen] = useState(false)
  return (
    <div>
      <input aria-label="Filter by name" />
      {selected && (
        <div>
          <button type="button" onClick={() => setOpen(true)}>
            Delete selected
          </button>
        </div>
      )}
      <Modal open={open} title="2 of 2 IP lists deleted" onClose={() => setOpen(false)}>
        <button type="button" onClick={() => setSelected(false)}>
          Deleted
        </button>
      </Modal>
    </div>
  )
}

describe('Modal focus on close', () => {
  it('goes back to the opener, or, when it went, to the nearest control around it, not the page start', async () => {
    const user = userEvent.setup()
    render(<SelectionPage />)
    await user.click(screen.getByRole('button', { name: 'Delete selected' }))
    await user.click(screen.getByRole('button', { name: 'Deleted' }))
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Filter by name' })))
  })
})

describe('SessionExpiredModal', () => {
  it('can only be left with Continue', async () => {
    const user = userEvent.setup()
    const onContinue = vi.fn()
    render(<SessionExpiredModal open onContinue={onContinue} />)
    expect(screen.getByText('Your session has expired. please log in again to continue')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    await user.keyboard('{Escape}')
    expect(onContinue).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(onContinue).toHaveBeenCalledOnce()
  })
})

describe('AppVersionsModal', () => {
  it("lists each service's version, update time and health", () => {
    render(
      <AppVersionsModal
        open
        onClose={() => {}}
        services={[
          {
            service: 'core',
            info: { name: 'core', version: '2.1.0', updatedAt: '2025-03-04T05:06:07' },
            health: [{ name: 'db', is_healthy: true }],
          },
          { service: 'stats', error: 'Service unavailable' },
        ]}
      />,
    )
    expect(screen.getByRole('dialog', { name: 'App Versions' })).toBeTruthy()
    const cells = screen.getAllByRole('row').map((row) => row.textContent)
    expect(cells).toEqual([
      'ServiceVersionUpdatedHealth',
      'core2.1.004-03-2025 05:06:07Healthy',
      'stats……Service unavailable',
    ])
  })
})
