import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm'
import * as v from 'valibot'
import {
  AUDIT_RESULTS,
  type AuditEntry,
  AuditQueryFields,
  type AuditSummary,
  rangeProblem,
  redactSecrets,
} from '../../src/domain/audit.ts'
import { Timestamp } from '../../src/domain/common.ts'
import { fieldError, notFound } from '../base/errors.ts'
import { type Principal, projectsWhere } from '../base/principal.ts'
import type { ServerContext } from '../context.ts'
import { auditLog, resources } from '../db/schema.ts'
import { isoTimestamp } from '../db/time.ts'
import type { ServiceRouter } from '../http/service.ts'
import { escapeLike, getResource } from '../resources/store.ts'

type Row = typeof auditLog.$inferSelect

function summaryOf(row: Row): AuditSummary {
  const actor = row.actor as AuditSummary['actor']
  return {
    public_id: row.publicId,
    occurred_at: isoTimestamp(row.occurredAt),
    actor: {
      type: actor.type,
      email: actor.email ?? null,
      token_prefix: actor.token_prefix ?? null,
      ip: actor.ip ?? null,
      user_agent: actor.user_agent ?? null,
    },
    action: row.action,
    result: row.result as AuditSummary['result'],
    resource: row.resourceType ? { type: row.resourceType, name: row.resourceName ?? '' } : null,
    project: row.project,
  }
}

const PERMISSION = 'wadp.audit.list'

const d = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description))
const orNull = (schema: v.GenericSchema, description: string) => d(v.nullable(schema), description)

/** An audit entry as the list answers it (`AuditSummary`), for openapi.json. */
const AuditSummarySchema = v.object({
  public_id: d(v.string(), 'The entry’s id'),
  occurred_at: d(Timestamp, 'When it happened (ISO 8601)'),
  actor: d(
    v.object({
      type: d(v.picklist(['user', 'token', 'system']), 'A user signed in, an API token, or the platform itself'),
      email: orNull(v.string(), 'Whose the session or token is'),
      token_prefix: orNull(v.string(), 'The first characters of the token used'),
      ip: orNull(v.string(), 'Where the request came from'),
      user_agent: orNull(v.string(), 'The client that sent it'),
    }),
    'Who did it',
  ),
  action: d(v.string(), '`<type>.<verb>`, such as websites.update, or login'),
  result: d(v.picklist(AUDIT_RESULTS), 'Whether it succeeded'),
  resource: orNull(
    v.object({ type: d(v.string(), 'Resource type'), name: d(v.string(), 'Resource name') }),
    'What it was done to',
  ),
  project: orNull(v.string(), 'The project it happened in'),
})

const AuditListAnswer = v.object({
  data: d(v.array(AuditSummarySchema), 'The entries on this page'),
  meta: v.object({ total: v.number(), page: v.number(), items: v.number() }),
})

const AuditEntryAnswer = v.object({
  data: v.object({
    ...AuditSummarySchema.entries,
    changes: orNull(
      v.object({ before: d(v.unknown(), 'The resource before (secrets redacted)'), after: d(v.unknown(), 'After') }),
      'The resource before and after the change',
    ),
    resource_exists: d(v.boolean(), 'Whether the resource it names still exists'),
  }),
})

/**
 * A caller holding the permission in some projects only (a limited token, a scoped SSO role) reads only
 * their entries: never the platform's own (organizations, customers, the project's own record, users,
 * tokens, SSO mappings, the blocklist, sign-ins), even those a project's deletion wrote naming it, and
 * only those of the project as it is now: a project deleted and later created again under its name
 * (for another customer, say) does not hand its namesake the history of the one before.
 */
