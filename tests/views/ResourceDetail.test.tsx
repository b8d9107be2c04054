// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StoredRecord } from '../../src/api/resources.ts'
import { initialDraft } from '../../src/domain/resource-body.ts'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import { directorsUi } from '../../src/types/directors/screen.ts'
import { leCertificatesUi } from '../../src/types/le-certificates/screen.ts'
import { pageRulesUi } from '../../src/types/page-rules/screen.ts'
import { poolsUi } from '../../src/types/pools/screen.ts'
import { wafPoliciesUi } from '../../src/types/waf-policies/screen.ts'
import { websitesUi } from '../../src/types/websites/screen.ts'
import { ResourceDetail } from '../../src/views/resources/ResourceDetail.tsx'

afterEach(cleanup)

const meta = {
  revision: 3,
  created_at: '2026-03-04T05:06:07.000Z',
  created_by: 'ada@example.com',
  updated_at: '2026-11-20T21:22:23.000Z',
  updated_by: 'grace@example.com',
}

function renderDetail(ui: ResourceUi, data: Record<string, unknown>, can = { update: true, delete: true }) {
  const record = { ...initialDraft(ui.fields, ui.newDraft?.()), display_name: null, ...meta, ...data } as StoredRecord
  const onDelete = vi.fn()
  const onCopy = vi.fn()
  render(
    <ResourceDetail
      ui={ui}
      record={record}
      can={can}
      renderEditLink={(content) => <a href="/edit">{content}</a>}
      renderReference={(type, name) => <a href={`/${type}/${name}`}>{name}</a>}
      onDelete={onDelete}
      onCopy={onCopy}
    />,
  )
  return { onDelete, onCopy }
}

const detailValue = (label: string, scope: HTMLElement = document.body) => {
  const term = within(scope).getByText(label, { selector: 'dt' })
  return term.nextElementSibling as HTMLElement
}

