// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { assign, createActor, setup } from 'xstate'
import { DebugPage, type DebugPageProps } from '../../src/views/DebugPage.tsx'
import { InventoryPage, type InventoryPageProps } from '../../src/views/InventoryPage.tsx'

afterEach(cleanup)

const link = (path: string, children: ReactNode) => <a href={path}>{children}</a>
const choose = (type: string, name: string, children: ReactNode) => (
  <a href={`/resources?type=${type}&name=${name}`}>{children}</a>
)

function inventoryProps(overrides: Partial<InventoryPageProps> = {}): InventoryPageProps {
  return {
    types: {
      status: 'ready',
      data: [
        {
          type: 'directors',
          count: 2,
          last_changed_at: '2026-11-24T10:00:00.000Z',
          last_changed_by: 'ada@example.com',
        },
        { type: 'pagerules', count: 0, last_changed_at: null, last_changed_by: null },
      ],
    },
    filter: '',
    onFilter: vi.fn(),
    matches: null,
    chosen: null,
    link,
    choose,
    ...overrides,
  }
}

describe('InventoryPage', () => {
  it('lists each type with its count, last change and a link to its list', () => {
    render(<InventoryPage {...inventoryProps()} />)
    const table = screen.getByRole('table', { name: 'Resource types' })
    const directors = within(table).getByRole('row', { name: /Directors/ })
    expect(within(directors).getByRole('link', { name: 'Directors' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/directors$/),
    )
    expect(directors.textContent).toContain('ada@example.com')
    expect(within(table).getByRole('row', { name: /Page Rules/ }).textContent).toContain('—')
  })

  it('asks once typing pauses, with the trimmed text, not at every keystroke', async () => {
    const onFilter = vi.fn()
    render(<InventoryPage {...inventoryProps({ onFilter })} />)
    await userEvent.type(screen.getByLabelText('Name contains'), ' shop ')
    await waitFor(() => expect(onFilter).toHaveBeenCalledWith('shop'))
    expect(onFilter).toHaveBeenCalledTimes(1)
  })

  it('shows a chosen resource’s references both ways as links to their pages', () => {
    render(
      <InventoryPage
        {...inventoryProps({
          chosen: {
            type: 'directors',
            name: 'origin',
            references: {
              status: 'ready',
              data: {
                references: [{ type: 'wafconfigs', name: 'strict', field: 'waf_config' }],
                referenced_by: [{ type: 'websites', name: 'shop', field: 'default_director' }],
              },
            },
          },
        })}
      />,
    )
    const referencedBy = screen.getByRole('region', { name: 'Referenced by' })
    expect(within(referencedBy).getByRole('link', { name: 'shop' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/websites-detail\/shop$/),
    )
    const references = screen.getByRole('region', { name: 'References' })
    expect(within(references).getByRole('link', { name: 'strict' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/waf-policies-detail\/strict$/),
    )
  })

  it('says when nothing matches, and offers Retry when the matches fail', async () => {
    const onRetry = vi.fn()
    const { rerender } = render(
      <InventoryPage
        {...inventoryProps({ filter: 'zzz', matches: { status: 'ready', data: { items: [], total: 0 } } })}
      />,
    )
    expect(screen.getByText('No resource name contains “zzz”.')).toBeTruthy()
    rerender(
      <InventoryPage
        {...inventoryProps({ filter: 'zzz', matches: { status: 'error', message: 'The matches failed', onRetry } })}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalled()
  })
})

const counter = setup({
  types: { context: {} as { count: number; credentials: { token: string } | null }, events: {} as { type: 'bump' } },
}).createMachine({
  id: 'counter',
  initial: 'idle',
  context: { count: 0, credentials: { token: 'very-secret-token' } },
  states: {
    idle: { on: { bump: { target: 'counting', actions: assign({ count: ({ context }) => context.count + 1 }) } } },
    counting: { on: { bump: { actions: assign({ count: ({ context }) => context.count + 1 }) } } },
  },
})

function debugProps(overrides: Partial<DebugPageProps> = {}): DebugPageProps {
  return {
    machines: [],
    inspector: { href: '/debug?inspect', available: false },
    version: { status: 'ready', data: { version: '1.2.3', commit: 'abc123', built_at: '2026-11-24T10:00:00Z' } },
    services: [{ service: 'core', version: 'core 1.0.0', error: null }],
    permissions: { session: ['wadp.*.*'], project: null },
    paths: { status: 'idle' },
    onLoadPaths: vi.fn(),
    onDownloadPaths: vi.fn(),
    ...overrides,
  }
}

describe('DebugPage', () => {
  it('shows a machine’s state and masked context, and follows it as it changes', () => {
    const actor = createActor(counter).start()
    render(<DebugPage {...debugProps({ machines: [{ name: 'session', actor }] })} />)
    expect(screen.getByTestId('debug-state-session').textContent).toBe('idle')
    const context = screen.getByRole('region', { name: 'Context of session' })
    expect(context.textContent).toContain('"token": "••••"')
    expect(context.textContent).not.toContain('very-secret-token')
    act(() => actor.send({ type: 'bump' }))
    expect(screen.getByTestId('debug-state-session').textContent).toBe('counting')
    expect(context.textContent).toContain('"count": 1')
  })

  it('offers the paths on request, then a download per machine', async () => {
    const onLoadPaths = vi.fn()
    const onDownloadPaths = vi.fn()
    const { rerender } = render(<DebugPage {...debugProps({ onLoadPaths, onDownloadPaths })} />)
    await userEvent.click(screen.getByRole('button', { name: 'Load the machines' }))
    expect(onLoadPaths).toHaveBeenCalled()
    rerender(
      <DebugPage
        {...debugProps({
          onLoadPaths,
          onDownloadPaths,
          paths: { status: 'ready', machines: ['project', 'session'], failed: null },
        })}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Download JSON: the paths of session' }))
    expect(onDownloadPaths).toHaveBeenCalledWith('session')
    expect(screen.getByText('wadp.*.*')).toBeTruthy()
    expect(screen.getByTestId('debug-console-version').textContent).toContain('1.2.3')
  })
})
