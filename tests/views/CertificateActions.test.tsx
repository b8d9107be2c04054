// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CertificateActions } from '../../routes/-resources/CertificateActions.tsx'
import type { AddonContext } from '../../routes/-resources/ResourceDetailRoute.tsx'
import type { StoredRecord } from '../../src/api/resources.ts'

afterEach(cleanup)

const record = {
  name: 'storefront-cert',
  display_name: null,
  domains: ['shop.example.com'],
  status: 'active',
  auto_renew: true,
  renew_before_days: 30,
  revision: 4,
} as unknown as StoredRecord

/** The detail page's certificate actions over a platform that answers at once. */
function renderActions() {
  const patch = vi.fn(async () => ({ ...record, auto_renew: false, revision: 5 }))
  const renewCertificate = vi.fn(async () => ({ ...record, status: 'renewing', revision: 5 }))
  const context = { project: 'shop', page: { actions: { patch, renewCertificate } } } as unknown as AddonContext
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CertificateActions record={record} context={context} />
    </QueryClientProvider>,
  )
  return { patch, renewCertificate }
}

describe('a certificate’s detail actions pressed twice at once (a double click)', () => {
  it('turn auto-renew off with one request, not a second that meets the revision the first moved on', async () => {
    const { patch } = renderActions()
    const button = screen.getByRole('button', { name: 'Turn auto-renew off' })
    fireEvent.click(button)
    fireEvent.click(button)
    // Settled: called, and the button no longer busy.
    await waitFor(() => {
      expect(patch).toHaveBeenCalled()
      expect(button.getAttribute('aria-disabled')).not.toBe('true')
    })
    expect(patch).toHaveBeenCalledTimes(1)
  })

  it('renew with one request from the question’s Renew now', async () => {
    const { renewCertificate } = renderActions()
    fireEvent.click(screen.getByRole('button', { name: 'Renew now' }))
    const dialog = await screen.findByRole('dialog')
    const confirm = [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Renew now')
    if (!confirm) throw new Error('no Renew now in the question')
    fireEvent.click(confirm)
    fireEvent.click(confirm)
    // Settled: the question closes once the renewal is accepted.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(renewCertificate).toHaveBeenCalledTimes(1)
  })
})
