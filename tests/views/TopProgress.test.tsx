// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TopProgress } from '../../src/ui/TopProgress.tsx'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const bar = () => screen.queryByRole('progressbar', { name: 'Loading' })

describe('TopProgress', () => {
  it('does not show before 200 ms of loading, then shows', () => {
    render(<TopProgress active />)
    act(() => vi.advanceTimersByTime(199))
    expect(bar()).toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(bar()).not.toBeNull()
  })

  it('never shows for work that ends within 200 ms', () => {
    const { rerender } = render(<TopProgress active />)
    act(() => vi.advanceTimersByTime(150))
    rerender(<TopProgress active={false} />)
    act(() => vi.advanceTimersByTime(1000))
    expect(bar()).toBeNull()
  })

  it('completes and goes away when the work ends', () => {
    const { rerender } = render(<TopProgress active />)
    act(() => vi.advanceTimersByTime(500))
    rerender(<TopProgress active={false} />)
    expect(bar()).not.toBeNull()
    act(() => vi.advanceTimersByTime(300))
    expect(bar()).toBeNull()
  })
})
