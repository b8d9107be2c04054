import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { type AccessTokenVerifier, AUTH_TYPES, Authenticator } from './auth/authenticator.ts'
import type { ServerConfig, ServerContext } from './context.ts'
import type { Db } from './db/client.ts'
import { Generations } from './db/generations.ts'
import { ResponseCache } from './http/cache.ts'
import { ApiError, errorBody } from './http/errors.ts'
import { readScriptHashes, securityHeaders, securityPolicies } from './http/security-headers.ts'
import type { AppEnv, ServiceRouter } from './http/service.ts'
import { staticConsole } from './http/static.ts'
import { ResourceService } from './resources/service.ts'
import { acmeService } from './services/acme.ts'
import { authService } from './services/auth.ts'
import { coreService } from './services/core.ts'
import { purgeService } from './services/purge.ts'
import { statsService } from './services/stats.ts'
import { Tenancy } from './tenancy.ts'

const ANALYZE_AFTER_CHANGES = 500

/**
 * PGlite has no autovacuum, so nothing refreshes the planner's statistics; without them a search
 * scans a whole type's index instead of the trigram index alone (4x slower at 100,000 resources).
 * Analyse at start and again after every few hundred changes.
 */
export function keepStatisticsFresh(db: Db) {
  let changes = 0
  let timer: NodeJS.Timeout | null = null
  const analyze = () =>
    db.execute(sql`analyze resources`).catch((error: unknown) => console.error('analyze failed:', error))
  return {
    analyze,
    changed() {
      changes += 1
      if (changes < ANALYZE_AFTER_CHANGES || timer) return
      timer = setTimeout(() => {
        changes = 0
        timer = null
        void analyze()
      }, 2000)
      timer.unref()
    },
  }
}

export function createContext(
  db: Db,
  config: ServerConfig,
  verifyAccessToken: AccessTokenVerifier | null,
  shared = false,
): ServerContext {
  const generations = new Generations(db, shared)
  const resources = new ResourceService(db, new ResponseCache(), generations)
  const tenancy = new Tenancy(db, generations)
  const auth = new Authenticator(db, verifyAccessToken, generations)
  const statistics = keepStatisticsFresh(db)
  resources.onChange((definition) => {
    if (['organizations', 'customers', 'projects'].includes(definition.type)) tenancy.invalidate()
    if (AUTH_TYPES.includes(definition.type)) auth.invalidate()
    statistics.changed()
  })
  return {
    config,
    db,
    generations,
    resources,
    tenancy,
    auth,
    checks: [],
    enqueue: () => Promise.reject(new Error('the job queue has not started')),
    now: Date.now,
    random: Math.random,
  }
}

/** The services of API.md. */
export function createServices(ctx: ServerContext): ServiceRouter[] {
  return [authService(ctx), coreService(ctx), purgeService(ctx), acmeService(ctx), statsService(ctx)]
}

export function createApp(ctx: ServerContext): Hono<AppEnv> {
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
    await next()
    c.header('cache-control', 'no-store')
  })
  for (const service of createServices(ctx)) app.route(`/api/${service.service}/v0`, service.app)

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
    if (error instanceof ApiError) return c.json(errorBody(error), error.status)
    // Never leak internals: log the cause, answer with a generic message.
    console.error(`${c.req.method} ${c.req.path} failed:`, error)
    return c.json({ message: 'internal server error', errors: [] }, 500)
  })
  return app
}
