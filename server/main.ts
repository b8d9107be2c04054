import { execFileSync } from 'node:child_process'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { createApp, createContext, keepStatisticsFresh, type PlatformTypes } from './app.ts'
import { signInCounted } from './auth/sign-in-limit.ts'
import type { ServerConfig, ServerContext } from './context.ts'
import { openDatabase } from './db/client.ts'
import { settings } from './db/schema.ts'
import { lifecycleServer, type TlsFiles } from './http/lifecycle.ts'
import { withBodyRead } from './http/request-body.ts'
import { securityPolicies } from './http/security-headers.ts'
import { databaseAdapter } from './oidc/db-adapter.ts'
import { createOidcProvider, type OidcProvider } from './oidc/provider.ts'
import { createAccessTokenVerifier } from './oidc/verify.ts'
import { statsRetentionJob } from './platform/edge-stats.ts'
import { parseDelays } from './platform/fleet.ts'
import { DEFAULT_JOB_TIMING, Jobs, type JobTiming, jobTimingFromEnv } from './platform/jobs.ts'
import { WRITE_DEADLINE_MS } from './resources/deadline.ts'
import { getResource } from './resources/store.ts'
import { type BootstrapToken, ensureBootstrapToken, seedDemoPlatform } from './seed.ts'
import { runBackupTask, scheduledBackupJob, strandedBackupJob } from './services/backups/snapshots.ts'
import { searchIndexOf } from './services/search-index.ts'
import { tokenExpiryJob } from './services/token-expiry.ts'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OIDC_PATH = '/oidc'

/** Everything `npm start` reads from the environment (README, "Environment variables"). */
export type StartOptions = {
  host: string
  port: number
  publicUrl?: string | undefined
  /**
   * `WADP_TLS_CERT` and `WADP_TLS_KEY`: the files (PEM) of a certificate and its key. Given both, the
   * server speaks HTTPS, with HTTP/2 for the clients that offer it (server/http/lifecycle.ts).
   */
  tls?: { certFile: string; keyFile: string } | undefined
  databaseUrl?: string | undefined
  dataDir: string
  /** `WADP_MEMORY_TEMPLATE`: the tarball an in-memory database starts from (server/db/client.ts). */
  memoryTemplate?: string | undefined
  adminToken?: string | undefined
  demoPassword?: string | undefined
  environment: string
  cnameSuffix?: string | undefined
  syncDelay?: string | undefined
  /** `WADP_ACME_STEP_MS`: each step of a simulated certificate order (default 2000). */
  acmeStepMs?: number | undefined
  externalOidc?: { issuer: string; clientId: string; audience: string; jwksUri: string } | undefined
  serveConsole: boolean
  /** Serves the console instead of dist/ (Vite's dev middleware in `npm run dev`). */
  consoleMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void
  jobs?: JobTiming
  /** How often the cluster marks expired API tokens (`WADP_TOKEN_SWEEP_SECONDS`, default 60). */
  tokenSweepSeconds?: number
  /**
   * How often the cluster checks that every project has its scheduled backup of the day
   * (`WADP_BACKUP_CHECK_SECONDS`, default 3600; at most 43200, the job queue's longest period).
   */
  backupCheckSeconds?: number
  /** How long a stop waits for requests and jobs in flight (`WADP_SHUTDOWN_GRACE_MS`, default 10 s). */
  shutdownGraceMs?: number
  /**
   * `WADP_TRUSTED_PROXIES`: how many proxies of the platform's own (a load balancer, a TLS terminator)
   * stand before it, so how far X-Forwarded-For is believed for the address the audit log records
   * (default 0: the connection's own address).
   */
  trustedProxies?: number
  /**
   * `WADP_WRITE_DEADLINE_MS`: how long after its arrival a write the console gives 5 s may still commit
   * (default 4000).
   */
  writeDeadlineMs?: number | undefined
}

