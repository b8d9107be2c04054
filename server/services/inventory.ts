import { and, count, eq, inArray, or, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { Timestamp } from '../../src/domain/common.ts'
import {
  type InventoryItem,
  InventoryNamesQuery,
  type InventoryType,
  type ReferenceLink,
  ReferencesParams,
} from '../../src/domain/inventory.ts'
import { ProjectParam } from '../../src/domain/requests.ts'
import { notFound } from '../base/errors.ts'
import { may, type Principal } from '../base/principal.ts'
import type { ServerContext } from '../context.ts'
import { resources } from '../db/schema.ts'
import type { ServiceRouter } from '../http/service.ts'
import { permissionOf, referencedNames } from '../resources/definition.ts'
import { escapeLike, getResource } from '../resources/store.ts'
import { typeCounts } from './overview.ts'

const text = (description: string) => v.pipe(v.string(), v.description(description))
const Item = v.object({
  type: text('Resource type, as the API names it'),
  name: text('Resource name'),
  display_name: v.pipe(v.nullable(v.string()), v.description('Name shown in the console, if any')),
})
const Link = v.object({
  type: text('Resource type, as the API names it'),
  name: text('Resource name'),
  field: text('The referring resource’s field that names the other'),
})

/**
 * /resources (RESOURCES.md): the project's inventory per type, a name filter across its types, and a
 * resource's references both ways, read from the definitions' `references` (the map the server checks on
 * write and delete). Each shows only the types the caller may list (the inventory) or get (names).
 */
export function registerInventory(router: ServiceRouter, ctx: ServerContext) {
  /** The project's types the caller holds `action` for in the project, by name. */
  const typesFor = (principal: Principal, project: string, action: 'list' | 'get') =>
    ctx.resources
      .all()
      .filter((d) => d.scope === 'project' && may(principal, permissionOf(d, action), project))
      .sort((a, b) => a.type.localeCompare(b.type))

  router.route({
    method: 'get',
    path: '/projects/:project/inventory',
    summary: 'Every resource type of the project with its count and last change (the types the caller may list)',
    access: { permission: 'wadp.projects.get' },
    params: v.object({ project: ProjectParam }),
    response: v.object({
      data: v.object({
        types: v.array(
          v.object({
            type: text('Resource type, as the API names it'),
            count: v.pipe(v.number(), v.description('How many the project holds')),
            last_changed_at: v.pipe(v.nullable(Timestamp), v.description('When the newest change was made')),
            last_changed_by: v.pipe(v.nullable(v.string()), v.description('Who made the newest change')),
          }),
        ),
      }),
    }),
    handler: async ({ c, params, principal }) => {
      const readable = typesFor(principal, params.project, 'list').map((d) => d.type)
      if (readable.length === 0) return c.json({ data: { types: [] } })
      const types: InventoryType[] = await typeCounts(ctx.db, params.project, readable)
      return c.json({ data: { types } })
    },
  })

  router.route({
    method: 'get',
    path: '/projects/:project/inventory/names',
    summary: 'The project’s resources of every type whose name or display name contains the text',
    description: 'Only the types the caller may get are searched; sorted by type, then name.',
    access: { permission: 'wadp.projects.get' },
    params: v.object({ project: ProjectParam }),
    query: InventoryNamesQuery,
    response: v.object({
      data: v.pipe(v.array(Item), v.description('The matches on this page')),
      meta: v.object({
        total: v.pipe(v.number(), v.description('How many match, on every page')),
        page: v.pipe(v.number(), v.description('This page, from 1')),
        items: v.pipe(v.number(), v.description('Page size')),
      }),
    }),
    handler: async ({ c, params, query, principal }) => {
      const meta = { page: query.page, items: query.items }
      const readable = typesFor(principal, params.project, 'get').map((d) => d.type)
      if (readable.length === 0) return c.json({ data: [], meta: { total: 0, ...meta } })
      const pattern = `%${escapeLike(query.q.toLowerCase())}%`
      const where = and(
        eq(resources.scope, params.project),
        inArray(resources.type, readable),
        or(
          sql`lower(${resources.name}) like ${pattern}`,
          sql`lower(coalesce(${resources.displayName}, '')) like ${pattern}`,
        ),
      )
      const [total, rows] = await Promise.all([
        ctx.db.select({ total: count() }).from(resources).where(where),
        ctx.db
          .select({ type: resources.type, name: resources.name, display_name: resources.displayName })
          .from(resources)
          .where(where)
          .orderBy(resources.type, resources.name)
          .limit(query.items)
          .offset((query.page - 1) * query.items),
      ])
      const data: InventoryItem[] = rows
      return c.json({ data, meta: { total: total[0]?.total ?? 0, ...meta } })
    },
  })

  router.route({
    method: 'get',
    path: '/projects/:project/references/:type/:name',
    summary: 'What a resource of the project names, and what names it',
    description:
      'The same references the server checks on write and delete. Only resources of types the caller may get are listed; a type the caller may not get is a 404.',
    access: { permission: 'wadp.projects.get' },
    params: ReferencesParams,
    response: v.object({
      data: v.object({
        references: v.pipe(v.array(Link), v.description('The resources this one names')),
        referenced_by: v.pipe(v.array(Link), v.description('The resources that name this one')),
      }),
    }),
    handler: async ({ c, params, principal }) => {
      const readable = new Map(typesFor(principal, params.project, 'get').map((d) => [d.type, d]))
      const definition = readable.get(params.type)
      if (!definition) throw notFound(`resource type ${params.type}`)
      const record = await getResource(ctx.db, definition.type, params.project, params.name)
      if (!record) throw notFound(`${definition.label} ${params.name}`)
      const shown = (type: string) => readable.has(type)
      const references: ReferenceLink[] = Object.entries(definition.references ?? {}).flatMap(([field, type]) =>
        shown(type) ? referencedNames(record, field).map((name) => ({ type, name, field })) : [],
      )
      const referrers = await ctx.resources.referrersOf(ctx.db, definition, params.project, params.name)
      const referencedBy: ReferenceLink[] = referrers
        .filter((referrer) => shown(referrer.type))
        .map(({ type, name, field }) => ({ type, name, field }))
      return c.json({ data: { references: sortLinks(references), referenced_by: sortLinks(referencedBy) } })
    },
  })
}

function sortLinks(links: ReferenceLink[]): ReferenceLink[] {
  const key = (link: ReferenceLink) => `${link.type}\u0000${link.name}\u0000${link.field}`
  const unique = new Map(links.map((link) => [key(link), link]))
  return [...unique.values()].sort((a, b) => key(a).localeCompare(key(b)))
}
