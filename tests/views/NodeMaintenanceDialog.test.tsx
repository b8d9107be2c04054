// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import NodeMaintenanceDialog, {
  type NodeMaintenanceDialogProps,
} from '../../src/views/resources/NodeMaintenanceDialog.tsx'

afterEach(cleanup)

function props(overrides: Partial<NodeMaintenanceDialogProps> = {}): NodeMaintenanceDialogProps {
  return {
    request: null,
    changing: false,
    report: null,
    onConfirm: vi.fn(),
    onCancel: vi.fn(),
    onDismiss: vi.fn(),
    ...overrides,
  }
}

describe('NodeMaintenanceDialog', () => {
  it('names the nodes and what maintenance does before anything changes', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    const request = { nodes: ['pop-fr-par-1', 'pop-de-fra-1'], maintenance: true }
    render(<NodeMaintenanceDialog {...props({ request, onConfirm, onCancel })} />)
    const dialog = screen.getByRole('dialog', { name: 'Put 2 nodes in maintenance?' })
    expect(dialog.textContent).toContain('Simulated nodes stop taking traffic')
    expect(dialog.textContent).toContain('an edge agent node keeps serving')
    const names = within(within(dialog).getByRole('list', { name: 'Nodes to change' })).getAllByRole('listitem')
    expect(names.map((item) => item.textContent)).toEqual(['pop-fr-par-1', 'pop-de-fra-1'])
    await user.click(within(dialog).getByRole('button', { name: 'Maintenance on' }))
    expect(onConfirm).toHaveBeenCalledOnce()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
  })

  it('reports each node: succeeded, already so, or failed with the reason', () => {
    const report = {
      maintenance: false,
      error: null,
      results: [
        { name: 'pop-fr-par-1', result: 'succeeded' as const, status: 'active' as const, changed: true, message: null },
        {
          name: 'pop-nl-ams-1',
          result: 'succeeded' as const,
          status: 'active' as const,
          changed: false,
          message: null,
        },
        {
          name: 'pop-es-mad-1',
          result: 'failed' as const,
          status: 'draining' as const,
          changed: false,
          message: 'it is draining, not in maintenance',
        },
      ],
    }
    render(<NodeMaintenanceDialog {...props({ report })} />)
    const dialog = screen.getByRole('dialog', { name: 'Maintenance off: 2 of 3 nodes' })
    const items = within(within(dialog).getByRole('list', { name: 'Results' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'pop-fr-par-1Succeeded: now active',
      'pop-nl-ams-1Succeeded (already so): now active',
      'pop-es-mad-1Failed: it is draining, not in maintenance',
    ])
  })

  it('says why nothing changed when the request failed', () => {
    const report = { maintenance: true, error: 'missing permission wadp.nodes.update', results: [] }
    render(<NodeMaintenanceDialog {...props({ report })} />)
    const dialog = screen.getByRole('dialog', { name: 'Maintenance not changed' })
    expect(within(dialog).getByRole('alert').textContent).toBe('missing permission wadp.nodes.update')
  })
})
