import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { HealthEnvelope, ServiceInfoEnvelope } from '../../src/domain/platform-info.ts'
import { jsonBody } from '../http/compress.ts'
import type { ServiceRouter } from '../http/service.ts'

/** The document itself: an OpenAPI 3.1 document, which its own specification describes in full. */
const OpenApiAnswer = v.looseObject({
  openapi: v.pipe(v.literal('3.1.0'), v.description('The OpenAPI version')),
  info: v.pipe(v.looseObject({ title: v.string(), version: v.string() }), v.description('Title and version')),
  servers: v.pipe(
    v.array(v.object({ url: v.pipe(v.string(), v.description('The service’s base path, such as /api/core/v0')) })),
    v.description('Where the paths are served'),
  ),
  security: v.pipe(
    v.array(v.record(v.string(), v.array(v.string()))),
    v.description('The default security of its operations (each operation states its own)'),
  ),
  tags: v.pipe(
    v.array(v.object({ name: v.pipe(v.string(), v.description('A group of operations')) })),
    v.description('The groups its operations are listed under, in order'),
  ),
  paths: v.pipe(v.record(v.string(), v.unknown()), v.description('The operations, by path')),
  components: v.pipe(v.record(v.string(), v.unknown()), v.description('Schemas, responses, headers and parameters')),
})

/** `utils/info`, `utils/health` and `openapi.json`: public, served by every service. */
export function registerUtils(router: ServiceRouter) {
  const { ctx, service } = router
  router.route({
    method: 'get',
    path: '/utils/info',
    summary: 'Name, version and last update of this service',
    access: { public: true },
    status: 200,
    response: ServiceInfoEnvelope,
    handler: async ({ c }) =>
      c.json({ data: { name: `wadp-${service}`, version: ctx.config.version, updatedAt: ctx.config.startedAt } }),
  })
  router.route({
    method: 'get',
    path: '/utils/health',
    summary: 'Health of the parts this service depends on',
    description: 'A part down (its database unreachable) makes it 503, with the same body naming that part.',
    access: { public: true },
    status: 200,
    response: HealthEnvelope,
    unhealthyAnswer: true,
    handler: async ({ c }) => {
      const database = await ctx.db
        .execute(sql`select 1`)
        .then(() => true)
        .catch(() => false)
      const checks = [{ name: 'database', is_healthy: database }, ...ctx.checks.map((check) => check())]
      return c.json({ data: checks }, checks.every((check) => check.is_healthy) ? 200 : 503)
    },
  })
  router.route({
    method: 'get',
    path: '/openapi.json',
    summary: 'This service’s OpenAPI 3.1 document',
    access: { public: true },
    status: 200,
    response: OpenApiAnswer,
    // The same text on every request (~700 kB for the core): jsonBody keeps its compressed copy (~5% of it),
    // where the /api/* middleware would compress it again each time.
    handler: async ({ c }) => jsonBody(c, JSON.stringify(router.openapi(ctx.config.version))),
  })
}
