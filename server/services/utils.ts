import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { ServiceRouter } from '../http/service.ts'

const ServiceInfo = v.object({ data: v.object({ name: v.string(), version: v.string(), updatedAt: v.string() }) })
const Health = v.object({ data: v.array(v.object({ name: v.string(), is_healthy: v.boolean() })) })

/** `utils/info`, `utils/health` and `openapi.json`: public, served by every service. */
export function registerUtils(router: ServiceRouter) {
  const { ctx, service } = router
  router.route({
    method: 'get',
    path: '/utils/info',
    summary: 'Name, version and last update of this service',
    access: { public: true },
    status: 200,
    response: ServiceInfo,
    handler: async ({ c }) =>
      c.json({ data: { name: `wadp-${service}`, version: ctx.config.version, updatedAt: ctx.config.startedAt } }),
  })
  router.route({
    method: 'get',
    path: '/utils/health',
    summary: 'Health of the parts this service depends on',
    access: { public: true },
    status: 200,
    response: Health,
    handler: async ({ c }) => {
      const database = await ctx.db
        .execute(sql`select 1`)
        .then(() => true)
        .catch(() => false)
      const checks = [{ name: 'database', is_healthy: database }]
      return c.json({ data: checks }, database ? 200 : 503)
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
