import { count, sql } from 'drizzle-orm'
import type { ServerContext } from '../../server/context.ts'
import type { Db } from '../../server/db/client.ts'
import { cacheGroup } from '../../server/db/generations.ts'
import { resources } from '../../server/db/schema.ts'
import type { ResourceDefinition } from '../../server/resources/definition.ts'
import { systemCaller } from '../../server/resources/service.ts'
import { searchTextOf } from '../../server/resources/store.ts'
import { type FillReply, type FillRequest, TENANT_PREFIX, WEBSITE_PREFIXES } from './protocol.ts'

const BATCH = 1000
const BULK_ACTOR = 'bench@example.com'

const SYSTEM = systemCaller(BULK_ACTOR, 'bench')

export async function rowCount(ctx: ServerContext): Promise<number> {
  const rows = await ctx.db.select({ total: count() }).from(resources)
  return rows[0]?.total ?? 0
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/**
 * Adds `projects` projects (each with a director, through the resource service like the API does)
 * and as many websites as it takes to reach `total` resources, inserted in bulk: real rows, with
 * the data the website schema produces and the search text the service would store.
 */
export async function fill(ctx: ServerContext, request: FillRequest): Promise<Extract<FillReply, { type: 'filled' }>> {
  const started = performance.now()
  const definition = (type: string): ResourceDefinition => {
    const found = ctx.resources.definition(type)
    if (!found) throw new Error(`resource type ${type} is not registered`)
    return found
  }
  const projectDef = definition('projects')
  const directorDef = definition('directors')
  const websiteDef = definition('websites')
  const before = await rowCount(ctx)
  const websiteTotal = request.total - before - 2 * request.projects
  if (websiteTotal < request.projects) {
    throw new Error(`already ${before} resources: cannot reach ${request.total} with ${request.projects} projects`)
  }
  const customers = ['acme-media', 'globex-labs', 'acme-retail']
  const projectNames: string[] = []
  for (let p = 0; p < request.projects; p += 1) {
    const name = `${TENANT_PREFIX}${pad(p, 3)}`
    projectNames.push(name)
    await ctx.resources.create(
      projectDef,
      '',
      { name, display_name: `Tenant ${p}`, customer: customers[p % customers.length] },
      SYSTEM,
    )
    await ctx.resources.create(
      directorDef,
      name,
      { name: 'origin', backends: [{ host: `origin.${name}.example.net`, port: 443 }] },
      SYSTEM,
    )
  }

  type NewRow = typeof resources.$inferInsert
  function* websiteRows(): Generator<NewRow> {
    const perProject = Math.floor(websiteTotal / projectNames.length)
    const extra = websiteTotal % projectNames.length
    for (const [p, project] of projectNames.entries()) {
      const sites = perProject + (p < extra ? 1 : 0)
      for (let i = 0; i < sites; i += 1) {
        const prefix = WEBSITE_PREFIXES[(i + p) % WEBSITE_PREFIXES.length] ?? 'site'
        const name = `${prefix}-${pad(i + 1, 4)}`
        const body = {
          name,
          domain_name: `${name}.${project}.example.net`,
          domain_aliases: i % 4 === 0 ? [`www.${name}.${project}.example.net`] : [],
          default_director: 'origin',
        }
        const parsed = ctx.resources.parseBody(websiteDef, body, 'create')
        yield {
          type: 'websites',
          scope: project,
          name,
          displayName: parsed.displayName,
          data: parsed.data,
          searchText: searchTextOf(websiteDef, name, parsed.displayName, parsed.data),
          createdBy: BULK_ACTOR,
          updatedBy: BULK_ACTOR,
        }
      }
    }
  }

  await ctx.db.transaction(async (tx) => {
    let batch: NewRow[] = []
    for (const row of websiteRows()) {
      batch.push(row)
      if (batch.length === BATCH) {
        await tx.insert(resources).values(batch)
        batch = []
      }
    }
    if (batch.length > 0) await tx.insert(resources).values(batch)
    // As any writer must: other processes' caches follow the generations (a shared PostgreSQL server)…
    await ctx.generations.bump(
      tx as Db,
      projectNames.map((project) => cacheGroup('websites', project)),
    )
  })
  // …and this process's own caches and search index its change listeners.
  for (const project of projectNames) ctx.resources.changed(websiteDef, project)
  // A bulk load is followed by fresh statistics, as PostgreSQL's autovacuum would do.
  await ctx.db.execute(sql`analyze resources`)
  return {
    type: 'filled',
    rows: await rowCount(ctx),
    projects: request.projects,
    directors: request.projects,
    websites: websiteTotal,
    ms: Math.round(performance.now() - started),
  }
}
