import * as v from 'valibot'
import { integer, Slug } from './common.ts'

/**
 * /resources (RESOURCES.md): the project's inventory, a name filter across its types, and what a chosen
 * resource references and what references it. The server answers these; the console shows them.
 */

/** One type of the project: how many it holds and the newest change among them. */
export type InventoryType = {
  type: string
  count: number
  last_changed_at: string | null
  last_changed_by: string | null
}

/** A resource found by the name filter, or named by a reference. */
export type InventoryItem = { type: string; name: string; display_name: string | null }

/** One side of a reference: the resource named, and the field of the referrer that names it. */
export type ReferenceLink = { type: string; name: string; field: string }

export type ResourceReferences = { references: ReferenceLink[]; referenced_by: ReferenceLink[] }

/** How many matches the name filter returns per page, and at most. */
export const INVENTORY_PAGE_SIZE = { default: 50, max: 200 } as const

/** `GET /projects/{p}/inventory/names`: the name filter across every type of the project. */
export const InventoryNamesQuery = v.object({
  q: v.pipe(
    v.string('q is required'),
    v.description('Text the name or display name contains, any case'),
    v.trim(),
    v.minLength(1, 'q is required'),
    v.maxLength(200, 'at most 200 characters'),
  ),
  page: v.optional(v.pipe(integer(1, 1_000_000), v.description('Page to return, from 1')), 1),
  items: v.optional(
    v.pipe(integer(1, INVENTORY_PAGE_SIZE.max), v.description('Page size')),
    INVENTORY_PAGE_SIZE.default,
  ),
})

/** `GET /projects/{p}/references/{type}/{name}` */
export const ReferencesParams = v.object({
  project: v.pipe(Slug, v.description('The project’s name')),
  // Looked up among the project's types: one that is not (or that the caller may not get) is a 404.
  type: v.pipe(
    v.string('must be a string'),
    v.description('The resource’s type, as the API names it (websites, directors, pagerules…)'),
    v.maxLength(64, 'at most 64 characters'),
  ),
  name: v.pipe(Slug, v.description('The resource’s name')),
})
