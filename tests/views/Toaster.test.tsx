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
/** Every live region (aria-live other than off, or a role that is one) around `element`, itself included. */
const liveRegionsAround = (element: Element) =>
  [
    ...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]'),
  ].filter((region) => region.contains(element))

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
    const toast = await screen.findByText('Website www saved')
    expect(container.querySelector('[aria-live="polite"]')).toBe(region)
    expect(region?.contains(toast)).toBe(true)
  })

  it('announces each toast through exactly one live region, the Toaster’s, whatever its kind', async () => {
    const { Toaster, notify } = await freshToaster()
    const { container } = render(<Toaster />)
    const region = container.querySelector('[aria-live="polite"]')
    act(() => {
      notify('Website www saved', { kind: 'success' })
      notify('Reload the page', { kind: 'error', title: 'Session' })
    })
    for (const text of ['Website www saved', 'Reload the page', 'Session']) {
      const toast = await screen.findByText(text)
      // A live region inside another made some screen readers say the toast twice.
      expect(liveRegionsAround(toast)).toEqual([region])
    }
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
    expect(liveRegionsAround(screen.getByText('Website www saved'))).toHaveLength(1)
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
    // Urgency shows in the icon (a cross for an error, a tick for a success).
    const icon = (text: string) =>
      [...document.querySelectorAll('[data-rht-toaster] > div')]
        .find((toast) => toast.textContent?.includes(text))
        ?.querySelector('[aria-hidden="true"]')?.textContent
    expect(icon('Reload the page')).toBe('✕')
    expect(icon('Synced')).toBe('✓')
    const synced = screen.getByText('Synced')
    const reload = screen.getByText('Reload the page')
    // react-hot-toast lists the newest first: the order they were asked for, reversed.
    expect(synced.compareDocumentPosition(reload) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
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
