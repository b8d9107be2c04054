import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { ProjectInfo, SearchResult } from '../../src/domain/project.ts'
import { GlobalSearchQuery, ProjectParam, SyncQuery } from '../../src/domain/requests.ts'
import { SyncState } from '../../src/domain/sync.ts'
import type { NodeData } from '../../src/types/nodes/fields.ts'
import { QuickSetupDraft } from '../../src/types/quick-setup.ts'
import { projectDomains } from '../../src/types/websites/server.ts'
import { notFound } from '../base/errors.ts'
import type { ServerContext } from '../context.ts'
import { resources } from '../db/schema.ts'
import { configurationTag, edgeConfiguration } from '../edge/configuration.ts'
import { jsonBody } from '../http/compress.ts'
import { callerOf } from '../http/resource-router.ts'
import { ServiceRouter } from '../http/service.ts'
import { registerTypes } from '../http/type-routes.ts'
import { lastReports } from '../platform/agent-reports.ts'
import { syncState } from '../platform/fleet.ts'
import { currentRevision } from '../platform/revisions.ts'
import { registerBackendHealth } from './backend-health.ts'
import { registerBackups } from './backups/routes.ts'
import { registerInventory } from './inventory.ts'
import { registerOverview } from './overview.ts'
import { quickSetup } from './quick-setup.ts'
import { RESOURCE_TYPES } from './resource-types.ts'
import { searchBody } from './search.ts'
import { registerUtils } from './utils.ts'

const ProjectParams = v.object({ project: ProjectParam })

const NotEnforcedResponse = v.object({
  data: v.array(
    v.object({
      type: v.pipe(v.string(), v.description('The resource type, as in its path')),
      name: v.pipe(v.string(), v.description('The resource')),
      what: v.pipe(v.string(), v.description('What of it Varnish nodes do not enforce')),
    }),
  ),
})

const d = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description))

/** The answers of the project, sync, search and quick setup routes, from the schemas the console parses them with. */
const ProjectAnswer = v.object({ data: d(ProjectInfo, 'The project, with its customer and organization') })
const DomainsAnswer = v.object({ data: d(v.array(v.string()), 'Domain names, sorted') })
const SyncAnswer = v.object({
  data: d(SyncState, 'Whether every node runs the latest revision (`details`: one row per node)'),
})
const SearchAnswer = v.object({ data: d(v.array(SearchResult), 'At most 20 results, best first') })
const QuickSetupAnswer = v.object({
  data: v.object({
    name: d(v.string(), 'The website created'),
    default_director: d(v.string(), 'Its director: the one created, or the existing one chosen'),
  }),
})

export function coreService(ctx: ServerContext): ServiceRouter {
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

  router.route({
    method: 'get',
    path: '/projects/:project/domains',
    summary: 'Every domain name and alias of the project’s websites',
    access: { permission: 'wadp.websites.list' },
    params: ProjectParams,
    response: DomainsAnswer,
    handler: async ({ c, params }) =>
      c.json({ data: [...(await projectDomains(ctx.db, params.project)).keys()].sort() }),
  })

  const fleetState = async (scope: string) => {
    const fleet = await ctx.db
      .select({ name: resources.name, data: resources.data })
      .from(resources)
      .where(and(eq(resources.type, 'nodes'), eq(resources.scope, '')))
      .orderBy(resources.name)
    const nodes = fleet.map((row) => ({ name: row.name, data: row.data as NodeData }))
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
    path: '/projects/:project/not-enforced',
    tag: 'sync',
    summary: 'What of the project’s configuration Varnish nodes do not enforce',
    description:
      'Edge agent nodes run Varnish Cache, which has no WAF engine, no TLS towards origins, no challenge pages… (EDGE.md). Each line names the resource and what of it is not enforced by Varnish nodes; simulated nodes keep their behaviour.',
    access: { permission: 'wadp.projects.get' },
    params: ProjectParams,
    response: NotEnforcedResponse,
    handler: async ({ c, params }) => {
      if (!(await ctx.tenancy.projectExists(params.project))) throw notFound(`project ${params.project}`)
      const { revisions } = await configurationTag(ctx.db, [params.project])
      const config = await edgeConfiguration(ctx.db, '', [params.project], revisions, ctx.now())
      return c.json({ data: config.projects[0]?.not_enforced ?? [] })
    },
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

  router.route({
    method: 'post',
    path: '/projects/:project/quick-setup',
    summary: 'Create a website and, unless an existing one is chosen, its director, in one step',
    access: { permission: ['wadp.websites.create', 'wadp.directors.create'] },
    params: ProjectParams,
    body: QuickSetupDraft,
    response: QuickSetupAnswer,
    errors: [409],
    example: {
      domain_name: 'outlet.shop.example.com',
      backend: { directorOption: 'new', host: 'outlet.origin.example.com', port: 443, weight: 1 },
    },
    handler: async ({ c, params, body, principal }) =>
      c.json({ data: await quickSetup(ctx, params.project, body, callerOf(c, principal)) }, 201),
  })

  registerTypes(router, ctx, RESOURCE_TYPES)
  registerBackendHealth(router, ctx)
  registerBackups(router, ctx)
  registerOverview(router, ctx)
  registerInventory(router, ctx)
  return router
}
