// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSidebarBreakpoint } from '../../src/ui/useSidebarBreakpoint.ts'
import { stubMatchMedia } from '../tools/fake-media-query.ts'

afterEach(cleanup)

/** A window whose width can be set: matchMedia answers for it and tells its listeners of a crossing. */
function fakeWindow(width: number) {
  const state = { width }
  const wide = () => state.width >= 1024
  const media = stubMatchMedia(wide)
  return {
    resize(next: number) {
      const wasWide = wide()
      state.width = next
      if (wide() !== wasWide) media.tell()
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