function reachOf(ctx: ServerContext) {
  let platformTypes: string[] | null = null
  return (principal: Principal): SQL | undefined => {
    const projects = projectsWhere(principal, PERMISSION)
    if (!projects) return undefined
    platformTypes ??= ctx.resources
      .all()
      .filter((definition) => definition.scope === 'platform')
      .map((definition) => definition.type)
    return and(
      inArray(auditLog.project, projects),
      or(isNull(auditLog.resourceType), notInArray(auditLog.resourceType, platformTypes)),
      sql`exists (select 1 from ${resources} where ${resources.type} = 'projects' and ${resources.scope} = '' and ${resources.name} = ${auditLog.project} and ${resources.createdAt} <= ${auditLog.occurredAt})`,
    )
  }
}

/** The audit log (API.md, Audit): every mutation and sign-in, newest first, filtered; never edited. */
export function registerAudit(router: ServiceRouter, ctx: ServerContext) {
  const reach = reachOf(ctx)
  router.route({
    method: 'get',
    path: '/audit',
    summary: 'Audit entries, newest first, filtered by actor, action, resource type, project, result and time',
    access: { permission: PERMISSION, within: 'projects' },
    query: AuditQueryFields,
    response: AuditListAnswer,
    handler: async ({ c, query, principal }) => {
      const range = rangeProblem(query)
      if (range) throw fieldError('from', range)
      const conditions: (SQL | undefined)[] = [reach(principal)]
      if (query.actor) {
        const pattern = `%${escapeLike(query.actor)}%`
        conditions.push(
          or(ilike(sql`${auditLog.actor}->>'email'`, pattern), ilike(sql`${auditLog.actor}->>'token_prefix'`, pattern)),
        )
      }
      // `websites.*` names every action on websites; anything else is one action.
      if (query.action?.endsWith('.*')) {
        conditions.push(sql`${auditLog.action} like ${`${escapeLike(query.action.slice(0, -1))}%`}`)
      } else if (query.action) conditions.push(eq(auditLog.action, query.action))
      if (query.resource_type) conditions.push(eq(auditLog.resourceType, query.resource_type))
      if (query.project) conditions.push(eq(auditLog.project, query.project))
      if (query.result) conditions.push(eq(auditLog.result, query.result))
      if (query.from) conditions.push(gte(auditLog.occurredAt, new Date(query.from).toISOString()))
      if (query.to) conditions.push(lte(auditLog.occurredAt, new Date(query.to).toISOString()))
      const where = and(...conditions)
      const order = query.sort === 'occurred_at' ? [asc(auditLog.id)] : [desc(auditLog.id)]
      const [rows, totals] = await Promise.all([
        ctx.db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(...order)
          .limit(query.items)
          .offset((query.page - 1) * query.items),
        ctx.db.select({ total: count() }).from(auditLog).where(where),
      ])
      return c.json({
        data: rows.map(summaryOf),
        meta: { total: totals[0]?.total ?? 0, page: query.page, items: query.items },
      })
    },
  })

  router.route({
    method: 'get',
    path: '/audit/:public_id',
    summary: 'One audit entry with the resource before and after the change (secrets redacted)',
    access: { permission: PERMISSION, within: 'projects' },
    params: v.object({
      public_id: v.pipe(v.string(), v.maxLength(100, 'at most 100 characters'), v.description('The audit entry’s id')),
    }),
    response: AuditEntryAnswer,
    handler: async ({ c, params, principal }) => {
      const rows = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.publicId, params.public_id), reach(principal)))
        .limit(1)
      const row = rows[0]
      if (!row) throw notFound(`audit entry ${params.public_id}`)
      const summary = summaryOf(row)
      const definition = summary.resource ? ctx.resources.definition(summary.resource.type) : undefined
      const exists =
        summary.resource && definition
          ? (await getResource(
              ctx.db,
              definition.type,
              definition.scope === 'project' ? (summary.project ?? '') : '',
              summary.resource.name,
            )) !== null
          : false
      const changes = row.changes as AuditEntry['changes']
      const entry: AuditEntry = {
        ...summary,
        // Secrets were redacted when written; this catches any a writer did not know of.
        changes: changes ? { before: redactSecrets(changes.before), after: redactSecrets(changes.after) } : null,
        resource_exists: exists,
      }
      return c.json({ data: entry })
    },
  })
}
