// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StoredRecord } from '../../src/api/resources.ts'
import { initialDraft } from '../../src/domain/resource-body.ts'
import { nodesUi } from '../../src/types/nodes/screen.ts'
import { renderCell } from '../../src/views/resources/format.tsx'
import { ResourceDetail } from '../../src/views/resources/ResourceDetail.tsx'
import { ResourceForm, type ResourceFormProps } from '../../src/views/resources/ResourceForm.tsx'
import RotateSecretDialog from '../../src/views/resources/RotateSecretDialog.tsx'
import SecretDialog from '../../src/views/resources/SecretDialog.tsx'

afterEach(cleanup)

const NODE = {
  ...initialDraft(nodesUi.fields),
  name: 'pop-fr-par-9',
  display_name: null,
  hostname: 'pop-fr-par-9.edge.example.net',
  pop_code: 'par',
  country: 'fr',
}

function formProps(overrides: Partial<ResourceFormProps>): ResourceFormProps {
  return {
    ui: nodesUi,
    mode: 'create',
    values: NODE,
    fieldErrors: [],
    formError: null,
    saving: false,
    conflict: null,
    onChange: vi.fn(),
    onSubmit: vi.fn(),
    onCancel: vi.fn(),
    onReload: vi.fn(),
    onOverwrite: vi.fn(),
    onDismissConflict: vi.fn(),
    referenceOptions: () => ({ options: [], loading: false }),
    ...overrides,
  }
}

/** Renders the form, then waits for its dropdowns, which load after it (lazily) the first time. */
async function showForm(overrides: Partial<ResourceFormProps>) {
  render(<ResourceForm {...formProps(overrides)} />)
  await waitFor(() => expect(document.querySelector('[data-dropdown-loading]')).toBeNull())
}

