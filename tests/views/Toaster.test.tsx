// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Each test gets a fresh Toaster module, so react-hot-toast is "not loaded yet" again.
beforeEach(() => {
  vi.resetModules()
})

afterEach(async () => {
  cleanup()
  // react-hot-toast's store outlives the module reset: empty it so the next test starts clean.
  const { toast } = await import('react-hot-toast')
  act(() => toast.remove())
})

const freshToaster = () => import('../../src/ui/Toaster.tsx')
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)))

describe('Toaster', () => {
  it('shows nothing until something is notified', async () => {
    const { Toaster } = await freshToaster()
    const { container } = render(<Toaster />)
    await settle()
    expect(container.textContent).toBe('')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('adds each toast to the live region that was on the page before it, so that it is announced', async () => {
    const { Toaster, notify } = await freshToaster()
    const { container } = render(<Toaster />)
    // Empty, but a live region already: a screen reader knows it before anything is said in it.
    const region = container.querySelector('[aria-live="polite"]')
    expect(region?.textContent).toBe('')
    act(() => {
      notify('Website www saved', { kind: 'success' })
    })
    const toast = await screen.findByRole('status')
    expect(toast.textContent).toContain('Website www saved')
    expect(container.querySelector('[aria-live="polite"]')).toBe(region)
    expect(region?.contains(toast)).toBe(true)
  })

  it('shows a notification asked for before react-hot-toast loaded, exactly once', async () => {
    const { Toaster, notify } = await freshToaster()
    render(<Toaster />)
    let id = ''
    act(() => {
      id = notify('Website www saved', { kind: 'success' })
    })
    expect(id).toMatch(/\S/)
    // notify returned at once; the toast library is still on its way.
    expect(screen.queryByText('Website www saved')).toBeNull()
    expect(await screen.findByText('Website www saved')).toBeTruthy()
    await settle()
    expect(screen.getAllByText('Website www saved')).toHaveLength(1)
    expect(screen.getByRole('status').textContent).toContain('Website www saved')
  })

  it('keeps notifications asked for before the Toaster mounted, in order, with their title and urgency', async () => {
    const { Toaster, notify } = await freshToaster()
    const first = notify('Reload the page', { kind: 'error', title: 'Session' })
    const second = notify('Synced', { kind: 'success' })
    expect(first).not.toBe(second)
    render(<Toaster />)
    await screen.findByText('Synced')
    await settle()
    expect(screen.getAllByText('Reload the page')).toHaveLength(1)
    expect(screen.getByText('Session')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('Reload the page')
    const order = [...document.querySelectorAll('[role="alert"], [role="status"]')].map((toast) => toast.textContent)
    // react-hot-toast lists the newest first: the order they were asked for, reversed.
    expect(order).toEqual(['Synced', 'SessionReload the page'])
  })

  it('never shows a notification dismissed before the library arrived', async () => {
    const { Toaster, notify, dismissNotification } = await freshToaster()
    render(<Toaster />)
    const id = notify('Stale news')
    notify('Fresh news')
    dismissNotification(id)
    await screen.findByText('Fresh news')
    await settle()
    expect(screen.queryByText('Stale news')).toBeNull()
  })

  it('shows later notifications directly once loaded', async () => {
    const { Toaster, notify } = await freshToaster()
    render(<Toaster />)
    act(() => {
      notify('One')
    })
    await screen.findByText('One')
    act(() => {
      notify('Two')
    })
    expect(screen.getAllByText('Two')).toHaveLength(1)
    await settle()
    expect(screen.getAllByText('One')).toHaveLength(1)
    expect(screen.getAllByText('Two')).toHaveLength(1)
  })
})
