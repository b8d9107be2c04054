import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { CONTENDED_CODE } from '../src/domain/write-deadline.ts'
import { type AccessTokenVerifier, AUTH_TYPES, Authenticator, type RoleGrants } from './auth/authenticator.ts'
import { ApiError, errorBody, RateLimited } from './base/errors.ts'
import type { ServerConfig, ServerContext, TypeCatalog } from './context.ts'
import {
  DATABASE_CONTENDED_MESSAGE,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  type Db,
  databaseUnavailable,
  TRANSACTION_ATTEMPTS,
  transactionContended,
} from './db/client.ts'
import { Generations } from './db/generations.ts'
import { compressJsonAnswers } from './http/compress.ts'
import type { AppEnv } from './http/middleware.ts'
import { readScriptHashes, securityHeaders, securityPolicies } from './http/security-headers.ts'
import type { ServiceRouter } from './http/service.ts'
import { staticConsole } from './http/static.ts'
import type { TypeList } from './http/type-routes.ts'
import { ResponseCache } from './resources/response-cache.ts'
import { ResourceService } from './resources/service.ts'
import { acmeService } from './services/acme.ts'
import { authService } from './services/auth.ts'
import { coreService } from './services/core.ts'
import { purgeService } from './services/purge.ts'
import { statsService } from './services/stats.ts'
import { Tenancy } from './tenancy.ts'

const ANALYZE_AFTER_CHANGES = 500
/** As PostgreSQL's autovacuum (`autovacuum_analyze_scale_factor`): a tenth of the table must change. */
const ANALYZE_SCALE = 0.1

/**
 * PGlite has no autovacuum, so nothing refreshes the planner's statistics; without them a search
 * scans a whole type's index instead of the trigram index alone (4x slower at 100,000 resources).
 * Analyse at start and again once enough has changed: 500 changes, or a tenth of the table when that
 * is more, as autovacuum does. (An analyse of 100,000 resources takes about a second on PGlite, and
 * PGlite's one connection waits for it: every 500 writes it cost more than the writes themselves.)
 */
export function keepStatisticsFresh(db: Db) {
  let changes = 0
  let timer: NodeJS.Timeout | null = null
  const analyze = () =>
    db.execute(sql`analyze resources`).catch((error: unknown) => console.error('analyze failed:', error))
  /** The planner's estimate of the table's rows (kept by the last analyse): a cheap catalogue read. */
  const estimatedRows = async () => {
    const result = await db.execute<{ rows: number }>(
      sql`select greatest(reltuples, 0)::float8 as rows from pg_class where relname = 'resources' and relkind = 'r'`,
    )
    const rows = Array.isArray(result) ? result : (result as { rows: { rows: number }[] }).rows
    return Number(rows[0]?.rows ?? 0)
  }
  const check = async () => {
    const needed = Math.max(ANALYZE_AFTER_CHANGES, ANALYZE_SCALE * (await estimatedRows()))
    if (changes < needed) return
    changes = 0
    await analyze()
  }
  return {
    analyze,
    changed() {
      changes += 1
      if (changes < ANALYZE_AFTER_CHANGES || timer) return
      timer = setTimeout(() => {
        timer = null
        check().catch((error: unknown) => console.error('analyze failed:', error))
      }, 2000)
      timer.unref()
    },
  }
}

/**
 * The resource types the server serves (src/types' registry) and what it asks of them, handed in by the
 * process that starts it (src/platform/): the server imports no type (ADR 0006, docs/architecture.md).
 */
export type PlatformTypes = TypeCatalog & RoleGrants & { servers: TypeList }

