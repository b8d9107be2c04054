// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FLAG_COUNTRIES, SYNC_MESSAGES, type SyncRow, syncRows } from '../../src/domain/sync.ts'
import { Flag } from '../../src/ui/Flag.tsx'
import { SyncStatusModal, type SyncStatusModalProps } from '../../src/views/SyncStatusModal.tsx'

afterEach(cleanup)

const COMPILER = "project shop: Unknown token ';' when looking for STRING\n('shop.vcl' Line 2 Pos 33)"

const ROWS: SyncRow[] = [
  { endpoint: 'pop-fr-par-1', country: 'fr', source: 'simulated', state: 'updated', message: null },
  { endpoint: 'pop-uk-lon-1', country: 'gb', source: 'simulated', state: 'loading', message: null },
  { endpoint: 'pop-de-fra-1', country: 'de', source: 'agent', state: 'notSynchronized', message: COMPILER },
  { endpoint: 'pop-us-nyc-1', country: 'us', source: 'simulated', state: 'maintenance', message: null },
  {
    endpoint: 'pop-jp-tyo-1',
    country: 'generic',
    source: 'agent',
    state: 'unavailable',
    message: 'no report for 12 s',
  },
]

function props(overrides: Partial<SyncStatusModalProps> = {}): SyncStatusModalProps {
  return {
    open: true,
    kind: 'project',
    status: 'loading',
    message: null,
    rows: ROWS,
    onRecheck: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  }
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent)
const rowOf = (endpoint: string) => {
  const row = screen.getByText(endpoint).closest('tr')
  if (!row) throw new Error(`no row for ${endpoint}`)
  return row
}

