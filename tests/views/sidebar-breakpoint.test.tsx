// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSidebarBreakpoint } from '../../src/ui/useSidebarBreakpoint.ts'

afterEach(cleanup)

type Listener = (event: { matches: boolean }) => void

/** A window whose width can be set: matchMedia answers for it and tells its listeners of a crossing. */
function fakeWindow(width: number) {
  const listeners = new Set<Listener>()
  const state = { width }
  const query = {
    get matches() {
      return state.width >= 1024
    },
    addEventListener: (_: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
  }
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  )
  return {
    resize(next: number) {
      const wasWide = query.matches
      state.width = next
      if (query.matches !== wasWide) for (const listener of listeners) listener({ matches: query.matches })
    },
    /** A resize the listeners cannot hear yet (before the effect starts). */
    resizeQuietly(next: number) {
      state.width = next
    },
  }
}

/** Renders the hook; `afterHook` runs in the same render, after the hook has read the window. */
function Probe({ onChange, afterHook }: { onChange: (wide: boolean) => void; afterHook?: () => void }) {
  useSidebarBreakpoint(onChange)
  afterHook?.()
  return null
}

describe('the sidebar breakpoint', () => {
  it('reports each crossing of 1024 px, and nothing on mount', () => {
    const window = fakeWindow(1280)
    const onChange = vi.fn()
    render(<Probe onChange={onChange} />)
    expect(onChange).not.toHaveBeenCalled()
    act(() => window.resize(900))
    act(() => window.resize(800))
    act(() => window.resize(1100))
    expect(onChange.mock.calls).toEqual([[false], [true]])
  })

  it('reports a crossing made between the first render and the listener’s start', () => {
    const window = fakeWindow(1280)
    const onChange = vi.fn()
    let first = true
    // The window narrows after the first render read it, before the effect listens (a shell still loading).
    const narrowOnce = () => {
      if (first) window.resizeQuietly(900)
      first = false
    }
    render(<Probe onChange={onChange} afterHook={narrowOnce} />)
    expect(onChange.mock.calls).toEqual([[false]])
  })
})
