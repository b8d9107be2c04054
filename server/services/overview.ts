import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { Timestamp } from '../../src/domain/common.ts'
import { OVERVIEW_RECENT, type ProjectOverview } from '../../src/domain/overview.ts'
import { ProjectParam } from '../../src/domain/requests.ts'
import { may } from '../base/principal.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { resources } from '../db/schema.ts'
import { isoTimestamp } from '../db/time.ts'
import type { ServiceRouter } from '../http/service.ts'
import { permissionOf } from '../resources/definition.ts'

/**
 * The project's overview for /home (RESOURCES.md): counts per configuration type with the last change
 * of each, and the latest changes, over the types the caller may list there. Until the audit log is
 * served (issue 13), "changes" are the resources' own `updated_at` and `updated_by`.
 */
const d = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description))

/** `ProjectOverview`, for openapi.json. */
const OverviewAnswer = v.object({
  data: v.object({
    types: d(
      v.array(
        v.object({
          type: d(v.string(), 'A configuration type the caller may list'),
          count: d(v.number(), 'How many the project holds'),
          last_changed_at: d(v.nullable(Timestamp), 'When one of them last changed'),
          last_changed_by: d(v.nullable(v.string()), 'Who changed it'),
        }),
      ),
      'One entry per type',
    ),
    recent: d(
      v.array(
        v.object({
          type: d(v.string(), 'Resource type'),
          name: d(v.string(), 'Resource name'),
          display_name: d(v.nullable(v.string()), 'Its display name'),
          updated_at: d(Timestamp, 'When it changed'),
          updated_by: d(v.string(), 'Who changed it'),
        }),
      ),
      'The latest changed resources, newest first',
    ),
  }),
})

export function registerOverview(router: ServiceRouter, ctx: ServerContext) {
  router.route({
    method: 'get',
    path: '/projects/:project/overview',
    summary: 'Counts of each configuration type of the project and its latest changes (the types the caller may list)',
    access: { permission: 'wadp.projects.get' },
    params: v.object({ project: ProjectParam }),
    response: OverviewAnswer,
    handler: async ({ c, params, principal }) => {
      const readable = ctx.resources
        .all()
        .filter(
          (definition) =>
            definition.scope === 'project' &&
            definition.configuration &&
            may(principal, permissionOf(definition, 'list'), params.project),
        )
        .map((definition) => definition.type)
        .sort()
      const overview: ProjectOverview = { types: [], recent: [] }
      if (readable.length === 0) return c.json({ data: overview })
      const scope = and(eq(resources.scope, params.project), inArray(resources.type, readable))
      const [types, recent] = await Promise.all([
        typeCounts(ctx.db, params.project, readable),
        ctx.db
          .select({
            type: resources.type,
            name: resources.name,
            displayName: resources.displayName,
            updatedAt: resources.updatedAt,
            updatedBy: resources.updatedBy,
          })
          .from(resources)
          .where(scope)
          .orderBy(desc(resources.updatedAt), sql`${resources.id} desc`)
          .limit(OVERVIEW_RECENT),
      ])
      overview.types = types
      overview.recent = recent.map((row) => ({
        type: row.type,
        name: row.name,
        display_name: row.displayName,
        updated_at: isoTimestamp(row.updatedAt),
        updated_by: row.updatedBy,
      }))
      return c.json({ data: overview })
    },
  })
}

/**
 * Each of `types` in the project with its count and its newest change (when, by whom): Home's counts and
 * the /resources inventory. A type with none has count 0 and no change.
 */
export async function typeCounts(db: Db, project: string, types: readonly string[]) {
  const scope = and(eq(resources.scope, project), inArray(resources.type, [...types]))
  const [counts, latest] = await Promise.all([
    db
      .select({ type: resources.type, count: count(), at: max(resources.updatedAt) })
      .from(resources)
      .where(scope)
      .groupBy(resources.type),
    db
      .selectDistinctOn([resources.type], { type: resources.type, by: resources.updatedBy })
      .from(resources)
      .where(scope)
      .orderBy(resources.type, desc(resources.updatedAt), desc(resources.id)),
  ])
  const byType = new Map(counts.map((row) => [row.type, row]))
  const authors = new Map(latest.map((row) => [row.type, row.by]))
  return types.map((type) => {
    const row = byType.get(type)
    return {
      type,
      count: row?.count ?? 0,
      last_changed_at: row?.at ? isoTimestamp(row.at) : null,
      last_changed_by: authors.get(type) ?? null,
    }
  })
}
