// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TenancyDeletionPage, type TenancyDeletionPageProps } from '../../src/views/TenancyDeletionPage.tsx'
import { InviteUserDialog, RolesDialog, StatusDialog } from '../../src/views/UserDialogs.tsx'

afterEach(cleanup)

const preview = {
  projects: ['shop', 'blog'],
  resources: { websites: 3, directors: 0, pagerules: 5 },
  tokens_limited_to_it: 1,
}

function props(overrides: Partial<TenancyDeletionPageProps> = {}): TenancyDeletionPageProps {
  return {
    kind: 'customer',
    choices: { options: [{ value: 'acme', label: 'acme (Acme)' }], loading: false, error: null },
    chosen: 'acme',
    phase: 'confirming',
    preview,
    typed: '',
    canDelete: false,
    error: null,
    onChoose: vi.fn(),
    onType: vi.fn(),
    onDelete: vi.fn(),
    onRetry: vi.fn(),
    onReset: vi.fn(),
    backLink: <a href="/management">Back to Management</a>,
    ...overrides,
  }
}

describe('TenancyDeletionPage', () => {
  it('says what goes, counted, without the types it holds none of', () => {
    render(<TenancyDeletionPage {...props()} />)
    const region = screen.getByRole('region', { name: 'What will be deleted' })
    const items = within(region)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items[0]).toBe('2 projects: shop, blog')
    expect(items).toContain('5 pagerules')
    expect(items).toContain('3 websites')
    expect(items.some((item) => item?.includes('directors'))).toBe(false)
    expect(items.at(-1)).toContain('1 API token limited to them')
  })

  it('keeps the delete disabled until the machine says the name was typed, and passes what is typed on', async () => {
    const user = userEvent.setup()
    const onType = vi.fn()
    const onDelete = vi.fn()
    const { rerender } = render(<TenancyDeletionPage {...props({ onType, onDelete })} />)
    const button = screen.getByRole('button', { name: 'Delete customer acme' })
    expect(button).toHaveProperty('disabled', true)
    await user.type(screen.getByLabelText('Type acme to confirm'), 'a')
    expect(onType).toHaveBeenCalledWith('a')
    // Enter in the field does nothing while the name is not typed.
    await user.type(screen.getByLabelText('Type acme to confirm'), '{Enter}')
    expect(onDelete).not.toHaveBeenCalled()

    rerender(<TenancyDeletionPage {...props({ onType, onDelete, typed: 'acme', canDelete: true })} />)
    await user.click(screen.getByRole('button', { name: 'Delete customer acme' }))
    expect(onDelete).toHaveBeenCalledOnce()
  })

  it('shows the server’s reason after a failed delete, with the typed name kept', () => {
    render(
      <TenancyDeletionPage
        {...props({ phase: 'failed', typed: 'acme', canDelete: true, error: 'it changed meanwhile' })}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe('The customer was not deleted: it changed meanwhile')
    expect(screen.getByLabelText('Type acme to confirm')).toHaveProperty('value', 'acme')
  })

  it('renders names as text, never as HTML', () => {
    render(<TenancyDeletionPage {...props({ chosen: '<b>x</b>', preview: { ...preview, projects: ['<i>p</i>'] } })} />)
    expect(document.querySelector('b, i')).toBeNull()
    expect(screen.getByRole('region', { name: 'What will be deleted' }).textContent).toContain('<i>p</i>')
  })
})

