/** The bans an edge agent sends Varnish for each kind of invalidation (EDGE.md), word by word. */
import { describe, expect, it } from 'vitest'
import { banCommands, classQuote } from '../../server/edge/bans.ts'
import type { EdgeInvalidation } from '../../src/domain/edge-node.ts'

const invalidation = (type: EdgeInvalidation['type'], targets: string[], hosts: string[] = []): EdgeInvalidation => ({
  project: 'shop',
  name: 'p-1',
  type,
  targets,
  soft: false,
  requested_at: '2026-11-26T00:00:00.000Z',
  hosts,
})

describe('bans', () => {
  it('quote every character that is not plain in a class of its own, never with a backslash', () => {
    expect(classQuote('/a.b?c=(1)+[2]*^$|{}')).toBe('/a[.]b[?]c=[(]1[)][+][[]2[]][*][$^][$][|][{][}]')
    expect(new RegExp(`^${classQuote('/a.b?c')}$`).test('/a.b?c')).toBe(true)
    expect(new RegExp(`^${classQuote('/a.b?c')}$`).test('/aXb?c')).toBe(false)
  })

  it('ban a URL by its host and exact path, a prefix by its start, a host whole', () => {
    expect(banCommands(invalidation('url', ['https://Shop.example.com/a b?x="1"']))).toEqual([
      ['ban', 'req.http.host', '==', 'shop.example.com', '&&', 'req.url', '==', '/a%20b?x=%221%22'],
    ])
    expect(banCommands(invalidation('prefix', ['https://shop.example.com/img.v2/']))).toEqual([
      ['ban', 'req.http.host', '==', 'shop.example.com', '&&', 'req.url', '~', '^/img[.]v2/'],
    ])
    expect(banCommands(invalidation('host', ['static.shop.example.com']))).toEqual([
      ['ban', 'req.http.host', '==', 'static.shop.example.com'],
    ])
  })

  it('ban a tag on the tags the VCL keeps, of the project’s hosts only, and all on every host of the project', () => {
    // A node's cache holds every project's objects: another project's origin may tag its own product.42.
    expect(banCommands(invalidation('tag', ['product.42'], ['a.example.com', 'b.example.com']))).toEqual([
      [
        'ban',
        'obj.http.X-Wadp-Tags',
        '~',
        ',product[.]42,',
        '&&',
        'req.http.host',
        '~',
        '^(a[.]example[.]com|b[.]example[.]com)$',
      ],
    ])
    expect(banCommands(invalidation('tag', ['product.42'], []))).toEqual([])
    expect(banCommands(invalidation('all', [], ['a.example.com', 'b.example.com']))).toEqual([
      ['ban', 'req.http.host', '~', '^(a[.]example[.]com|b[.]example[.]com)$'],
    ])
    expect(banCommands(invalidation('all', [], []))).toEqual([])
  })

  it('refuse a tag that Varnish’s command line cannot carry', () => {
    expect(() => banCommands(invalidation('tag', ['a"b'], ['a.example.com']))).toThrow(
      'contains a space, a quote or a backslash',
    )
  })
})