export function createContext(
  db: Db,
  config: ServerConfig,
  verifyAccessToken: AccessTokenVerifier | null,
  types: PlatformTypes,
  shared = false,
): ServerContext {
  const generations = new Generations(db, shared)
  const resources = new ResourceService(db, new ResponseCache(), generations)
  const tenancy = new Tenancy(db, generations)
  const auth = new Authenticator(db, verifyAccessToken, generations, types)
  const statistics = keepStatisticsFresh(db)
  resources.onChange((type) => {
    if (['organizations', 'customers', 'projects'].includes(type)) tenancy.invalidate()
    if (AUTH_TYPES.includes(type)) auth.invalidate()
    statistics.changed()
  })
  return {
    config,
    db,
    generations,
    resources,
    catalog: types,
    tenancy,
    auth,
    checks: [],
    stopping: () => false,
    enqueue: () => Promise.reject(new Error('the job queue has not started')),
    pendingTasks: () => Promise.reject(new Error('the job queue has not started')),
    now: Date.now,
    random: Math.random,
  }
}

/** The services of API.md. */
export function createServices(ctx: ServerContext, types: TypeList): ServiceRouter[] {
  return [
    authService(ctx, types),
    coreService(ctx, types),
    purgeService(ctx),
    acmeService(ctx, types),
    statsService(ctx),
  ]
}

export function createApp(ctx: ServerContext, types: TypeList): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use(
    '*',
    securityHeaders(
      securityPolicies({
        publicUrl: ctx.config.publicUrl,
        issuer: ctx.config.oidc.issuer,
        scriptHashes: readScriptHashes(ctx.config.distDir),
      }),
    ),
  )
  app.use('/api/*', async (c, next) => {
    c.set('trustedProxies', ctx.config.trustedProxies)
    await next()
    c.header('cache-control', 'no-store')
  })
  app.use('/api/*', compressJsonAnswers())
  for (const service of createServices(ctx, types)) app.route(`/api/${service.service}/v0`, service.app)

  app.get('/version.json', (c) =>
    c.json({ version: ctx.config.version, commit: ctx.config.commit, built_at: ctx.config.builtAt }),
  )
  app.get('/config.json', (c) =>
    c.json({
      oidc: { issuer: ctx.config.oidc.issuer, client_id: ctx.config.oidc.clientId, scopes: ctx.config.oidc.scopes },
      environment: ctx.config.environment,
      cname_suffix: ctx.config.cnameSuffix,
    }),
  )
  app.all('/api/*', (c) => c.json({ message: `no endpoint ${c.req.method} ${c.req.path}`, errors: [] }, 404))
  if (ctx.config.distDir) {
    const serve = staticConsole(ctx.config.distDir)
    app.on(['GET', 'HEAD'], '*', (c) => serve(c.req.raw))
  }

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      // Every 503 is "try again shortly", and says when (openapi.json promises Retry-After with it).
      if (error.status === 503) c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      if (error instanceof RateLimited) c.header('Retry-After', String(error.retryAfter))
      return c.json(errorBody(error), error.status)
    }
    // The database stopped or restarts: not a fault of this request, and over in a few seconds. The pool
    // opens new connections once it is back, so the client is told to try again (issue 25).
    const away = databaseUnavailable(error)
    if (away) {
      console.error(`${c.req.method} ${c.req.path}: database unavailable (${away})`)
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      return c.json({ message: DATABASE_UNAVAILABLE_MESSAGE, errors: [] }, 503)
    }
    // A transaction PostgreSQL ended for a deadlock or a serialization failure is run again by the pool
    // (retryContendedTransactions); one that still meets them after every attempt is busy, not broken. Every
    // attempt rolled back, so nothing was stored: its `code` says so to a program (docs/api.md).
    if (transactionContended(error)) {
      console.error(`${c.req.method} ${c.req.path}: ${TRANSACTION_ATTEMPTS} attempts met other transactions`)
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      return c.json({ message: DATABASE_CONTENDED_MESSAGE, errors: [], code: CONTENDED_CODE }, 503)
    }
    // Never leak internals: log the cause, answer with a generic message.
    console.error(`${c.req.method} ${c.req.path} failed:`, error)
    return c.json({ message: 'internal server error', errors: [] }, 500)
  })
  return app
}