describe('InviteUserDialog', () => {
  it('checks the invitation with the server’s schema before sending it', async () => {
    const user = userEvent.setup()
    const onInvite = vi.fn()
    render(<InviteUserDialog open request={{ busy: false, error: null }} onInvite={onInvite} onClose={vi.fn()} />)
    const dialog = screen.getByRole('dialog', { name: 'Invite a user' })
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-address')
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }))
    expect(onInvite).not.toHaveBeenCalled()
    expect(within(dialog).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true')
    // The refused field takes the focus from the button, its error read with it.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('E-mail'))

    await user.clear(within(dialog).getByLabelText('E-mail'))
    await user.type(within(dialog).getByLabelText('E-mail'), ' Nina@Example.com ')
    await user.type(within(dialog).getByLabelText('First name'), 'Nina')
    await user.click(within(dialog).getByRole('checkbox', { name: /Admin/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }))
    expect(onInvite).toHaveBeenCalledWith({
      email: 'nina@example.com',
      first_name: 'Nina',
      last_name: '',
      roles: ['admin', 'viewer'],
    })
  })

  it('shows the server’s reason', () => {
    render(
      <InviteUserDialog
        open
        request={{ busy: false, error: 'users nina@example.com already exists' }}
        onInvite={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe('users nina@example.com already exists')
  })

  it('shows what the server said of a field on that field, until the form refuses a try itself', async () => {
    const user = userEvent.setup()
    render(
      <InviteUserDialog
        open
        request={{
          busy: false,
          error: 'user nina@example.com already exists',
          fieldErrors: [{ field: 'email', message: 'is already taken' }],
        }}
        onInvite={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    const email = within(screen.getByRole('dialog', { name: 'Invite a user' })).getByLabelText('E-mail')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')).toBeTruthy()
    const described = (email.getAttribute('aria-describedby') ?? '').split(' ')
    expect(described.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain('is already taken')
    await user.type(email, 'not an address')
    await user.click(screen.getByRole('button', { name: 'Invite' }))
    expect(screen.queryByText('is already taken')).toBeNull()
  })

  it('says an address already taken once, under E-mail, whatever words the server’s sentence uses', () => {
    // The platform's 409: its sentence names the user, its field error the field; both say the same.
    render(
      <InviteUserDialog
        open
        request={{
          busy: false,
          error: 'user nina@example.com already exists',
          fieldErrors: [{ field: 'email', message: 'is already taken' }],
        }}
        onInvite={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Invite a user' })
    expect(describedText(within(dialog).getByLabelText('E-mail'))).toContain('is already taken')
    expect(within(dialog).queryByRole('alert')).toBeNull()
    expect(within(dialog).queryByText('user nina@example.com already exists')).toBeNull()
  })

  it('drops the server’s reason for an earlier try once the form refuses the next one itself', async () => {
    const user = userEvent.setup()
    render(
      <InviteUserDialog
        open
        request={{ busy: false, error: 'user nina@example.com already exists' }}
        onInvite={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Invite a user' })
    await user.type(within(dialog).getByLabelText('E-mail'), 'not an address')
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }))
    expect(within(dialog).getByText('must be an e-mail address')).toBeTruthy()
    expect(within(dialog).queryByText('user nina@example.com already exists')).toBeNull()
  })
})

const describedText = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

describe('RolesDialog', () => {
  const refusal = 'you cannot grant admin: it holds permissions you do not'

  it('shows the server’s word on the roles beside them, focused, keeping what the user chose', async () => {
    const user = userEvent.setup()
    const onSave = vi.fn()
    const dialogProps = { open: true, email: 'nina@example.com', roles: ['viewer'] as const, onSave, onClose: vi.fn() }
    const { rerender } = render(
      <RolesDialog {...dialogProps} roles={['viewer']} request={{ busy: false, error: null }} />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Roles of nina@example.com' })
    await user.click(within(dialog).getByRole('checkbox', { name: /Admin/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }))
    expect(onSave).toHaveBeenCalledWith(['admin', 'viewer'])
    rerender(<RolesDialog {...dialogProps} roles={['viewer']} request={{ busy: true, error: null }} />)
    rerender(
      <RolesDialog
        {...dialogProps}
        roles={['viewer']}
        request={{ busy: false, error: `roles ${refusal}`, fieldErrors: [{ field: 'roles', message: refusal }] }}
      />,
    )
    const admin = within(dialog).getByRole('checkbox', { name: /Admin/ })
    expect(admin.getAttribute('aria-invalid')).toBe('true')
    const group = within(dialog).getByRole('group', { name: 'Roles (in every project)' })
    expect(describedText(group)).toContain(refusal)
    expect(document.activeElement).toBe(admin)
    // What the user chose stays chosen.
    expect(admin).toHaveProperty('checked', true)
    expect(within(dialog).getByRole('checkbox', { name: /Viewer/ })).toHaveProperty('checked', true)
    // Said once, beside the roles: no alert repeating it under its API name.
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it('keeps the server’s sentence when one of the fields it refused is not in the dialog', () => {
    // The roles show their error; the groups, which the dialog does not show, have only the sentence.
    const groups = 'these groups grant admin through SSO mappings, which holds permissions you do not'
    const error = `invalid user: roles ${refusal}; groups ${groups}`
    render(
      <RolesDialog
        open
        email="nina@example.com"
        roles={['viewer']}
        request={{
          busy: false,
          error,
          fieldErrors: [
            { field: 'roles', message: refusal },
            { field: 'groups', message: groups },
          ],
        }}
        onSave={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Roles of nina@example.com' })
    expect(describedText(within(dialog).getByRole('group', { name: 'Roles (in every project)' }))).toContain(refusal)
    expect(within(dialog).getByRole('alert').textContent).toBe(error)
  })

  it('keeps a reason of the server’s own (a stale revision) in an alert', () => {
    render(
      <RolesDialog
        open
        email="nina@example.com"
        roles={['viewer']}
        request={{ busy: false, error: 'users nina@example.com changed meanwhile' }}
        onSave={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe('users nina@example.com changed meanwhile')
    expect(screen.getByRole('checkbox', { name: /Viewer/ }).getAttribute('aria-invalid')).toBeNull()
  })
})

describe('StatusDialog', () => {
  it('says what the server said of the status on the action it refused, not under its API name', () => {
    const message = 'you cannot disable yourself: ask another admin'
    render(
      <StatusDialog
        open
        email="admin@example.com"
        disable
        request={{ busy: false, error: `status ${message}`, fieldErrors: [{ field: 'status', message }] }}
        onConfirm={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Disable admin@example.com?' })
    const button = within(dialog).getByRole('button', { name: 'Disable' })
    expect(describedText(button)).toBe('You cannot disable yourself: ask another admin')
    expect(within(dialog).getByRole('alert').textContent).toBe('You cannot disable yourself: ask another admin')
  })
})
