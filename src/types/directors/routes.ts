import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm'
import * as v from 'valibot'
import { projectsWhere } from '../../../server/base/principal.ts'
import type { ServerContext } from '../../../server/context.ts'
import { resources } from '../../../server/db/schema.ts'
import { isoTimestamp } from '../../../server/db/time.ts'
import type { ServiceRouter } from '../../../server/http/service.ts'
import type { TypeRoutes } from '../../../server/http/type-routes.ts'
import { agentBackendReports } from '../../../server/platform/agent-reports.ts'
import { backendHealth } from '../../../server/platform/probes.ts'
import { BackendHealthQuery, BackendHealthRow, BackendNodeHealth, combinedHealth } from '../../domain/backend-health.ts'
import { NODE_KINDS } from '../../domain/nodes.ts'
import { backendVclName } from './edge.ts'
import type { DirectorData } from './fields.ts'

/**
 * The answer as the platform sends it and its documents give it: the console's reading (`BackendHealthRow`,
 * src/domain/backend-health.ts), `source` narrowed to the node kinds, which the console reads as any word.
 */
const PlatformBackendHealthAnswer = v.object({
  data: v.pipe(
    v.array(
      v.object({
        ...BackendHealthRow.entries,
        source: v.pipe(
          v.picklist(NODE_KINDS),
          v.description(
            'Where the verdict comes from. agent: the Varnish nodes that report the backend (unhealthy when sick on any; the window is the first sick node’s); simulated: the platform’s probe simulation, while no edge agent node reports it',
          ),
        ),
        nodes: v.pipe(
          v.array(
            v.object({
              ...BackendNodeHealth.entries,
              source: v.pipe(v.literal('agent'), v.description('Always agent: reported by the node, not simulated')),
            }),
          ),
          v.description('Each edge agent node’s own view of it, by node name'),
        ),
      }),
    ),
    v.description('One row per director backend, by project and director'),
  ),
})

/**
 * `GET /backend-health` (API.md): every director backend of the projects the caller may reach, with
 * its simulated probe results (`server/platform/probes.ts`), filtered by project and director. Read
 * from the stored directors and the clock on every call: nothing is cached, nothing runs in between.
 */
function registerBackendHealth(router: ServiceRouter, ctx: ServerContext) {
  router.route({
    method: 'get',
    path: '/backend-health',
    tag: 'backend-health',
    summary: 'The health of every director backend, from the platform’s probes',
    description:
      'One row per director backend: healthy or not, the last probe and the last change, and the latest probe results. Edge agent nodes (Varnish) report their own probes of it (`nodes`, `source: agent`: unhealthy when sick on any of them); while none does, the platform simulates the probes (`source: simulated`), and a backend whose host contains `down` or `unhealthy` fails them.',
    access: { permission: 'wadp.backend-health.list', within: 'projects' },
    query: BackendHealthQuery,
    response: PlatformBackendHealthAnswer,
    handler: async ({ c, query, principal }) => {
      const conditions: (SQL | undefined)[] = [eq(resources.type, 'directors'), ne(resources.scope, '')]
      if (query.project) conditions.push(eq(resources.scope, query.project))
      if (query.director) conditions.push(eq(resources.name, query.director))
      // A caller holding the permission in some projects only sees their backends only.
      const reach = projectsWhere(principal, 'wadp.backend-health.list')
      if (reach) conditions.push(inArray(resources.scope, reach))
      const directors = await ctx.db
        .select({
          project: resources.scope,
          name: resources.name,
          data: resources.data,
          updatedAt: resources.updatedAt,
        })
        .from(resources)
        .where(and(...conditions))
        .orderBy(asc(resources.scope), asc(resources.name))
      const now = ctx.now()
      const reported = await agentBackendReports(ctx.db, now)
      const data = directors.flatMap((director) => {
        const { backends, probe } = director.data as DirectorData
        const configuredAt = Date.parse(isoTimestamp(director.updatedAt))
        return backends.map((backend, index) => ({
          project: director.project,
          director: director.name,
          backend: `${backend.host.includes(':') ? `[${backend.host}]` : backend.host}:${backend.port}`,
          ...combinedHealth(
            backendHealth(backend, probe, configuredAt, now),
            reported.of(director.project, backendVclName(director.name, index)),
          ),
          interval_seconds: probe.interval_seconds,
        }))
      })
      return c.json({ data })
    },
  })
}

/** The directors' own route: the health of their backends, per node. */
export const routes: TypeRoutes = (router, ctx) => registerBackendHealth(router, ctx)
