import { describe, expect, it } from 'vitest'
import { assignPageKits } from '../../src/page-kits.ts'

const LIST = '/c/routes/-resources/ResourceListRoute.tsx'
const LOADER = '/c/routes/-resources/listLoader.ts'
const DETAIL = '/c/routes/-resources/ResourceDetailRoute.tsx'
const FORM = '/c/routes/-resources/ResourceFormRoute.tsx'
const TOOLS = '/c/src/app/resources.ts'

/**
 * Two resource types (websites, nodes), each with a list (component and loader), a detail and a form,
 * and a statistics page; `imports` adds to what each module imports.
 */
function graph(imports: Record<string, string[]>, takenBefore: (id: string) => boolean = () => false) {
  const edges: Record<string, string[]> = {
    [LOADER]: [TOOLS],
    [TOOLS]: ['/c/src/queries/resources.ts'],
    ...Object.fromEntries(
      ['websites', 'nodes'].flatMap((type) => [
        [`/c/routes/${type}.tsx?tsr-split=component`, [LIST, `/c/src/types/${type}/screen.ts`]],
        [`/c/routes/${type}.tsx?tsr-split=loader`, [LOADER]],
        [`/c/routes/${type}-detail.tsx?tsr-split=component`, [DETAIL, `/c/src/types/${type}/screen.ts`]],
        [`/c/routes/${type}-edit.tsx?tsr-split=component`, [FORM, `/c/src/types/${type}/screen.ts`]],
      ]),
    ),
    '/c/routes/statistics.tsx?tsr-split=component': [],
  }
  for (const [id, more] of Object.entries(imports)) edges[id] = [...(edges[id] ?? []), ...more]
  const ids = [...new Set([...Object.keys(edges), ...Object.values(edges).flat()])]
  return assignPageKits({ ids, importsOf: (id) => edges[id] ?? [], takenBefore })
}

describe('the resource pages kits', () => {
  it('puts each kind’s own modules in its kit, and what kinds share in a shared one', () => {
    const kits = graph({
      [LIST]: ['/c/src/views/ListFilters.tsx', '/c/src/ui/useTableRows.ts', '/c/src/domain/resource-ui.ts'],
      [DETAIL]: ['/c/src/views/DetailPanel.tsx', '/c/src/ui/useTableRows.ts', '/c/src/domain/resource-ui.ts'],
      [FORM]: ['/c/src/views/Fields.tsx', '/c/src/domain/resource-ui.ts'],
    })
    expect(kits.get(LIST)).toBe('list-kit')
    expect(kits.get('/c/src/views/ListFilters.tsx')).toBe('list-kit')
    expect(kits.get(DETAIL)).toBe('detail-kit')
    expect(kits.get('/c/src/views/Fields.tsx')).toBe('form-kit')
    expect(kits.get('/c/src/ui/useTableRows.ts')).toBe('table-kit')
    expect(kits.get('/c/src/domain/resource-ui.ts')).toBe('page-kit')
  })

  it('gives the lists’ loaders, and the tools only they and the console’s import reach, their own kit', () => {
    const kits = graph({})
    expect(kits.get(LOADER)).toBe('loader-kit')
    expect(kits.get(TOOLS)).toBe('loader-kit')
    expect(kits.get('/c/src/queries/resources.ts')).toBe('loader-kit')
  })

  it('puts what another page uses too in a kit of parts that page loads, not in one kind’s', () => {
    const kits = graph({
      [LIST]: ['/c/src/ui/table-parts.tsx', '/c/src/ui/Dropdowns.tsx'],
      [DETAIL]: ['/c/src/ui/table-parts.tsx'],
      [FORM]: ['/c/src/ui/Dropdowns.tsx'],
      '/c/routes/statistics.tsx?tsr-split=component': ['/c/src/ui/table-parts.tsx', '/c/src/ui/Dropdowns.tsx'],
    })
    expect(kits.get('/c/src/ui/table-parts.tsx')).toBe('ui-kit')
    expect(kits.get('/c/src/ui/Dropdowns.tsx')).toBe('field-kit')
  })

  it('leaves out one type’s addon, a type’s own modules and what an earlier group takes', () => {
    const kits = graph(
      {
        '/c/routes/nodes-detail.tsx?tsr-split=component': ['/c/routes/-resources/NodeAddon.tsx'],
        [LIST]: ['/c/node_modules/react/index.js'],
      },
      (id) => id.includes('node_modules'),
    )
    // One of the two details: half of them, so the detail kit takes it…
    expect(kits.get('/c/routes/-resources/NodeAddon.tsx')).toBe('detail-kit')
    expect(kits.has('/c/src/types/nodes/screen.ts')).toBe(false)
    expect(kits.has('/c/node_modules/react/index.js')).toBe(false)
    expect(kits.get(LIST)).toBe('list-kit')
  })

  it('leaves out a module fewer than half of a kind’s routes use', () => {
    const kits = graph({
      '/c/routes/nodes-detail.tsx?tsr-split=component': ['/c/routes/-resources/NodeAddon.tsx'],
      '/c/routes/pools-detail.tsx?tsr-split=component': [DETAIL],
    })
    // Now one of three details: it stays with that page.
    expect(kits.has('/c/routes/-resources/NodeAddon.tsx')).toBe(false)
    expect(kits.get(DETAIL)).toBe('detail-kit')
  })

  it('leaves out every module that imports one left out, so no other page loads a kit for it', () => {
    const kits = graph({
      [LIST]: ['/c/src/views/ProjectList.tsx'],
      '/c/src/views/ProjectList.tsx': ['/c/src/types/nodes/flags.ts'],
    })
    expect(kits.has('/c/src/types/nodes/flags.ts')).toBe(false)
    expect(kits.has('/c/src/views/ProjectList.tsx')).toBe(false)
    expect(kits.has(LIST)).toBe(false)
    expect(kits.get(LOADER)).toBe('loader-kit')
  })
})
