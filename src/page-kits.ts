/**
 * Build-time (vite.config.ts): the resource pages' kits. A resource page (a list, a detail, a form) is
 * made of shared modules a few hundred bytes each: its heading, links, table parts, dropdowns, hooks.
 * Left to the bundler's own splitting, each set of modules with the same importers is a chunk of its
 * own, and a list page asked for about twenty of them. Over HTTP/1.1 the browser fetches six at a
 * time: on a slow network each round costs a round trip (docs/benchmarks.md, issue 27, change 18).
 * Here they go into a few chunks, by the page kinds that use them.
 */

/** The page kinds, each by the modules that make a route that kind (its route chunks reach one). */
export const KIT_ROOTS = {
  list: /routes[\\/]-resources[\\/](ResourceListRoute\.tsx|listLoader\.ts)$/,
  detail: /routes[\\/]-resources[\\/]ResourceDetailRoute\.tsx$/,
  form: /routes[\\/]-resources[\\/]ResourceFormRoute\.tsx$/,
}
type PageKind = keyof typeof KIT_ROOTS
const KINDS = Object.keys(KIT_ROOTS) as PageKind[]

/**
 * The kits, the most shared first: the build gives them falling priorities, so that a module two kits
 * share is in the more shared one before the other could take it as an import (rolldown puts a
 * captured module's imports that no group has taken yet in the same chunk).
 * - `ui-kit`: what other pages use too (the statistics, the audit log…) and details with lists or
 *   forms: the page heading, links, table parts.
 * - `field-kit`: what other pages use too, with lists and forms but not details: the dropdowns.
 * - `page-kit`: forms and another kind, not other pages: the resource page hook and the resource tools
 *   it imports, the types' page descriptions (`src/domain/resource-ui.ts`).
 * - `table-kit`: lists and details: the rows, their format, deletion.
 * - `loader-kit`: what only the lists' loaders reach (the loader itself), and what only the console's
 *   dynamic import of the resource tools reaches (`src/app/resources.ts`), when no page imports them.
 * - `list-kit`, `detail-kit`, `form-kit`: one kind's own.
 */
export const PAGE_KITS = [
  'ui-kit',
  'field-kit',
  'page-kit',
  'table-kit',
  'loader-kit',
  'list-kit',
  'detail-kit',
  'form-kit',
] as const
export type PageKit = (typeof PAGE_KITS)[number]

/** A route's chunk (its code-split component, loader…), as the router plugin names its module. */
export const ROUTE_CHUNK = /[\\/]routes[\\/][^\\/-][^\\/]*\.tsx\?tsr-split=/
/** The resource tools, which the console imports dynamically (`context.resources()`). */
const RESOURCE_TOOLS = /src[\\/]app[\\/]resources\.ts$/
/** A resource type's own modules (src/types/<type>/…): they stay with that type's pages. */
const TYPE_OWN = /src[\\/]types[\\/][^\\/]+[\\/]/

export type ModuleGraph = {
  /** Every module of the build. */
  ids: readonly string[]
  /** A module's static imports. */
  importsOf: (id: string) => readonly string[]
  /** Whether a group before the kits takes the module (the framework, the start, the shell…). */
  takenBefore: (id: string) => boolean
}

function closureOf(importsOf: ModuleGraph['importsOf'], roots: readonly string[]): Set<string> {
  const into = new Set<string>()
  for (let pending = [...roots], id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (into.has(id)) continue
    into.add(id)
    pending.push(...importsOf(id))
  }
  return into
}

/**
 * Each module's kit, by the kinds of the routes whose chunks reach it. A kind uses a module when half
 * its routes or more do: one type's addon (a detail's IP import) stays with that type's pages. Out of
 * every kit: a type's own modules, a module that other pages use and no kit of theirs fits, and every
 * module that imports one left out (that module would be pulled into the kit's chunk, and the other
 * page would load the whole kit for it).
 */
export function assignPageKits({ ids, importsOf, takenBefore }: ModuleGraph): Map<string, PageKit> {
  const tools = closureOf(
    importsOf,
    ids.filter((id) => RESOURCE_TOOLS.test(id)),
  )
  // Each route's kinds; for each module, the routes that reach it and whether a component chunk does
  // (not only a list's loader).
  const routeKinds = new Map<string, Set<PageKind>>()
  const users = new Map<string, { routes: Set<string>; component: boolean }>()
  for (const chunk of ids.filter((id) => ROUTE_CHUNK.test(id))) {
    const route = chunk.replace(/\?.*$/, '')
    const reached = closureOf(importsOf, [chunk])
    const kinds = routeKinds.get(route) ?? new Set<PageKind>()
    for (const kind of KINDS) if ([...reached].some((id) => KIT_ROOTS[kind].test(id))) kinds.add(kind)
    routeKinds.set(route, kinds)
    for (const id of reached) {
      const user = users.get(id) ?? { routes: new Set<string>(), component: false }
      user.routes.add(route)
      user.component ||= !chunk.includes('?tsr-split=loader')
      users.set(id, user)
    }
  }
  const routesOfKind = (kind: PageKind) => [...routeKinds.values()].filter((kinds) => kinds.has(kind)).length

  const kits = new Map<string, PageKit>()
  for (const id of new Set([...users.keys(), ...tools])) {
    if (takenBefore(id) || TYPE_OWN.test(id) || ROUTE_CHUNK.test(id)) continue
    const user = users.get(id)
    if (!user?.component) {
      kits.set(id, 'loader-kit')
      continue
    }
    const reaching = [...user.routes].map((route) => routeKinds.get(route) ?? new Set<PageKind>())
    const used = KINDS.filter((kind) => reaching.filter((kinds) => kinds.has(kind)).length * 2 >= routesOfKind(kind))
    if (used.length === 0) continue
    const other = reaching.some((kinds) => !used.some((kind) => kinds.has(kind)))
    const kit: PageKit = other
      ? used.includes('detail')
        ? 'ui-kit'
        : 'field-kit'
      : used.length === 1
        ? (`${used[0]}-kit` as PageKit)
        : used.includes('form')
          ? 'page-kit'
          : 'table-kit'
    kits.set(id, kit)
  }
  for (let changed = true; changed; ) {
    changed = false
    for (const id of kits.keys())
      if (importsOf(id).some((dep) => !takenBefore(dep) && !kits.has(dep))) {
        kits.delete(id)
        changed = true
      }
  }
  return kits
}
