import type { Authenticator } from './auth/authenticator.ts'
import type { Db } from './db/client.ts'
import type { Generations } from './db/generations.ts'
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
  /** The address users reach (`WADP_PUBLIC_URL`): its scheme decides HSTS, its origin the CSP's 'self'. */
  publicUrl: string
  oidc: { issuer: string; clientId: string; audience: string; scopes: string }
  syncDelays: FleetDelays
  /** How long each step of a simulated ACME order takes (validation, then issuance). */
  acmeStepMs: number
  /**
   * How many proxies of the platform's own stand before it (`WADP_TRUSTED_PROXIES`, default 0): how far
   * X-Forwarded-For is believed for the client's address (server/base/client-address.ts).
   */
  trustedProxies: number
  /**
   * How long after its arrival a write the console gives 5 s may still commit (`WADP_WRITE_DEADLINE_MS`,
   * default 4000): server/resources/deadline.ts.
   */
  writeDeadlineMs: number
  /** The built console, served with an SPA fallback; null serves the API only (tests, `npm run dev`). */
  distDir: string | null
}

/**
 * What the services ask of the resource types beyond their definitions (src/types, ADR 0006), handed in
 * by whoever starts the server: the server imports no type.
 */
export type TypeCatalog = {
  /** The console's page of an API type (`iplists` → `iplist`), which a search result links to. */
  routeNameOf(apiType: string): string
  /** Every domain name and alias of a project's websites, each with the website that holds it. */
  projectDomains(db: Db, project: string): Promise<Map<string, string>>
}

/** What every router and service of the API shares. */
export type ServerContext = {
  config: ServerConfig
  db: Db
  /** Whether a process-local cache is still current (shared databases only). */
  generations: Generations
  resources: ResourceService
  /** What the services ask of the resource types. */
  catalog: TypeCatalog
  tenancy: Tenancy
  auth: Authenticator
  /** Health of the parts beyond the database (the job queue, whether this process is stopping). */
  checks: (() => { name: string; is_healthy: boolean })[]
  /** Whether this process is stopping: requests held open (an agent's wait for a change) answer now. */
  stopping(): boolean
  /** Queues a task of the job queue (server/platform/jobs.ts); set once the queue has started. */
  enqueue(task: string, data: object): Promise<void>
  /** The data of a task's queued or running runs, cluster-wide (server/platform/jobs.ts); set with `enqueue`. */
  pendingTasks(task: string): Promise<object[]>
  now(): number
  random(): number
}
