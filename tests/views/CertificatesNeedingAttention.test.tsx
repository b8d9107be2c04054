// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CertificateSummary } from '../../src/api/overview.ts'
import { CertificatesNeedingAttention } from '../../src/views/HomePanels.tsx'

afterEach(cleanup)

const NOW = Date.parse('2026-11-29T12:00:00.000Z')
const DAY = 86_400_000
const link = (path: string, children: ReactNode) => <a href={path}>{children}</a>

const certificate = (over: Partial<CertificateSummary>): CertificateSummary => ({
  name: 'storefront-cert',
  display_name: null,
  domains: ['shop.example.com'],
  status: 'active',
  not_after: new Date(NOW + 3 * DAY).toISOString(),
  auto_renew: true,
  renew_before_days: 30,
  ...over,
})

describe('Home’s certificates needing attention', () => {
  it('points out a certificate expiring in 3 days that nothing renews, however short its renewal window', () => {
    render(
      <CertificatesNeedingAttention
        certificates={[certificate({ auto_renew: false, renew_before_days: 1 })]}
        total={1}
        link={link}
        now={NOW}
      />,
    )
    expect(screen.getByText('Expires in 3 days')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'storefront-cert' }).getAttribute('href')).toBe(
      '/managed-certificates-detail/storefront-cert',
    )
    expect(screen.queryByText('The LE certificate is valid.')).toBeNull()
  })

  it('leaves a certificate that renews itself alone until its renewal window', () => {
    render(
      <CertificatesNeedingAttention
        certificates={[certificate({ auto_renew: true, renew_before_days: 1 })]}
        total={1}
        link={link}
        now={NOW}
      />,
    )
    expect(screen.getByText('The LE certificate is valid.')).toBeTruthy()
  })

  it('points out a certificate nothing renews from a month before it expires, not sooner', () => {
    const expiring = (days: number) =>
      certificate({ auto_renew: false, renew_before_days: 7, not_after: new Date(NOW + days * DAY).toISOString() })
    const { rerender } = render(
      <CertificatesNeedingAttention certificates={[expiring(29.5)]} total={1} link={link} now={NOW} />,
    )
    expect(screen.getByText('Expires in 30 days')).toBeTruthy()
    rerender(<CertificatesNeedingAttention certificates={[expiring(31)]} total={1} link={link} now={NOW} />)
    expect(screen.getByText('The LE certificate is valid.')).toBeTruthy()
  })
})

describe('the LE certificates list’s attention', () => {
  it('says a certificate nothing renews expires in 3 days, as Home does', async () => {
    const { leCertificatesUi } = await import('../../src/types/le-certificates/screen.ts')
    const record = { status: 'active', not_after: new Date(NOW + 3 * DAY).toISOString(), renew_before_days: 1 }
    expect(leCertificatesUi.attention?.({ ...record, auto_renew: false }, NOW)).toEqual({
      tone: 'warning',
      text: 'Expires in 3 days',
    })
    expect(leCertificatesUi.attention?.({ ...record, auto_renew: true }, NOW)).toBeNull()
  })
})