export function optionsFromEnv(env: NodeJS.ProcessEnv): StartOptions {
  const issuer = env.OIDC_ISSUER
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    publicUrl: env.WADP_PUBLIC_URL,
    tls: tlsFromEnv(env),
    databaseUrl: env.DATABASE_URL,
    dataDir: env.WADP_DATA_DIR ?? './.data',
    memoryTemplate: env.WADP_MEMORY_TEMPLATE || undefined,
    adminToken: env.WADP_ADMIN_TOKEN || undefined,
    demoPassword: env.WADP_DEMO_PASSWORD || undefined,
    environment: env.WADP_ENVIRONMENT ?? 'default',
    cnameSuffix: env.WADP_CNAME_SUFFIX,
    syncDelay: env.WADP_SYNC_DELAY_MS,
    acmeStepMs: positive(env.WADP_ACME_STEP_MS),
    externalOidc: issuer
      ? {
          issuer,
          clientId: env.OIDC_CLIENT_ID ?? 'wadp-console',
          audience: env.OIDC_AUDIENCE ?? 'urn:wadp:api',
          jwksUri: env.OIDC_JWKS_URI ?? `${issuer.replace(/\/$/, '')}/jwks`,
        }
      : undefined,
    serveConsole: true,
    jobs: jobTimingFromEnv(env),
    tokenSweepSeconds: positive(env.WADP_TOKEN_SWEEP_SECONDS) ?? 60,
    backupCheckSeconds: Math.min(positive(env.WADP_BACKUP_CHECK_SECONDS) ?? 3600, 43_200),
    shutdownGraceMs: positive(env.WADP_SHUTDOWN_GRACE_MS) ?? 10_000,
    trustedProxies: Math.min(positive(env.WADP_TRUSTED_PROXIES) ?? 0, 10),
    writeDeadlineMs: positive(env.WADP_WRITE_DEADLINE_MS),
  }
}

function tlsFromEnv(env: NodeJS.ProcessEnv): StartOptions['tls'] {
  const certFile = env.WADP_TLS_CERT || undefined
  const keyFile = env.WADP_TLS_KEY || undefined
  if (!certFile && !keyFile) return undefined
  if (!certFile || !keyFile)
    throw new Error(
      `WADP_TLS_CERT and WADP_TLS_KEY go together: ${certFile ? 'WADP_TLS_KEY' : 'WADP_TLS_CERT'} is not set`,
    )
  return { certFile, keyFile }
}

/** The certificate and key files, read before the database opens: a wrong path stops the start at once. */
function readTls(tls: StartOptions['tls']): TlsFiles | undefined {
  if (!tls) return undefined
  const read = (file: string, what: string) => {
    try {
      return readFileSync(file)
    } catch (error) {
      throw new Error(`cannot read the TLS ${what} ${file}: ${(error as Error).message}`)
    }
  }
  return { cert: read(tls.certFile, 'certificate'), key: read(tls.keyFile, 'key') }
}

/** The HTTP server, with TLS when given: a key that is not the certificate's is said as such. */
function serverWith(tls: StartOptions['tls']) {
  const files = readTls(tls)
  try {
    return lifecycleServer(files)
  } catch (error) {
    if (!files) throw error
    throw new Error(`cannot serve HTTPS with WADP_TLS_CERT and WADP_TLS_KEY: ${(error as Error).message}`)
  }
}

function positive(value: string | undefined): number | undefined {
  const parsed = Number(value)
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : undefined
}

function cnameSuffixFor(environment: string): string {
  if (environment === 'default') return 'cdn.wadp.example'
  return `${environment}.cdn.wadp.example`
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
  } catch {
    return 'unknown'
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path === '/version.json' || path === '/config.json'
}

export type RunningServer = {
  url: string
  ctx: ServerContext
  /** The bootstrap admin token this start set, or why there is none (revoked or expired: never brought back). */
  adminToken: BootstrapToken
  demoPassword: string
  generated: { adminToken: boolean; demoPassword: boolean }
  databaseDescription: string
  /** Stops accepting, lets requests and jobs in flight finish (bounded), then closes the database. */
  close(): Promise<void>
}

/**
 * Starts the platform API: the database, the OpenID Connect provider, the job queue and the HTTP server,
 * serving the resource types it is given (`types`: src/platform/types.ts, src/types' registry).
 */
