import type { Authenticator } from './auth/authenticator.ts'
import type { Db } from './db/client.ts'
import type { FleetDelays } from './platform/fleet.ts'
import type { ResourceService } from './resources/service.ts'
import type { Tenancy } from './tenancy.ts'

export type ServerConfig = {
  version: string
  commit: string
  builtAt: string
  startedAt: string
  /** `default`, `preview` or a named environment (config.json). */
  environment: string
  cnameSuffix: string
  oidc: { issuer: string; clientId: string; audience: string; scopes: string }
  syncDelays: FleetDelays
  /** The built console, served with an SPA fallback; null serves the API only (tests, `npm run dev`). */
  distDir: string | null
}

/** What every router and service of the API shares. */
export type ServerContext = {
  config: ServerConfig
  db: Db
  resources: ResourceService
  tenancy: Tenancy
  auth: Authenticator
  now(): number
  random(): number
}
