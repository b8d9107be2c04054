import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import type { FleetNode } from '../../src/domain/nodes.ts'
import { ProjectInfo, SearchResult } from '../../src/domain/project.ts'
import { GlobalSearchQuery, ProjectParam, SyncQuery } from '../../src/domain/requests.ts'
import { notFound } from '../base/errors.ts'
import type { ServerContext } from '../context.ts'
import { resources } from '../db/schema.ts'
import { jsonBody } from '../http/compress.ts'
import { ServiceRouter } from '../http/service.ts'
import { registerTypes, type TypeList } from '../http/type-routes.ts'
import { lastReports } from '../platform/agent-reports.ts'
import { PlatformSyncState, syncState } from '../platform/fleet.ts'
import { currentRevision } from '../platform/revisions.ts'
import { registerBackups } from './backups/routes.ts'
import { registerInventory } from './inventory.ts'
import { registerOverview } from './overview.ts'
import { searchBody } from './search.ts'
import { registerUtils } from './utils.ts'

const ProjectParams = v.object({ project: ProjectParam })

const d = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description))

/**
 * The answers of the project, sync, search and quick setup routes, from the schemas the console parses them
 * with; the sync answer's strict form (the node kinds the platform sends), which the console reads tolerantly.
 */
const ProjectAnswer = v.object({ data: d(ProjectInfo, 'The project, with its customer and organization') })
const SyncAnswer = v.object({
  data: d(PlatformSyncState, 'Whether every node runs the latest revision (`details`: one row per node)'),
})
const SearchAnswer = v.object({ data: d(v.array(SearchResult), 'At most 20 results, best first') })

export function coreService(ctx: ServerContext, types: TypeList): ServiceRouter {
  const router = new ServiceRouter('core', ctx)
  registerUtils(router)

  router.route({
    method: 'get',
    path: '/projects/:project',
    summary: 'A project with its customer and organization',
    access: { permission: 'wadp.projects.get' },
    params: ProjectParams,
    response: ProjectAnswer,
    handler: async ({ c, params }) => {
      const project = await ctx.tenancy.project(params.project)
      if (!project) throw notFound(`project ${params.project}`)
      const { customer, organization, ...rest } = project
      return c.json({ data: { ...rest, '@parents': { customer, organization } } })
    },
  })

  const fleetState = async (scope: string) => {
    const fleet = await ctx.db
      .select({ name: resources.name, data: resources.data })
      .from(resources)
      .where(and(eq(resources.type, 'nodes'), eq(resources.scope, '')))
      .orderBy(resources.name)
    const nodes = fleet.map((row) => ({ name: row.name, data: row.data as FleetNode }))
    const agents = nodes.filter((node) => node.data.kind === 'agent').map((node) => node.name)
    return syncState(
      nodes,
      await currentRevision(ctx.db, scope),
      ctx.config.syncDelays,
      ctx.now(),
      scope,
      await lastReports(ctx.db, agents),
    )
  }

  router.route({
    method: 'get',
    path: '/projects/:project/sync',
    summary: 'Whether every node has applied the project’s latest configuration',
    access: { permission: 'wadp.projects.get' },
    params: ProjectParams,
    query: SyncQuery,
    response: SyncAnswer,
    handler: async ({ c, params, query }) => {
      const state = await fleetState(params.project)
      return c.json({ data: query.details === 'true' ? state : { ...state, details: [] } })
    },
  })

  router.route({
    method: 'get',
    path: '/admin-sync-state',
    tag: 'sync',
    summary: 'Whether every node has applied the platform’s latest admin configuration',
    access: { permission: 'wadp.nodes.list' },
    response: SyncAnswer,
    handler: async ({ c }) => c.json({ data: await fleetState('') }),
  })

  router.route({
    method: 'get',
    path: '/search',
    summary: 'Resources whose name, display name or domains contain the query (only those the caller may get)',
    access: { authenticated: true, note: 'returns only resources the caller holds the get permission for' },
    query: GlobalSearchQuery,
    response: SearchAnswer,
    handler: async ({ c, query, principal }) => jsonBody(c, await searchBody(ctx, principal, query.query)),
  })

  registerTypes(router, ctx, types)
  registerBackups(router, ctx)
  registerOverview(router, ctx)
  registerInventory(router, ctx)
  return router
}
