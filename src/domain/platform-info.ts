import * as v from 'valibot'

/** The platform API's services, each under `/api/{svc}/v0` (spec section 7). */
export const SERVICE_NAMES = ['auth', 'core', 'purge', 'acme', 'stats'] as const

/** `GET /api/{svc}/v0/utils/info` data (spec section 3, "App info per service"). */
export const ServiceInfo = v.object({ name: v.string(), version: v.string(), updatedAt: v.string() })
export type ServiceInfo = v.InferOutput<typeof ServiceInfo>

/** One line of `GET /api/{svc}/v0/utils/health` data. */
export const HealthCheck = v.object({ name: v.string(), is_healthy: v.boolean() })
export type HealthCheck = v.InferOutput<typeof HealthCheck>

/** `GET /version.json` */
export const ConsoleVersion = v.object({ version: v.string(), commit: v.string(), built_at: v.string() })
export type ConsoleVersion = v.InferOutput<typeof ConsoleVersion>

export const ServiceInfoEnvelope = v.object({ data: ServiceInfo })
export const HealthEnvelope = v.object({ data: v.array(HealthCheck) })

/** `GET /config.json`: the runtime configuration of the console. */
export const ConsoleConfig = v.object({
  oidc: v.object({ issuer: v.string(), client_id: v.string(), scopes: v.string() }),
  environment: v.string(),
  cname_suffix: v.string(),
})
export type ConsoleConfig = v.InferOutput<typeof ConsoleConfig>
