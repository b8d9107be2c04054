import { describe, expect, it } from 'vitest'
import {
  movedElsewhere,
  SCAN_LIMIT,
  type SearchDoc,
  SearchDocs,
  searchedRecord,
} from '../../server/services/search-index.ts'

function doc(type: string, scope: string, name: string, extra: { display?: string; values?: string[] } = {}) {
  const text = [name, extra.display ?? '', ...(extra.values ?? [])].join(' ').toLowerCase()
  return {
    type,
    scope,
    name,
    displayName: extra.display ?? null,
    text,
    record: { name, display_name: extra.display ?? null },
  } satisfies SearchDoc
}

const everyone = () => true
const names = (docs: SearchDocs, needle: string, limit = 20, admit: (d: SearchDoc) => boolean = everyone) =>
  docs.query(needle, admit, limit).map(({ doc, rank }) => `${rank}:${doc.type}/${doc.scope}/${doc.name}`)

describe('the search index', () => {
  it('ranks the exact name, then a name or display name starting with the query, then the rest, each by type and name', () => {
    const docs = new SearchDocs()
    docs.replaceGroup('websites|shop', [
      doc('websites', 'shop', 'zz-otter', { values: ['otter.example.net'] }),
      doc('websites', 'shop', 'otter-b'),
      doc('websites', 'shop', 'otter-a'),
    ])
    docs.replaceGroup('directors|shop', [
      doc('directors', 'shop', 'pool', { display: 'Otter pool' }),
      doc('directors', 'shop', 'otter'),
    ])
    expect(names(docs, 'otter')).toEqual([
      '0:directors/shop/otter',
      '1:directors/shop/pool',
      '1:websites/shop/otter-a',
      '1:websites/shop/otter-b',
      '2:websites/shop/zz-otter',
    ])
    expect(names(docs, 'otter', 2)).toEqual(['0:directors/shop/otter', '1:directors/shop/pool'])
    expect(names(docs, 'ter.exa')).toEqual(['2:websites/shop/zz-otter'])
    expect(names(docs, 'otters')).toEqual([])
  })

  it('matches only the start of names and display names with one or two characters', () => {
    const docs = new SearchDocs()
    docs.replaceGroup('websites|shop', [
      doc('websites', 'shop', 'ab-site', { values: ['xab.example.net'] }),
      doc('websites', 'shop', 'other', { display: 'Abacus' }),
      doc('websites', 'shop', 'cab'),
    ])
    expect(names(docs, 'ab')).toEqual(['1:websites/shop/ab-site', '1:websites/shop/other'])
    expect(names(docs, 'c')).toEqual(['1:websites/shop/cab'])
  })

  it('leaves out what the caller may not see', () => {
    const docs = new SearchDocs()
    docs.replaceGroup('websites|shop', [doc('websites', 'shop', 'heron')])
    docs.replaceGroup('websites|media', [doc('websites', 'media', 'heron')])
    expect(names(docs, 'heron', 20, (d) => d.scope === 'media')).toEqual(['0:websites/media/heron'])
  })

  it('forgets what a group no longer holds, and the groups of deleted scopes', () => {
    const docs = new SearchDocs()
    docs.replaceGroup('websites|shop', [doc('websites', 'shop', 'kite-1'), doc('websites', 'shop', 'kite-2')])
    docs.replaceGroup('websites|media', [doc('websites', 'media', 'kite-3')])
    docs.replaceGroup('projects|', [doc('projects', '', 'shop'), doc('projects', '', 'media')])
    docs.replaceGroup('websites|shop', [doc('websites', 'shop', 'kite-2', { display: 'Renamed' })])
    expect(names(docs, 'kite')).toEqual(['1:websites/shop/kite-2', '1:websites/media/kite-3'])
    expect(names(docs, 'renamed')).toEqual(['0:websites/shop/kite-2'])
    docs.dropScopesExcept(new Set(['shop']))
    expect(names(docs, 'kite')).toEqual(['1:websites/shop/kite-2'])
    expect(docs.size).toBe(3)
  })

  it('reads again only the resources a change names, and drops one deleted scope', () => {
    const docs = new SearchDocs()
    docs.replaceGroup('websites|shop', [doc('websites', 'shop', 'wren-1'), doc('websites', 'shop', 'wren-2')])
    docs.replaceGroup('websites|media', [doc('websites', 'media', 'wren-3')])
    docs.replaceNames('websites|shop', new Set(['wren-1', 'wren-4']), [
      doc('websites', 'shop', 'wren-4'),
      doc('websites', 'shop', 'wren-1', { display: 'Wren one' }),
    ])
    expect(names(docs, 'wren')).toEqual([
      '1:websites/shop/wren-1',
      '1:websites/shop/wren-2',
      '1:websites/media/wren-3',
      '1:websites/shop/wren-4',
    ])
    // A name read again and found no more: deleted.
    docs.replaceNames('websites|shop', new Set(['wren-2']), [])
    docs.dropScope('media')
    expect(names(docs, 'wren')).toEqual(['1:websites/shop/wren-1', '1:websites/shop/wren-4'])
    expect(names(docs, 'wren one')).toEqual(['0:websites/shop/wren-1'])
  })

  it('keeps answering the same after rebuilding its lists from many replaced documents', () => {
    const docs = new SearchDocs()
    const group = (round: number) =>
      Array.from({ length: 500 }, (_, i) => doc('websites', 'shop', `site-${i}`, { values: [`r${round}.example.net`] }))
    for (let round = 0; round < 6; round += 1) docs.replaceGroup('websites|shop', group(round))
    expect(docs.size).toBe(500)
    expect(names(docs, 'r5.example', 3)).toEqual([
      '2:websites/shop/site-0',
      '2:websites/shop/site-1',
      '2:websites/shop/site-10',
    ])
    expect(names(docs, 'r4.example')).toEqual([])
  })

  it(`reads at most ${SCAN_LIMIT} entries a pass, yet finds an exact name among more matches`, () => {
    const docs = new SearchDocs()
    const many = Array.from({ length: SCAN_LIMIT + 500 }, (_, i) =>
      doc('websites', 'shop', `w-${String(i).padStart(5, '0')}`, { values: ['lake.example.net'] }),
    )
    docs.replaceGroup('websites|shop', many)
    docs.replaceGroup('websites|media', [doc('websites', 'media', 'lake')])
    const found = names(docs, 'lake', 3)
    expect(found[0]).toBe('0:websites/media/lake')
    expect(found).toHaveLength(3)
    // Past the limit only what was read is ranked: the last documents of a very common match are not.
    expect(names(docs, 'lake', SCAN_LIMIT + 600)).toHaveLength(SCAN_LIMIT + 1)
  })
})