describe('resource detail page', () => {
  it('says a renewal window of one day as 1 day, not 1 days, and thirty as 30 days', () => {
    renderDetail(leCertificatesUi, { name: 'storefront-cert', domains: ['shop.example.com'], renew_before_days: 1 })
    expect(detailValue('Renew before expiry').textContent).toBe('1 day')
    cleanup()
    renderDetail(leCertificatesUi, { name: 'storefront-cert', domains: ['shop.example.com'], renew_before_days: 30 })
    expect(detailValue('Renew before expiry').textContent).toBe('30 days')
  })

  it('shows what uses a WAF policy, directly and through its director (issue 25)', () => {
    renderDetail(wafPoliciesUi, {
      name: 'strict',
      referenced_by: [
        { type: 'directors', name: 'shop-pool', field: 'waf_config' },
        {
          type: 'websites',
          name: 'shop',
          field: 'default_director',
          through: [{ type: 'directors', name: 'shop-pool', field: 'waf_config' }],
        },
      ],
    })
    const usedBy = screen.getByRole('region', { name: 'Used by' })
    expect(
      within(usedBy)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Director shop-pool, directly', 'Website shop, through director shop-pool'])
    expect(within(usedBy).getByRole('link', { name: 'shop' }).getAttribute('href')).toBe('/websites/shop')
  })

  it('says a policy nothing uses is not used, and shows no "Used by" where the answer has none', () => {
    renderDetail(wafPoliciesUi, { name: 'spare', referenced_by: [] })
    expect(within(screen.getByRole('region', { name: 'Used by' })).getByText('Not used by anything.')).toBeTruthy()
    cleanup()
    renderDetail(wafPoliciesUi, { name: 'spare' })
    expect(screen.queryByRole('region', { name: 'Used by' })).toBeNull()
  })

  it('shows no "Used by" where a field of the type already lists them all (a pool\'s nodes)', () => {
    renderDetail(poolsUi, {
      name: 'europe',
      nodes: ['pop-fr-par-1'],
      referenced_by: [{ type: 'nodes', name: 'pop-fr-par-1', field: 'pool' }],
    })
    expect(screen.queryByRole('region', { name: 'Used by' })).toBeNull()
    expect(screen.getAllByRole('link', { name: 'pop-fr-par-1' })).toHaveLength(1)
  })

  it('shows on a website the WAF policy it gets through its director (issue 25)', () => {
    renderDetail(websitesUi, {
      name: 'shop',
      default_director: 'shop-pool',
      uses: [
        { type: 'directors', name: 'shop-pool', field: 'default_director' },
        {
          type: 'wafconfigs',
          name: 'strict',
          field: 'default_director',
          through: [{ type: 'directors', name: 'shop-pool', field: 'waf_config' }],
        },
      ],
    })
    expect(detailValue('Protection').textContent).toBe('WAF policy strict, through director shop-pool')
  })

  it('shows a website with human labels, its summary and its director as a link', () => {
    renderDetail(websitesUi, {
      name: 'shop-example-com',
      domain_name: 'shop.example.com',
      domain_aliases: ['www.example.com'],
      default_director: 'blue-origin',
    })
    expect(screen.getByRole('heading', { level: 1, name: 'shop-example-com' })).toBeTruthy()
    expect(detailValue('Domain name').textContent).toBe('shop.example.com')
    expect(detailValue('Domain aliases').textContent).toBe('www.example.com')
    expect(
      within(detailValue('Default director')).getByRole('link', { name: 'blue-origin' }).getAttribute('href'),
    ).toBe('/directors/blue-origin')
    expect(detailValue('Custom VCL hooks').textContent).toBe('No selection')
    expect(detailValue('Options on').textContent).toBe('Retry on 5xx errors')
    expect(detailValue('Retry on 5xx errors').textContent).toBe('Yes')
    expect(detailValue('Updated').textContent).toBe('20-11-2026 21:22:23 by grace@example.com')
  })

  it('labels a director type and lists its backends in a table', () => {
    renderDetail(directorsUi, {
      name: 'blue',
      type: 'weighted',
      backends: [
        { host: 'a.example.com', port: 443, weight: 1 },
        { host: '10.0.0.2', port: 8080, weight: 5 },
      ],
    })
    expect(detailValue('Type').textContent).toBe('Random Weighted')
    const backends = screen.getByRole('table', { name: 'Backends' })
    expect(
      within(backends)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['HostPortWeight', 'a.example.com4431', '10.0.0.280805'])
    expect(detailValue('Interval').textContent).toBe('10 s')
    expect(screen.queryByText('Sticky cookie')).toBeNull()
  })

  it('shows only the fields of the page rule’s action', () => {
    renderDetail(pageRulesUi, {
      name: 'old-blog',
      website: 'shop',
      priority: 10,
      action: { kind: 'redirect', target: '/blog', status: 308, preserve_query: true },
    })
    expect(detailValue('Redirect to').textContent).toBe('/blog')
    expect(screen.queryByText('Cache mode')).toBeNull()
    expect(within(detailValue('Website')).getByRole('link', { name: 'shop' })).toBeTruthy()
  })

  it('offers Edit and Delete only with the permissions, and Copy as JSON always', async () => {
    const { onDelete, onCopy } = renderDetail(websitesUi, {
      name: 'a',
      domain_name: 'a.example.com',
      default_director: 'd',
    })
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await userEvent.click(screen.getByRole('button', { name: 'Copy as JSON' }))
    expect(onDelete).toHaveBeenCalledOnce()
    expect(onCopy).toHaveBeenCalledOnce()
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy()
    cleanup()
    renderDetail(
      websitesUi,
      { name: 'a', domain_name: 'a.example.com', default_director: 'd' },
      { update: false, delete: false },
    )
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Copy as JSON' })).toBeTruthy()
  })

  it('shows what a user typed as text, never as markup', () => {
    renderDetail(websitesUi, {
      name: 'x',
      display_name: '<img src=x onerror=alert(1)>',
      domain_name: 'x.example.com',
      default_director: 'd',
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('<img src=x onerror=alert(1)>')
    expect(document.querySelector('img')).toBeNull()
  })
})