/** The text of the elements an element's aria-describedby names. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

describe('the node form: its kind', () => {
  it('is chosen on the add form, simulated by default, among Simulated and Edge agent (Varnish)', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    await showForm({ onChange })
    const kind = screen.getByRole('button', { name: /^Kind/ }) as HTMLButtonElement
    expect(kind.textContent).toContain('Simulated')
    expect(kind.closest('fieldset:disabled')).toBeNull()
    expect(description(kind)).toContain('Edge agent: a real Varnish node')
    expect(description(kind)).not.toContain('cannot change')
    await user.click(kind)
    await user.click(await screen.findByRole('option', { name: 'Edge agent (Varnish)' }))
    expect(onChange).toHaveBeenCalledWith('kind', 'agent')
  })

  it('is shown disabled on the edit form, saying it cannot change after creation', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    await showForm({ mode: 'edit', values: { ...NODE, kind: 'agent' }, onChange })
    const kind = screen.getByRole('button', { name: /^Kind/ }) as HTMLButtonElement
    expect(kind.textContent).toContain('Edge agent (Varnish)')
    expect(kind.closest('fieldset')?.disabled).toBe(true)
    expect(kind.hasAttribute('data-disabled')).toBe(true)
    expect(description(kind)).toContain('It cannot change after creation.')
    await user.click(kind)
    expect(screen.queryByRole('option')).toBeNull()
    expect(onChange).not.toHaveBeenCalled()
    // The other fields stay editable.
    const host = screen.getByRole('textbox', { name: 'Host name' })
    expect(host.closest('fieldset:disabled')).toBeNull()
    expect(description(host)).not.toContain('cannot change')
  })
})

const meta = {
  revision: 2,
  created_at: '2026-03-04T05:06:07.000Z',
  created_by: 'admin@example.com',
  updated_at: '2026-03-04T05:06:07.000Z',
  updated_by: 'admin@example.com',
}

function showDetail(fields: Record<string, unknown>) {
  const record = { ...NODE, ...meta, applied_revision: 4, target_revision: 5, ...fields } as StoredRecord
  render(
    <ResourceDetail
      ui={nodesUi}
      record={record}
      can={{ update: true, delete: true }}
      renderEditLink={(content) => <a href="/edit">{content}</a>}
      renderReference={(type, name) => <a href={`/${type}/${name}`}>{name}</a>}
      onDelete={vi.fn()}
      onCopy={vi.fn()}
    />,
  )
  return within(screen.getByRole('region', { name: 'Summary' }))
}

const summaryValue = (summary: ReturnType<typeof showDetail>, label: string) =>
  (summary.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement).textContent

describe('the node detail summary', () => {
  it("shows an agent node's Varnish, when it started, its last report and why it does not run the revision", () => {
    const compiler = "project shop: Unknown token ';' when looking for STRING\n('shop.vcl' Line 2 Pos 33)"
    const summary = showDetail({
      kind: 'agent',
      sync_state: 'failed',
      varnish_version: 'varnish-7.1.1',
      varnish_started_at: '2026-11-24T08:00:00.000Z',
      last_seen_at: '2026-11-24T09:30:00.000Z',
      sync_message: compiler,
    })
    expect(summaryValue(summary, 'Kind')).toBe('Edge agent')
    expect(summaryValue(summary, 'Sync')).toBe('Failed')
    expect(summaryValue(summary, 'Varnish version')).toBe('varnish-7.1.1')
    // Times as every date of the console (day-month-year, in the browser's zone), not as ISO.
    expect(summaryValue(summary, 'Varnish started')).toMatch(/^24-11-2026 \d\d:00:00$/)
    expect(summaryValue(summary, 'Last report')).toMatch(/^24-11-2026 \d\d:30:00$/)
    const message = summary.getByText('Sync message', { selector: 'dt' }).nextElementSibling as HTMLElement
    expect(message.textContent).toBe(compiler)
    expect(message.querySelector('pre')).toBeTruthy()
  })

  it('shows the message as text, never markup, and says when an agent never reported', () => {
    const summary = showDetail({
      kind: 'agent',
      sync_state: 'unreachable',
      varnish_version: null,
      varnish_started_at: null,
      last_seen_at: null,
      sync_message: '<img src=x onerror=alert(1)>',
    })
    expect(summaryValue(summary, 'Varnish version')).toBe('No report yet')
    expect(summaryValue(summary, 'Varnish started')).toBe('No report yet')
    expect(summaryValue(summary, 'Last report')).toBe('No report yet')
    expect(summaryValue(summary, 'Sync message')).toBe('<img src=x onerror=alert(1)>')
    expect(document.querySelector('img')).toBeNull()
  })

  it('shows none of it for a simulated node', () => {
    const summary = showDetail({ kind: 'simulated', sync_state: 'in_sync' })
    expect(summaryValue(summary, 'Kind')).toBe('Simulated')
    for (const label of ['Varnish version', 'Varnish started', 'Last report', 'Sync message'])
      expect(summary.queryByText(label, { selector: 'dt' })).toBeNull()
  })
})

describe('the nodes list', () => {
  it('has a Kind column: Simulated or Edge agent', () => {
    const column = nodesUi.columns.find((candidate) => candidate.path === 'kind')
    if (!column) throw new Error('no Kind column')
    expect(column.label).toBe('Kind')
    const cell = (kind: string) => renderCell(column, { kind }, () => null)
    expect([cell('simulated'), cell('agent')]).toEqual(['Simulated', 'Edge agent'])
  })
})

describe('rotating a node secret', () => {
  it('asks first, saying the old secret stops working at once and the agent must restart with the new one', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    const { rerender } = render(
      <RotateSecretDialog
        one="node"
        name="pop-fr-par-9"
        pending={false}
        error={null}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Rotate the secret of the node "pop-fr-par-9"?' })
    expect(dialog.textContent).toContain('The old secret stops working at once')
    expect(dialog.textContent).toContain('until it is restarted with the new one')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }))
    expect(onConfirm).toHaveBeenCalledOnce()

    rerender(
      <RotateSecretDialog
        one="node"
        name="pop-fr-par-9"
        pending={false}
        error="node pop-fr-par-9 is simulated: only an edge agent node has a secret"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe(
      'node pop-fr-par-9 is simulated: only an edge agent node has a secret',
    )
  })

  it('shows the new secret once, with what the server keeps of it and how the agent uses it', async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    const secret = nodesUi.secretOnCreate
    if (!secret) throw new Error('nodes reveal no secret')
    render(
      <SecretDialog
        one="node"
        name="pop-fr-par-9"
        title='The node "pop-fr-par-9" has a new secret'
        label={secret.label}
        usage={secret.usage}
        kept={secret.kept}
        secret="wadp_new_secret_0123456789"
        onCopy={async () => {}}
        onDone={onDone}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'The node "pop-fr-par-9" has a new secret' })
    expect((within(dialog).getByLabelText('Node secret') as HTMLInputElement).value).toBe('wadp_new_secret_0123456789')
    expect(within(dialog).getByRole('alert').textContent).toContain('Only a hash of it is kept')
    expect(within(dialog).getByRole('alert').textContent).not.toContain('first 6 characters')
    expect(dialog.textContent).toContain('WADP_EDGE_TOKEN')
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }))
    expect(onDone).toHaveBeenCalledOnce()
  })
})
