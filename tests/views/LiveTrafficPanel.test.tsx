// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LiveTrafficPanel, type LiveTrafficPanelProps } from '../../src/views/LiveTrafficPanel.tsx'

afterEach(cleanup)

function props(overrides: Partial<LiveTrafficPanelProps> = {}): LiveTrafficPanelProps {
  return {
    website: 'shop-example-com',
    open: true,
    connecting: false,
    live: true,
    paused: false,
    error: null,
    retrying: false,
    lines: [],
    received: 1,
    onOpen: vi.fn(),
    onClose: vi.fn(),
    onPause: vi.fn(),
    onResume: vi.fn(),
    onClear: vi.fn(),
    ...overrides,
  }
}

/** What live regions hold: a screen reader reads it out at each change. */
const said = () =>
  [...document.querySelectorAll('[role="status"], [role="alert"], [aria-live]')].map((region) => region.textContent)

describe('LiveTrafficPanel', () => {
  it('says when the stream is live or paused, not each request the count goes up by', () => {
    const { rerender } = render(<LiveTrafficPanel {...props()} />)
    expect(screen.getByText(/1 request since it started\./)).toBeTruthy()
    const before = said()
    expect(before.join(' ')).toContain('Live:')
    rerender(<LiveTrafficPanel {...props({ received: 2 })} />)
    expect(screen.getByText(/2 requests since it started\./)).toBeTruthy()
    expect(said()).toEqual(before)
    rerender(<LiveTrafficPanel {...props({ live: false, paused: true, received: 2 })} />)
    expect(said().join(' ')).toContain('Paused: 2 received; nothing is read until you resume.')
  })

  it('ends the failure’s sentence before saying it tries again', () => {
    render(
      <LiveTrafficPanel
        {...props({ live: false, retrying: true, error: 'Live traffic is unavailable: 500 Internal Server Error' })}
      />,
    )
    expect(screen.getByRole('alert').textContent).toContain(
      'Live traffic is unavailable: 500 Internal Server Error. Trying again in a few seconds.',
    )
    cleanup()
    render(<LiveTrafficPanel {...props({ live: false, retrying: true, error: 'The stream ended.' })} />)
    expect(screen.getByRole('alert').textContent).toContain('The stream ended. Trying again in a few seconds.')
  })

  it('does not promise to try again after a refusal, and offers Try again', () => {
    const onResume = vi.fn()
    const error = 'Live traffic is unavailable: missing permission wadp.websites.logs'
    render(<LiveTrafficPanel {...props({ live: false, error, onResume })} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(`${error}.`)
    expect(alert.textContent).not.toContain('Trying again')
    screen.getByRole('button', { name: 'Try again' }).click()
    expect(onResume).toHaveBeenCalledTimes(1)
  })
})
