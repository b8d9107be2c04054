// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
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
