/** The bans an edge agent sends Varnish for each kind of invalidation (EDGE.md), word by word. */
import { describe, expect, it } from 'vitest'
import { banCommands, classQuote, writtenPath } from '../../server/edge/bans.ts'
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
    expect(banCommands(invalidation('url', ['https://Shop.example.com/a?x=1#top']))).toEqual([
      ['ban', 'req.http.host', '==', 'shop.example.com', '&&', 'req.url', '==', '/a?x=1'],
    ])
    expect(banCommands(invalidation('prefix', ['https://shop.example.com/img.v2/']))).toEqual([
      ['ban', 'req.http.host', '==', 'shop.example.com', '&&', 'req.url', '~', '^/img[.]v2/'],
    ])
    expect(banCommands(invalidation('host', ['static.shop.example.com']))).toEqual([
      ['ban', 'req.http.host', '==', 'static.shop.example.com'],
    ])
  })

  it('ban a path both as written (as curl sends it) and as new URL() percent-encodes it (as a browser does)', () => {
    expect(writtenPath('https://a.example/a{b}?q=`x`#frag')).toBe('/a{b}?q=`x`')
    expect(writtenPath('https://a.example?x=1')).toBe('/?x=1')
    expect(writtenPath('https://a.example')).toBe('/')
    expect(banCommands(invalidation('url', ['https://a.example/a{b}']))).toEqual([
      ['ban', 'req.http.host', '==', 'a.example', '&&', 'req.url', '==', '/a%7Bb%7D'],
      ['ban', 'req.http.host', '==', 'a.example', '&&', 'req.url', '==', '/a{b}'],
    ])
    expect(banCommands(invalidation('prefix', ['https://a.example/p{x}/']))).toEqual([
      ['ban', 'req.http.host', '==', 'a.example', '&&', 'req.url', '~', '^/p%7Bx%7D/'],
      ['ban', 'req.http.host', '==', 'a.example', '&&', 'req.url', '~', '^/p[{]x[}]/'],
    ])
    // What Varnish's command line cannot carry (a space, a quote, a backslash) matches any character.
    expect(banCommands(invalidation('url', ['https://Shop.example.com/a b?x="1"']))).toEqual([
      ['ban', 'req.http.host', '==', 'shop.example.com', '&&', 'req.url', '==', '/a%20b?x=%221%22'],
      ['ban', 'req.http.host', '==', 'shop.example.com', '&&', 'req.url', '~', '^/a.b[?]x=.1.$'],
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
