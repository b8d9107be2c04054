// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { initialDraft } from '../../src/domain/resource-body.ts'
import { type Draft, setPath } from '../../src/domain/resource-ui.ts'
import { ROLE_PERMISSIONS } from '../../src/types/roles.ts'
import { tokensUi } from '../../src/types/tokens/screen.ts'
import { ResourceForm } from '../../src/views/resources/ResourceForm.tsx'
import RevokeDialog from '../../src/views/resources/RevokeDialog.tsx'
import SecretDialog from '../../src/views/resources/SecretDialog.tsx'

afterEach(cleanup)

/** The text of the elements an input's aria-describedby names. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

const SECRET = 'wadp_0123456789abcdefghijklmnopqrstuvwxyz'

function showSecret(onCopy: (secret: string) => Promise<void>, onDone = vi.fn()) {
  render(
    <SecretDialog
      one="token"
      name="ci-deploy"
      label="Token"
      usage="Send it as a bearer token."
      secret={SECRET}
      onCopy={onCopy}
      onDone={onDone}
    />,
  )
  return { onDone, dialog: screen.getByRole('dialog', { name: 'The token "ci-deploy" was created' }) }
}

describe('SecretDialog', () => {
  it('shows the secret once with a warning, and copies it', async () => {
    const onCopy = vi.fn(async () => {})
    const { dialog } = showSecret(onCopy)
    expect(within(dialog).getByRole('alert').textContent).toContain('it will not be shown again')
    expect((within(dialog).getByLabelText('Token') as HTMLInputElement).value).toBe(SECRET)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }))
    expect(onCopy).toHaveBeenCalledWith(SECRET)
    await waitFor(() => expect(dialog.textContent).toContain('Copied to the clipboard.'))
  })

  it('says so when the clipboard refuses, so the user copies it by hand', async () => {
    const { dialog } = showSecret(() => Promise.reject(new Error('denied')))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(dialog.textContent).toContain('select the text and copy it yourself'))
  })

  it('closes only by its button: Escape does not lose the secret', async () => {
    const { onDone, dialog } = showSecret(async () => {})
    await userEvent.keyboard('{Escape}')
    expect(onDone).not.toHaveBeenCalled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }))
    expect(onDone).toHaveBeenCalledOnce()
  })
})

describe('RevokeDialog', () => {
  it('names the token and says it is for good, then confirms or cancels', async () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(
      <RevokeDialog
        one="token"
        name="ci-deploy"
        pending={false}
        error={null}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Revoke the token "ci-deploy"?' })
    expect(dialog.textContent).toContain('cannot be made active again')
    // Focus starts on Cancel, as in the delete question: Enter at once does not revoke.
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' })
    await waitFor(() => expect(document.activeElement).toBe(cancel))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    expect(onConfirm).toHaveBeenCalledOnce()
  })
})

/** The token form with its values kept in state, as the machine keeps them, for a holder of `held`. */
function TokenForm({ held, onValues }: { held: readonly string[]; onValues: (values: Draft) => void }) {
  const [values, setValues] = useState(() => initialDraft(tokensUi.fields, tokensUi.newDraft?.()))
  return (
    <ResourceForm
      ui={tokensUi}
      mode="create"
      values={values}
      fieldErrors={[]}
      formError={null}
      saving={false}
      conflict={null}
      onChange={(path, value) =>
        setValues((current) => {
          const next = setPath(current, path, value)
          onValues(next)
          return next
        })
      }
      onSubmit={vi.fn()}
      onCancel={vi.fn()}
      onReload={vi.fn()}
      onOverwrite={vi.fn()}
      onDismissConflict={vi.fn()}
      referenceOptions={() => ({ options: [], loading: false })}
      facts={{ nodeCount: null, permissions: held }}
    />
  )
}

describe('the token form’s permissions', () => {
  it('offers an operator’s own permissions by resource, and a wildcard includes the actions under it', async () => {
    let latest: Draft = {}
    render(<TokenForm held={ROLE_PERMISSIONS.operator} onValues={(values) => (latest = values)} />)
    const websites = await screen.findByRole('group', { name: 'wadp.websites' })
    // No "everything" for an operator, and nothing of the auth service.
    expect(screen.queryByRole('checkbox', { name: 'wadp.*.* (everything)' })).toBeNull()
    expect(screen.queryByRole('group', { name: 'Service auth' })).toBeNull()
    expect(screen.queryByRole('group', { name: 'wadp.access-tokens' })).toBeNull()

    await userEvent.click(within(websites).getByRole('checkbox', { name: 'list' }))
    expect(latest.permissions).toEqual(['wadp.websites.list'])
    await userEvent.click(within(websites).getByRole('checkbox', { name: 'all (*)' }))
    expect(latest.permissions).toEqual(['wadp.websites.list', 'wadp.websites.*'])
    const create = within(websites).getByRole('checkbox', { name: 'create' }) as HTMLInputElement
    expect(create.checked).toBe(true)
    expect(create.disabled).toBe(true)
    // Unchecking the wildcard leaves what was chosen by itself.
    await userEvent.click(within(websites).getByRole('checkbox', { name: 'all (*)' }))
    expect(latest.permissions).toEqual(['wadp.websites.list'])
    expect(create.checked).toBe(false)
  })

  it('offers an admin each service’s wildcard', async () => {
    render(<TokenForm held={ROLE_PERMISSIONS.admin} onValues={() => {}} />)
    expect(await screen.findByRole('checkbox', { name: 'wadp.*.* (everything)' })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'auth.*.* (everything)' })).toBeTruthy()
    expect(within(screen.getByRole('group', { name: 'auth.tokens' })).getAllByRole('checkbox')).toHaveLength(6)
  })

  it('keeps an expiry as the end of the day picked, within the year the server allows', async () => {
    let latest: Draft = {}
    render(<TokenForm held={ROLE_PERMISSIONS.operator} onValues={(values) => (latest = values)} />)
    const expiry = (await screen.findByLabelText('Expires on')) as HTMLInputElement
    // Typed day-month-year: a native date input would follow the browser's locale (mm/dd/yyyy).
    expect(expiry.type).toBe('text')
    expect(expiry.value).toMatch(/^\d\d-\d\d-\d{4}$/)
    expect(description(expiry)).toContain('at most one year')
    await userEvent.clear(expiry)
    await userEvent.type(expiry, '01/15/2027')
    expect(description(expiry)).toContain('must be a day such as 23-11-2026')
    expect(expiry.getAttribute('aria-invalid')).toBe('true')
    await userEvent.clear(expiry)
    await userEvent.type(expiry, '15-01-2027')
    expect(latest.expires_at).toBe('2027-01-15T23:59:59.000Z')
    expect(expiry.getAttribute('aria-invalid')).not.toBe('true')
  })
})
