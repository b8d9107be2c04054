import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApi } from '../../src/api/http.ts'
import { listCertificates } from '../../src/api/overview.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const certificate = (index: number, status: string) => ({
  name: `cert-${String(index).padStart(4, '0')}`,
  display_name: null,
  domains: [`site-${index}.example.com`],
  status,
  not_after: '2027-02-06T18:40:01.800Z',
  auto_renew: true,
  renew_before_days: 30,
})

/** The acme service of a project holding `count` certificates, the last one failed, paged as the API pages. */
function stubCertificates(count: number) {
  const asked: URL[] = []
  vi.stubGlobal('fetch', async (url: string) => {
    const read = new URL(url, 'http://console.test')
    asked.push(read)
    const items = Number(read.searchParams.get('items') ?? 100)
    const page = Number(read.searchParams.get('page') ?? 1)
    const all = Array.from({ length: count }, (_, index) =>
      certificate(index, index === count - 1 ? 'failed' : 'active'),
    )
    const data = all.slice((page - 1) * items, page * items)
    return new Response(JSON.stringify({ data, meta: { total: count, page, items } }), {
      headers: { 'content-type': 'application/json' },
    })
  })
  return asked
}

describe('the certificates Home reads', () => {
  it('are every certificate of a project holding more than a page, so a failed one past the first page is seen', async () => {
    const count = 1150
    const asked = stubCertificates(count)
    const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
    const result = await listCertificates(api, 'shop')
    expect(result.meta.total).toBe(count)
    expect(result.data).toHaveLength(count)
    expect(result.data.filter((one) => one.status === 'failed').map((one) => one.name)).toEqual([
      `cert-${String(count - 1).padStart(4, '0')}`,
    ])
    expect(new Set(asked.map((url) => url.pathname))).toEqual(new Set(['/api/acme/v0/projects/shop/le-cert']))
  })

  it('take one request for a project of a few', async () => {
    const asked = stubCertificates(3)
    const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
    const result = await listCertificates(api, 'shop')
    expect(result).toMatchObject({ meta: { total: 3 } })
    expect(result.data).toHaveLength(3)
    expect(asked).toHaveLength(1)
  })
})