describe('SyncStatusModal', () => {
  it('shows the project view with its Point-of-presence ID and State columns', () => {
    render(<SyncStatusModal {...props()} />)
    expect(screen.getByRole('dialog', { name: 'Synchronization status' })).toBeTruthy()
    expect(headers()).toEqual(['Point-of-presence ID', 'State'])
    expect(screen.getAllByRole('row')).toHaveLength(ROWS.length + 1)
  })

  it('shows the admin config view with Node ID, Source and State, and a Re-check button', async () => {
    const user = userEvent.setup()
    const onRecheck = vi.fn()
    render(<SyncStatusModal {...props({ kind: 'admin', status: 'success', onRecheck })} />)
    expect(screen.getByRole('dialog', { name: 'Admin config synchronization status' })).toBeTruthy()
    expect(headers()).toEqual(['Node ID', 'Source', 'State'])
    expect(within(rowOf('pop-us-nyc-1')).getByText('simulated')).toBeTruthy()
    expect(within(rowOf('pop-de-fra-1')).getByText('agent')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Re-check' }))
    expect(onRecheck).toHaveBeenCalledOnce()
  })

  it('offers to check again in the project view too', async () => {
    const user = userEvent.setup()
    const onRecheck = vi.fn()
    render(<SyncStatusModal {...props({ onRecheck })} />)
    await user.click(screen.getByRole('button', { name: 'Check again' }))
    expect(onRecheck).toHaveBeenCalledOnce()
  })

  it('labels each state icon', () => {
    render(<SyncStatusModal {...props()} />)
    const stateOf = (endpoint: string) =>
      within(rowOf(endpoint))
        .getAllByRole('img')
        .map((image) => image.getAttribute('aria-label'))
    expect(stateOf('pop-fr-par-1')).toEqual(['France', 'Synchronized'])
    expect(stateOf('pop-uk-lon-1')).toEqual(['United Kingdom', 'Synchronizing'])
    expect(stateOf('pop-de-fra-1')).toEqual(['Germany', 'Not synchronized'])
    expect(stateOf('pop-us-nyc-1')).toEqual(['United States', 'In maintenance'])
    expect(stateOf('pop-jp-tyo-1')).toEqual(['Other country', 'Unavailable'])
    expect(
      within(rowOf('pop-uk-lon-1')).getByRole('img', { name: 'Synchronizing' }).querySelector('.animate-spin'),
    ).toBeTruthy()
  })

  it("shows the United Kingdom's flag for pop-uk-lon-1 (rows mapped by the domain)", () => {
    const rows = syncRows(
      [{ endpoint: 'pop-uk-lon-1', status_source: 'simulated', updated: true, maintenance: false, available: true }],
      { kind: 'project', seenUpdated: [], finished: true },
    )
    render(<SyncStatusModal {...props({ rows, status: 'success' })} />)
    const flag = within(rowOf('pop-uk-lon-1')).getByRole('img', { name: 'United Kingdom' })
    expect(flag.getAttribute('data-flag')).toBe('gb')
  })

  it("shows a node's message under it, in both views, as plain text with its line breaks", () => {
    for (const kind of ['project', 'admin'] as const) {
      const hostile = { ...ROWS[2], message: '<img src=x onerror=alert(1)>' } as SyncRow
      const { unmount } = render(
        <SyncStatusModal {...props({ kind, rows: [...ROWS, { ...hostile, endpoint: 'pop-nl-ams-1' }] })} />,
      )
      const message = rowOf('pop-de-fra-1').querySelector('[data-sync-message]')
      expect(message?.textContent).toBe(COMPILER)
      expect(message?.className).toContain('whitespace-pre-wrap')
      expect(rowOf('pop-jp-tyo-1').textContent).toContain('no report for 12 s')
      // A row without a message has none, and a message is never markup.
      expect(rowOf('pop-fr-par-1').querySelector('[data-sync-message]')).toBeNull()
      expect(rowOf('pop-nl-ams-1').textContent).toContain('<img src=x onerror=alert(1)>')
      expect(document.querySelector('img')).toBeNull()
      unmount()
    }
  })

  it('shows the result message: a status for success and warning, an alert for an error', () => {
    const { rerender } = render(
      <SyncStatusModal {...props({ status: 'success', message: SYNC_MESSAGES.success.project })} />,
    )
    expect(screen.getByRole('status').textContent).toBe('All changes have been applied to the servers.')
    rerender(<SyncStatusModal {...props({ status: 'warning', message: SYNC_MESSAGES.warning })} />)
    expect(screen.getByRole('status').textContent).toBe("Some nodes aren't synchronized. Please retry later.")
    rerender(<SyncStatusModal {...props({ status: 'error', message: SYNC_MESSAGES.failed, rows: [] })} />)
    expect(screen.getByRole('alert').textContent).toBe('Failed to retrieve synchronization status.')
    expect(screen.getByRole('status').textContent).toBe('')
    // The check read no node: the table does not claim that none reported.
    expect(screen.getByText('The nodes could not be read.')).toBeTruthy()
    expect(screen.queryByText('No nodes reported.')).toBeNull()
    rerender(<SyncStatusModal {...props({ kind: 'admin', status: 'success', message: SYNC_MESSAGES.success.admin })} />)
    expect(screen.getByRole('status').textContent).toBe('All config changes have been applied to the servers.')
  })

  it('says it is checking while the first answer is awaited', () => {
    render(<SyncStatusModal {...props({ rows: [] })} />)
    expect(screen.getByRole('status').textContent).toBe('Checking…')
    expect(screen.getByText('Waiting for the nodes…')).toBeTruthy()
  })

  it('closes from its Close control', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<SyncStatusModal {...props({ onClose })} />)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
  })
})

describe('Flag', () => {
  it('names every local flag, and the generic one', () => {
    render(
      <p>
        {[...FLAG_COUNTRIES, 'generic' as const].map((code) => (
          <Flag key={code} code={code} />
        ))}
      </p>,
    )
    expect(screen.getAllByRole('img').map((flag) => flag.getAttribute('aria-label'))).toEqual([
      'Australia',
      'Brazil',
      'Canada',
      'Germany',
      'Spain',
      'France',
      'Netherlands',
      'Portugal',
      'Singapore',
      'United Kingdom',
      'United States',
      'Other country',
    ])
  })

  it('is decorative with an empty title, and needs no network', () => {
    const { container } = render(<Flag code="fr" title="" />)
    expect(screen.queryByRole('img')).toBeNull()
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    expect(container.querySelector('image, use, [href]')).toBeNull()
  })
})
