// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { userListAddons } from '../../routes/-admin/UserInvite.tsx'
import type { ResourcePage } from '../../routes/-resources/useResourcePage.ts'

afterEach(cleanup)

describe('Invite a user pressed twice at once (a double click on Invite)', () => {
  it('invites with one request, not a second that the platform refuses as the address now taken', async () => {
    const create = vi.fn(async (_ui: unknown, _project: string, values: { email: string }) => ({ name: values.email }))
    const page = { can: { create: true }, actions: { create } } as unknown as ResourcePage
    render(
      <QueryClientProvider client={new QueryClient()}>
        {userListAddons.actions?.({ page } as never)}
      </QueryClientProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Invite a user' }))
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'nina@example.com' } })
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Nina' } })
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Newbie' } })
    const invite = screen.getByRole('button', { name: 'Invite' })
    fireEvent.click(invite)
    fireEvent.click(invite)
    // Settled: the dialog closes once the invitation is accepted.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(create).toHaveBeenCalledTimes(1)
  })
})
