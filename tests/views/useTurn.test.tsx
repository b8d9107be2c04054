// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useTurn } from '../../src/ui/useTurn.ts'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

/** Shows 'ready' once its turn has come; records each mount of its heavy part, with the task it came in. */
function Widget({ id, asking = true, mounted }: { id: string; asking?: boolean; mounted: string[] }) {
  const turn = useTurn(asking)
  return turn ? <Heavy id={id} mounted={mounted} /> : <span>{id} waiting</span>
}

function Heavy({ id, mounted }: { id: string; mounted: string[] }) {
  useEffect(() => {
    mounted.push(id)
  }, [id, mounted])
  return <span>{id} ready</span>
}

/** Runs the timers one task at a time, letting React draw after each. */
async function nextTask(): Promise<void> {
  await act(async () => {
    vi.advanceTimersToNextTimer()
  })
}

describe('useTurn: widgets that mount together take turns', () => {
  it('mounts one widget a task, in the order they asked, the next only after the last was drawn', async () => {
    vi.useFakeTimers()
    const mounted: string[] = []
    render(
      <>
        <Widget id="a" mounted={mounted} />
        <Widget id="b" mounted={mounted} />
        <Widget id="c" mounted={mounted} />
      </>,
    )
    expect(screen.getByText('a waiting')).toBeTruthy()
    expect(mounted).toEqual([])
    await nextTask()
    expect(mounted).toEqual(['a'])
    expect(screen.getByText('b waiting')).toBeTruthy()
    await nextTask()
    expect(mounted).toEqual(['a', 'b'])
    await nextTask()
    expect(mounted).toEqual(['a', 'b', 'c'])
    expect(screen.getByText('c ready')).toBeTruthy()
  })

  it('does not ask until told to, and a widget gone before its turn does not hold up the rest', async () => {
    vi.useFakeTimers()
    const mounted: string[] = []
    function Page() {
      const [first, setFirst] = useState(true)
      const [loaded, setLoaded] = useState(false)
      return (
        <>
          {first && <Widget id="gone" mounted={mounted} />}
          <Widget id="late" asking={loaded} mounted={mounted} />
          <Widget id="kept" mounted={mounted} />
          <button type="button" onClick={() => setFirst(false)}>
            drop
          </button>
          <button type="button" onClick={() => setLoaded(true)}>
            load
          </button>
        </>
      )
    }
    render(<Page />)
    act(() => screen.getByText('drop').click())
    await nextTask()
    await nextTask()
    expect(mounted).toEqual(['kept'])
    expect(screen.getByText('late waiting')).toBeTruthy()
    act(() => screen.getByText('load').click())
    await nextTask()
    expect(mounted).toEqual(['kept', 'late'])
  })
})
