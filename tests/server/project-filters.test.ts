import { describe, expect, it } from 'vitest'
import { type Json, setUpPlatform } from './support.ts'

const platform = setUpPlatform()
const auth = (path: string) => `/api/auth/v0${path}`
const names = async (query: string) =>
  (await platform.call('GET', auth(`/projects?${query}`))).body.data.map((p: Json) => p.name).sort()

describe('the projects list', () => {
  it('filters by customer, and by organization through the customer', async () => {
    expect(await names('customer=acme-media')).toEqual(['media'])
    expect(await names('organization=acme')).toEqual(['media', 'shop', 'shop-staging'])
    expect(await names('organization=globex')).toEqual(['labs'])
    expect(await names('organization=nobody')).toEqual([])
  })

  it('follows a customer moving to another organization at once', async () => {
    expect(await names('organization=globex')).toEqual(['labs'])
    const customer = await platform.call('GET', auth('/customers/acme-media'))
    const moved = await platform.call('PATCH', auth('/customers/acme-media'), {
      body: { organization: 'globex' },
      headers: { 'if-match': `"${customer.body.data.revision}"` },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(await names('organization=globex')).toEqual(['labs', 'media'])
    expect(await names('organization=acme')).toEqual(['shop', 'shop-staging'])
  })

  it('shows each project’s organization, read through its customer, and ignores one sent back', async () => {
    const list = await platform.call('GET', auth('/projects?customer=acme-retail'))
    expect(list.body.data.map((p: Json) => p.organization)).toEqual(['acme', 'acme'])
    const shop = await platform.call('GET', auth('/projects/shop'))
    expect(shop.body.data).toMatchObject({ customer: 'acme-retail', organization: 'acme' })
    // The edit form sends back what it read: the read-only field is ignored, not refused.
    const saved = await platform.call('PUT', auth('/projects/shop'), {
      body: { ...shop.body.data, description: 'Storefront project' },
      headers: { 'if-match': `"${shop.body.data.revision}"` },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data).toMatchObject({ description: 'Storefront project' })
  })

  it('refuses a filter given twice', async () => {
    const res = await platform.call('GET', auth('/projects?organization=acme&organization=globex'))
    expect(res.status).toBe(400)
    expect(res.body.errors[0].field).toBe('organization')
  })
})
