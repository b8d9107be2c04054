// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SyncSummary } from '../../src/views/HomePanels.tsx'

afterEach(cleanup)

describe('Home’s configuration sync panel', () => {
  it('keeps the focus on Check again while the check runs, a second press starting nothing', () => {
    const onRecheck = vi.fn()
    const { rerender } = render(<SyncSummary status="warning" rows={[]} onRecheck={onRecheck} />)
    const button = screen.getByRole('button', { name: 'Check again' })
    button.focus()
    fireEvent.click(button)
    rerender(<SyncSummary status="loading" rows={[]} onRecheck={onRecheck} />)
    // Still focusable and focused: a disabled button sends the keyboard to the page's body for the check's seconds.
    expect(button.hasAttribute('disabled')).toBe(false)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(button)
    fireEvent.click(button)
    expect(onRecheck).toHaveBeenCalledTimes(1)
    rerender(<SyncSummary status="success" rows={[]} onRecheck={onRecheck} />)
    expect(document.activeElement).toBe(button)
  })
})