describe('the strings a result reports as matching columns', () => {
  it('keeps the searched values (top level, in arrays, one level down) and leaves the rest out', () => {
    const searched = new Set(['edge', 'pool.example.net', 'www.example.net'])
    const record = {
      name: 'edge',
      display_name: null,
      content: 'set req.http.x = "pool.example.net.secret";',
      secret: 'hunter2',
      domain_aliases: ['www.example.net', 'other.example.net'],
      backends: [{ host: 'pool.example.net', port: 443, note: 'x' }],
      nested: { deep: { host: 'pool.example.net' } },
    }
    expect(searchedRecord(record, searched)).toEqual({
      name: 'edge',
      domain_aliases: ['www.example.net'],
      backends: [{ host: 'pool.example.net' }],
    })
  })
})

describe('which groups another process changed', () => {
  const map = (entries: [string, number][]) => new Map(entries)

  it("reads again the groups that moved, except by this process's own changes, already read back", () => {
    const applied = new Map([['websites|shop', new Set([4, 5])]])
    const moved = movedElsewhere(
      map([
        ['websites|shop', 3],
        ['directors|shop', 7],
      ]),
      map([
        ['websites|shop', 5],
        ['directors|shop', 8],
        ['websites|media', 1],
      ]),
      applied,
    )
    expect(moved).toEqual(['directors|shop', 'websites|media'])
    // What the read covered is forgotten.
    expect(applied.size).toBe(0)
  })

  it('reads a group again when another move came between its own', () => {
    const applied = new Map([['websites|shop', new Set([4, 6, 9])]])
    expect(movedElsewhere(map([['websites|shop', 3]]), map([['websites|shop', 6]]), applied)).toEqual(['websites|shop'])
    // A change heard of after the generations were read stays for the next read.
    expect(applied.get('websites|shop')).toEqual(new Set([9]))
  })
})
