import { sql } from 'drizzle-orm'
import { HealthEnvelope, ServiceInfoEnvelope } from '../../src/domain/platform-info.ts'
import type { ServiceRouter } from '../http/service.ts'

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
    access: { public: true },
    status: 200,
    response: HealthEnvelope,
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
    handler: async ({ c }) => c.json(router.openapi(ctx.config.version)),
  })
}
