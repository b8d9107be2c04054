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

/** The shell's idle work beside a page with its answer (undefined while it is asked for). */
const shellWithPage = (answer: string | undefined) => (
  <>
    <IdleWork />
    <Page answer={answer} />
  </>
)

const idleWork = () => screen.getByTestId('idle').textContent
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

/** The page draws its answer; the idle work starts once that frame is taken to be on screen, not before. */
async function expectIdleWorkAfterDrawing(answer: string) {
  await elapse(0)
  expect(screen.getByTestId('page').textContent).toBe(answer)
  await elapse(90)
  expect(idleWork()).toBe('waiting')
  await elapse(1200)
  expect(idleWork()).toBe('loaded')
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  // The browser finds idle time 10 ms after it is asked, as between a transition's short tasks.
  vi.stubGlobal('requestIdleCallback', (resume: () => void) => window.setTimeout(resume, 10))
  vi.stubGlobal('cancelIdleCallback', (handle: number) => window.clearTimeout(handle))
})
afterEach(async () => {
  cleanup()
  // A page that leaves stops waiting once its last frame would be on screen: no test's page outlives it.
  await vi.advanceTimersByTimeAsync(1000)
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('idle work after a page has drawn its answer', () => {
  it('starts when the browser is idle on a page without an answer to draw', async () => {
    render(<IdleWork />)
    expect(idleWork()).toBe('waiting')
    await elapse(1000)
    expect(idleWork()).toBe('loaded')
  })

  it('waits while the page waits for its answer, and until the answer is on screen', async () => {
    const { rerender } = render(shellWithPage(undefined))
    await elapse(1500)
    // Idle time came and went: the page still waits for its answer.
    expect(idleWork()).toBe('waiting')
    rerender(shellWithPage('shop-example-com'))
    await expectIdleWorkAfterDrawing('shop-example-com')
  })

  it('waits for an answer already there until the page has drawn it and it is on screen', async () => {
    render(shellWithPage('from the cache'))
    await expectIdleWorkAfterDrawing('from the cache')
  })

  it('stops waiting after a few seconds for an answer that never comes', async () => {
    render(shellWithPage(undefined))
    await elapse(2500)
    expect(idleWork()).toBe('waiting')
    await elapse(2000)
    expect(idleWork()).toBe('loaded')
    expect(screen.getByTestId('page').textContent).toBe('Loading…')
  })
})
