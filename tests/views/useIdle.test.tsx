// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useDrawnAnswer } from '../../src/ui/useDrawnAnswer.ts'
import { useIdle } from '../../src/ui/useIdle.ts'

/** What waits for the page to be idle (the profile menu's panel, a dialog's code, the live traffic's). */
function IdleWork() {
  return <p data-testid="idle">{useIdle() ? 'loaded' : 'waiting'}</p>
}

/** A page drawing its query's answer (a record's fields, a list's rows). */
function Page({ answer }: { answer: string | undefined }) {
  return <p data-testid="page">{useDrawnAnswer(answer) ?? 'Loading…'}</p>
}

const idleWork = () => screen.getByTestId('idle').textContent
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'] })
})
afterEach(async () => {
  cleanup()
  // A page that leaves stops waiting once its last frame would be on screen: no test's page outlives it.
  await vi.advanceTimersByTimeAsync(1000)
  vi.useRealTimers()
})

describe('idle work after a page has drawn its answer', () => {
  it('starts when the browser is idle on a page without an answer to draw', async () => {
    render(<IdleWork />)
    expect(idleWork()).toBe('waiting')
    await elapse(1000)
    expect(idleWork()).toBe('loaded')
  })

  it('waits while the page waits for its answer, and until the answer is on screen', async () => {
    const { rerender } = render(
      <>
        <IdleWork />
        <Page answer={undefined} />
      </>,
    )
    await elapse(1500)
    // Idle time came and went (a second at most): the page still waits for its answer.
    expect(idleWork()).toBe('waiting')
    rerender(
      <>
        <IdleWork />
        <Page answer="shop-example-com" />
      </>,
    )
    await elapse(0)
    expect(screen.getByTestId('page').textContent).toBe('shop-example-com')
    // Drawn, but its frame is not taken to be on screen yet.
    expect(idleWork()).toBe('waiting')
    await elapse(1200)
    expect(idleWork()).toBe('loaded')
  })

  it('waits for an answer already there until the page has drawn it and it is on screen', async () => {
    render(
      <>
        <IdleWork />
        <Page answer="from the cache" />
      </>,
    )
    await elapse(0)
    expect(screen.getByTestId('page').textContent).toBe('from the cache')
    expect(idleWork()).toBe('waiting')
    await elapse(1200)
    expect(idleWork()).toBe('loaded')
  })

  it('stops waiting after a few seconds for an answer that never comes', async () => {
    render(
      <>
        <IdleWork />
        <Page answer={undefined} />
      </>,
    )
    await elapse(2500)
    expect(idleWork()).toBe('waiting')
    await elapse(2000)
    expect(idleWork()).toBe('loaded')
    expect(screen.getByTestId('page').textContent).toBe('Loading…')
  })
})
