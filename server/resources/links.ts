import { LINK_DEPTH, type LinkStep, type ResourceLink } from '../../src/domain/resource-links.ts'
import type { Db } from '../db/client.ts'
import { type ResourceData, type ResourceDefinition, referencedNames } from './definition.ts'
import { dataOf, findReferrersOfAny } from './store.ts'

/**
 * What uses a resource and what it uses, through references (`referenced_by` and `uses` on a GET of one):
 * a WAF policy is used by the directors naming it and, through each, by the websites and page rules naming
 * those; a website uses its director's WAF policy through the director. Chains follow every reference but
 * a type's `owners` (what a resource belongs to or is for: a page rule's website), which count only as
 * direct referrers, and stop after `LINK_DEPTH` steps. Each resource is listed once, by its shortest chain.
 */

type Definitions = ReadonlyMap<string, ResourceDefinition>

/** Whether a chain goes on through `field` of `definition` (it is no `owners` field). */
export const passesThrough = (definition: ResourceDefinition, field: string) =>
  !(definition.owners ?? []).includes(field)

const scopeOf = (definition: ResourceDefinition, scope: string) => (definition.scope === 'project' ? scope : '')

/** A resource reached on a walk: `field` and `through` as its link says (empty for the start). */
type Reached = { type: string; name: string; field: string; through: LinkStep[] }

const linkOf = ({ type, name, field, through }: Reached): ResourceLink =>
  through.length > 0 ? { type, name, field, through } : { type, name, field }

/** Whether `other` may name resources of `target` (a project's type never names into a platform type's answer). */
const mayName = (other: ResourceDefinition, target: ResourceDefinition) =>
  !(other.scope === 'project' && target.scope === 'platform')

/** The resources that name this one, directly or through others (see above), shortest chains first. */
export async function usedBy(
  db: Db,
  definitions: Definitions,
  definition: ResourceDefinition,
  scope: string,
  name: string,
): Promise<ResourceLink[]> {
  const links: ResourceLink[] = []
  const seen = new Set([`${definition.type}/${name}`])
  let frontier: Reached[] = [{ type: definition.type, name, field: '', through: [] }]
  for (let depth = 0; depth < LINK_DEPTH && frontier.length > 0; depth++) {
    const next: Reached[] = []
    for (const [type, nodes] of groupByType(frontier)) {
      const target = definitions.get(type)
      if (!target) continue
      const byName = new Map(nodes.map((node) => [node.name, node]))
      for (const other of definitions.values()) {
        if (!mayName(other, target)) continue
        for (const [field, named] of Object.entries(other.references ?? {})) {
          const passes = passesThrough(other, field)
          if (named !== type || (depth > 0 && !passes)) continue
          const rows = await findReferrersOfAny(db, other.type, scopeOf(other, scope), field, [...byName.keys()])
          for (const row of rows) {
            const key = `${other.type}/${row.name}`
            const via = byName.get(row.targets[0] ?? '')
            if (seen.has(key) || !via) continue
            seen.add(key)
            const through = depth === 0 ? [] : [{ type: via.type, name: via.name, field: via.field }, ...via.through]
            const reached = { type: other.type, name: row.name, field, through }
            links.push(linkOf(reached))
            // A page rule names its website as its owner: what names the page rule does not use the website.
            if (passes) next.push(reached)
          }
        }
      }
    }
    frontier = next
  }
  return links
}

/** The resources this one names, directly or through others (see above), shortest chains first. */
export async function usesOf(
  db: Db,
  definitions: Definitions,
  definition: ResourceDefinition,
  scope: string,
  name: string,
  data: ResourceData,
): Promise<ResourceLink[]> {
  const links: ResourceLink[] = []
  const seen = new Set([`${definition.type}/${name}`])
  let frontier: (Reached & { data: ResourceData })[] = [{ type: definition.type, name, field: '', through: [], data }]
  for (let depth = 0; depth < LINK_DEPTH && frontier.length > 0; depth++) {
    // Per type named, each new name with the resource naming it and the field.
    const wanted = new Map<string, Map<string, { from: Reached; field: string }>>()
    for (const node of frontier) {
      const own = definitions.get(node.type)
      for (const [field, type] of Object.entries(own?.references ?? {})) {
        if (!own || !passesThrough(own, field)) continue
        for (const named of referencedNames(node.data, field)) {
          const key = `${type}/${named}`
          if (seen.has(key)) continue
          seen.add(key)
          const names = wanted.get(type) ?? new Map()
          names.set(named, { from: node, field })
          wanted.set(type, names)
        }
      }
    }
    const next: typeof frontier = []
    for (const [type, names] of wanted) {
      const target = definitions.get(type)
      if (!target) continue
      const found = await dataOf(db, type, scopeOf(target, scope), [...names.keys()])
      for (const [named, { from, field }] of names) {
        const stored = found.get(named)
        if (!stored) continue
        const reached =
          depth === 0
            ? { type, name: named, field, through: [] }
            : {
                type,
                name: named,
                field: from.field,
                through: [...from.through, { type: from.type, name: from.name, field }],
              }
        links.push(linkOf(reached))
        next.push({ ...reached, data: stored })
      }
    }
    frontier = next
  }
  return links
}

function groupByType(nodes: readonly Reached[]): Map<string, Reached[]> {
  const groups = new Map<string, Reached[]>()
  for (const node of nodes) groups.set(node.type, [...(groups.get(node.type) ?? []), node])
  return groups
}

/** The types whose resources can name `type`'s, directly or through others: a GET of one's `referenced_by` reads them. */
export function typesUsing(definitions: Definitions, type: string): Set<string> {
  const found = new Set<string>()
  let frontier = [type]
  for (let depth = 0; depth < LINK_DEPTH && frontier.length > 0; depth++) {
    const next: string[] = []
    for (const other of definitions.values()) {
      for (const [field, named] of Object.entries(other.references ?? {})) {
        if (!frontier.includes(named) || (depth > 0 && !passesThrough(other, field))) continue
        const target = definitions.get(named)
        if (target && !mayName(other, target)) continue
        if (!found.has(other.type)) next.push(other.type)
        found.add(other.type)
      }
    }
    frontier = next
  }
  return found
}

/** The types `type`'s resources can name, directly or through others: a GET of one's `uses` reads them. */
export function typesUsed(definitions: Definitions, type: string): Set<string> {
  const found = new Set<string>()
  let frontier = [type]
  for (let depth = 0; depth < LINK_DEPTH && frontier.length > 0; depth++) {
    const next: string[] = []
    for (const from of frontier) {
      const own = definitions.get(from)
      for (const [field, named] of Object.entries(own?.references ?? {})) {
        if (!own || !passesThrough(own, field)) continue
        if (!found.has(named)) next.push(named)
        found.add(named)
      }
    }
    frontier = next
  }
  return found
}