export async function startServer(options: StartOptions, types: PlatformTypes): Promise<RunningServer> {
  // Made before the database opens (a certificate that does not match its key stops the start here);
  // it listens after.
  const lifecycle = serverWith(options.tls)
  // The database opens before the port does: PGlite compiles its WebAssembly and migrates without
  // letting the event loop turn, so a connection accepted meanwhile would wait unanswered. From here on
  // every step yields, and a request that arrives before the app is ready gets 503 "starting".
  const database = await openDatabase({
    url: options.databaseUrl,
    dataDir: options.dataDir,
    memoryTemplate: options.memoryTemplate,
  })
  const { http } = lifecycle
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port, options.host, () => resolve())
  }).catch(async (error: unknown) => {
    await database.close()
    throw error
  })
  const stopListening = () => new Promise<void>((resolve) => http.close(() => resolve()))
  const { port } = http.address() as AddressInfo
  const publicUrl = (
    options.publicUrl ??
    `${options.tls ? 'https' : 'http'}://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`
  ).replace(/\/$/, '')
  const distDir = `${ROOT}dist`
  const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string }
  const builtAt = (() => {
    try {
      return statSync(`${distDir}/index.html`).mtime.toISOString()
    } catch {
      return new Date().toISOString()
    }
  })()
  const issuer = options.externalOidc?.issuer ?? `${publicUrl}${OIDC_PATH}`
  const audience = options.externalOidc?.audience ?? 'urn:wadp:api'
  const clientId = options.externalOidc?.clientId ?? 'wadp-console'
  const config: ServerConfig = {
    version: pkg.version,
    commit: process.env.WADP_COMMIT ?? gitCommit(),
    builtAt,
    startedAt: new Date().toISOString(),
    environment: options.environment,
    cnameSuffix: options.cnameSuffix ?? cnameSuffixFor(options.environment),
    oidc: { issuer, clientId, audience, scopes: 'openid profile email' },
    publicUrl,
    syncDelays: parseDelays(options.syncDelay),
    acmeStepMs: options.acmeStepMs ?? 2000,
    trustedProxies: options.trustedProxies ?? 0,
    writeDeadlineMs: options.writeDeadlineMs ?? WRITE_DEADLINE_MS,
    distDir: options.serveConsole ? distDir : null,
  }

  const demoPassword = options.demoPassword ?? randomBytes(9).toString('base64url')
  let oidc: OidcProvider | null = null
  let verifier: ReturnType<typeof createAccessTokenVerifier> | null = null
  // The context exists before the provider (which looks users up through it), so the verifier is
  // bound late; it is in place before the server takes its first request.
  const ctx = createContext(
    database.db,
    config,
    (token) => {
      if (!verifier) throw new Error('access token verifier not ready')
      return verifier(token)
    },
    types,
    database.shared,
  )
  const app = createApp(ctx, types.servers)
  const failed = async (error: unknown): Promise<never> => {
    await stopListening()
    await database.close().catch(() => undefined)
    throw error
  }
  // Processes starting together on one empty database take turns: one seeds it, one makes the OIDC
  // signing keys, and the others find them.
  const adminToken = await database
    .exclusive(async () => {
      await seedDemoPlatform(ctx)
      const token = await ensureBootstrapToken(ctx, options.adminToken)
      await keepStatisticsFresh(database.db).analyze()
      if (!options.externalOidc) oidc = await builtInProvider()
      return token
    })
    .catch(failed)

  function builtInProvider(): Promise<OidcProvider> {
    return createOidcProvider({
      issuer,
      clientId,
      redirectUris: [`${publicUrl}/auth/callback`],
      postLogoutRedirectUris: [`${publicUrl}/`],
      audience,
      findAccount: async (email) => {
        const user = await getResource(database.db, 'users', '', email.toLowerCase())
        if (!user || user.status === 'disabled') return null
        return {
          email: user.name,
          first_name: String(user.first_name ?? ''),
          last_name: String(user.last_name ?? ''),
          groups: Array.isArray(user.groups) ? user.groups.map(String) : [],
        }
      },
      verifyPassword: async (email, password) => {
        const user = await getResource(database.db, 'users', '', email.toLowerCase())
        return Boolean(user && user.status !== 'disabled' && sameText(password, demoPassword))
      },
      adapter: databaseAdapter(database.db),
      signIns: {
        counted: (ip, failure) =>
          signInCounted(
            database.db,
            ip,
            failure && {
              actor: { type: 'user', email: failure.email, token_prefix: null, ip, user_agent: failure.userAgent },
              action: 'login',
              result: 'failure',
            },
          ),
      },
      trustedProxies: config.trustedProxies,
      keyStore: {
        get: async (key) =>
          (await database.db.select().from(settings).where(eq(settings.key, key)).limit(1))[0]?.value ?? null,
        set: async (key, value) => {
          await database.db
            .insert(settings)
            .values({ key, value })
            .onConflictDoUpdate({ target: settings.key, set: { value } })
        },
      },
    })
  }
  if (options.externalOidc) {
    verifier = createAccessTokenVerifier({ issuer, audience, jwksUri: options.externalOidc.jwksUri })
  } else if (oidc) {
    verifier = createAccessTokenVerifier({ issuer, audience, jwks: (oidc as OidcProvider).jwks })
  }
  // Processes starting together take turns here too: pg-boss creates each queue's table partition, and
  // two processes creating partitions of the same table at once can deadlock.
  const jobs = await database
    .exclusive(() =>
      Jobs.open(
        database,
        [
          tokenExpiryJob(options.tokenSweepSeconds ?? 60),
          scheduledBackupJob(options.backupCheckSeconds ?? 3600),
          strandedBackupJob(),
          statsRetentionJob(),
        ],
        options.jobs ?? DEFAULT_JOB_TIMING,
        [runBackupTask],
      ),
    )
    .catch(failed)
  // Before any job runs here: a job another process offered starts as soon as this process works its
  // queue, and the scheduled backups' queues a task for each backup it stores.
  ctx.enqueue = (task, data) => jobs.enqueue(task, data)
  ctx.pendingTasks = (task) => jobs.pending(task)
  await jobs.work(ctx).catch(failed)
  ctx.checks.push(() => ({ name: 'jobs', is_healthy: jobs.healthy() }))
  ctx.checks.push(() => ({ name: 'accepting', is_healthy: !lifecycle.draining() }))
  ctx.stopping = () => lifecycle.draining()

  // Bodies are read whole before the app runs (server/http/request-body.ts), so the adapter has no
  // half-read socket to clean up (its clean-up closes the socket after 500 ms).
  const api = withBodyRead(getRequestListener(app.fetch, { autoCleanupIncoming: false }))
  const provider = oidc as OidcProvider | null
  const policies = securityPolicies({ publicUrl, issuer, scriptHashes: [] })
  const consoleMiddleware = options.consoleMiddleware
  lifecycle.ready((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    if (provider && (path === OIDC_PATH || path.startsWith(`${OIDC_PATH}/`))) {
      for (const [name, value] of Object.entries(policies.identityProvider)) res.setHeader(name, value)
      provider.handle(req, res)
    } else if (consoleMiddleware && !isApiPath(path)) consoleMiddleware(req, res, () => api(req, res))
    else api(req, res)
  })
  const graceMs = options.shutdownGraceMs ?? 10_000
  // The global search's index is built now rather than by the first search (a failure is the first
  // search's to report: it builds again).
  const searchReady = searchIndexOf(ctx)
    .warm()
    .catch(() => undefined)

  return {
    url: publicUrl,
    ctx,
    adminToken,
    demoPassword,
    generated: { adminToken: options.adminToken === undefined, demoPassword: options.demoPassword === undefined },
    databaseDescription: database.description,
    close: async () => {
      if (lifecycle.draining()) return
      await lifecycle.drain(graceMs)
      await jobs.stop(graceMs)
      await searchReady
      await database.close()
    },
  }
}
