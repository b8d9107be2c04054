import { and, eq, sql } from 'drizzle-orm'
import { TOKEN_LIFETIME_DAYS } from '../src/domain/tokens.ts'
import { recordAudit } from './audit.ts'
import { generateSecret, hashSecret } from './base/secrets.ts'
import type { ServerContext } from './context.ts'
import type { Db } from './db/client.ts'
import { cacheGroup } from './db/generations.ts'
import { resources } from './db/schema.ts'
import type { ResourceDefinition } from './resources/definition.ts'
import { systemCaller } from './resources/service.ts'

export const BOOTSTRAP_TOKEN_NAME = 'bootstrap-admin'
export const DEMO_USERS = {
  admin: 'admin@example.com',
  operator: 'operator@example.com',
  viewer: 'viewer@example.com',
} as const

const SYSTEM = systemCaller('system', 'seed')

const NODES: [name: string, country: string, pop: string, ipv4: string][] = [
  ['pop-au-syd-1', 'au', 'syd', '203.0.113.10'],
  ['pop-br-sao-1', 'br', 'sao', '203.0.113.11'],
  ['pop-ca-tor-1', 'ca', 'tor', '203.0.113.12'],
  ['pop-de-fra-1', 'de', 'fra', '203.0.113.13'],
  ['pop-de-fra-2', 'de', 'fra', '203.0.113.14'],
  ['pop-es-mad-1', 'es', 'mad', '203.0.113.15'],
  ['pop-fr-par-1', 'fr', 'par', '203.0.113.16'],
  ['pop-fr-par-2', 'fr', 'par', '203.0.113.17'],
  ['pop-nl-ams-1', 'nl', 'ams', '203.0.113.18'],
  ['pop-pt-lis-1', 'pt', 'lis', '203.0.113.19'],
  ['pop-sg-sin-1', 'sg', 'sin', '203.0.113.20'],
  ['pop-uk-lon-1', 'uk', 'lon', '203.0.113.21'],
  ['pop-us-nyc-1', 'us', 'nyc', '203.0.113.22'],
  ['pop-us-sjc-1', 'us', 'sjc', '203.0.113.23'],
]

function definition(ctx: ServerContext, type: string): ResourceDefinition {
  const found = ctx.resources.definition(type)
  if (!found) throw new Error(`resource type ${type} is not registered`)
  return found
}

async function create(ctx: ServerContext, type: string, scope: string, body: Record<string, unknown>) {
  await ctx.resources.create(definition(ctx, type), scope, body, SYSTEM)
}

/**
 * Fills an empty database with the demo platform, in one transaction: a start that dies half-way leaves
 * the database empty, and the next start seeds it whole (any row at all means a seed that finished).
 * Returns false when there was data already.
 */
export async function seedDemoPlatform(ctx: ServerContext): Promise<boolean> {
  // The names written, by type and scope.
  const written = new Map<string, { type: string; scope: string; names: string[] }>()
  const seeded = await ctx.db.transaction(async (tx) => {
    const existing = await tx.select({ id: resources.id }).from(resources).limit(1)
    if (existing.length > 0) return false
    const service = ctx.resources.within(tx as Db)
    service.onChange((type, scope, names = []) => {
      const group = written.get(`${type}|${scope}`) ?? { type, scope, names: [] }
      group.names.push(...names)
      written.set(`${type}|${scope}`, group)
    })
    await fill({ ...ctx, db: tx as Db, resources: service })
    return true
  })
  // Committed: this process's caches and listeners (the search index…) hear of every row, as after any write.
  for (const { type, scope, names } of written.values()) ctx.resources.changed(definition(ctx, type), scope, names)
  return seeded
}

/** The demo platform, through the resource service as a caller would (`ctx`: the seed's transaction). */
async function fill(ctx: ServerContext): Promise<void> {
  await create(ctx, 'organizations', '', {
    name: 'acme',
    display_name: 'Acme Corporation',
    description: 'Retail and media group',
  })
  await create(ctx, 'organizations', '', { name: 'globex', display_name: 'Globex', description: 'Research company' })
  await create(ctx, 'customers', '', { name: 'acme-retail', display_name: 'Acme Retail', organization: 'acme' })
  await create(ctx, 'customers', '', { name: 'acme-media', display_name: 'Acme Media', organization: 'acme' })
  await create(ctx, 'customers', '', { name: 'globex-labs', display_name: 'Globex Labs', organization: 'globex' })
  await create(ctx, 'projects', '', { name: 'shop', display_name: 'Acme Shop', customer: 'acme-retail' })
  await create(ctx, 'projects', '', {
    name: 'shop-staging',
    display_name: 'Acme Shop (staging)',
    customer: 'acme-retail',
  })
  await create(ctx, 'projects', '', { name: 'media', display_name: 'Acme Media Sites', customer: 'acme-media' })
  await create(ctx, 'projects', '', { name: 'labs', display_name: 'Globex Labs Portal', customer: 'globex-labs' })

  // Their `groups` are what the built-in provider puts in its claim, for SSO group/role mappings to match.
  await create(ctx, 'users', '', {
    email: DEMO_USERS.admin,
    first_name: 'Ada',
    last_name: 'Admin',
    roles: ['admin'],
    groups: ['edge-admins'],
  })
  await create(ctx, 'users', '', {
    email: DEMO_USERS.operator,
    first_name: 'Oscar',
    last_name: 'Operator',
    roles: ['operator'],
    groups: ['edge-operators'],
  })
  await create(ctx, 'users', '', {
    email: DEMO_USERS.viewer,
    first_name: 'Vera',
    last_name: 'Viewer',
    roles: ['viewer'],
    groups: ['edge-viewers'],
  })

  await create(ctx, 'pools', '', {
    name: 'europe',
    display_name: 'Europe',
    description: 'European points of presence',
    regions: ['eu-west', 'eu-central'],
    rollout: 'canary_first',
  })
  await create(ctx, 'pools', '', {
    name: 'americas',
    display_name: 'Americas',
    regions: ['us-east', 'us-west', 'sa-east'],
    rollout: 'serial',
  })
  // Asia-Pacific nodes stay in no pool.
  const POOL_OF: Record<string, string> = { br: 'americas', ca: 'americas', us: 'americas' }
  for (const country of ['de', 'es', 'fr', 'nl', 'pt', 'uk']) POOL_OF[country] = 'europe'
  for (const [name, country, pop, ipv4] of NODES) {
    const pool = POOL_OF[country] ?? null
    await create(ctx, 'nodes', '', { name, hostname: `${name}.edge.wadp.example`, country, pop_code: pop, ipv4, pool })
  }

  const director = (name: string, hosts: string[]) => ({
    name,
    type: 'round_robin',
    backends: hosts.map((host) => ({ host, port: 443, weight: 1 })),
  })
  await create(ctx, 'sslpolicies', 'shop', {
    name: 'storefront-tls',
    display_name: 'Storefront TLS',
    hsts: { enabled: true, max_age_s: 31_536_000, include_subdomains: true },
  })
  await create(ctx, 'wafconfigs', 'shop', {
    name: 'storefront-waf',
    display_name: 'Storefront WAF',
    mode: 'block',
    paranoia_level: 2,
    categories: { java: false },
    exclusions: [
      { path: '/search', parameter: 'q', rule_ids: ['942100'], reason: 'Product searches quote SQL-like words' },
    ],
  })
  await create(ctx, 'directors', 'shop', {
    ...director('shop-origin', ['origin-1.shop.example.com', 'origin-2.shop.example.com']),
    waf_config: 'storefront-waf',
  })
  await create(ctx, 'directors', 'shop', director('api-origin', ['api-origin.shop.example.com']))
  await create(ctx, 'directors', 'shop', director('static-origin', ['assets.shop.example.com']))
  await create(ctx, 'codesnippets', 'shop', {
    name: 'security-headers',
    display_name: 'Security headers',
    hook: 'vcl_deliver',
    comment: 'Sent with every storefront response',
    content: [
      'set resp.http.X-Content-Type-Options = "nosniff";',
      'set resp.http.Referrer-Policy = "strict-origin-when-cross-origin";',
      'unset resp.http.X-Powered-By;',
    ].join('\n'),
  })
  await create(ctx, 'synthetics', 'shop', {
    name: 'maintenance-page',
    display_name: 'Maintenance page',
    status: 503,
    body: '<!doctype html><title>Back soon</title><h1>We will be back in a few minutes.</h1>',
    headers: [{ name: 'Retry-After', value: '300' }],
  })
  await create(ctx, 'iplists', 'shop', {
    name: 'office-network',
    display_name: 'Office network',
    description: 'Our offices and VPN: never rate limited or challenged',
    entries: [
      { cidr: '203.0.113.0/24', comment: 'Paris office' },
      { cidr: '198.51.100.16/28', comment: 'Lisbon office' },
      { cidr: '2001:db8:4200::/48', comment: 'VPN (IPv6)' },
      { cidr: '198.51.100.20', negated: true, comment: 'Guest Wi-Fi gateway' },
    ],
  })
  await create(ctx, 'challenges', 'shop', {
    name: 'storefront-challenge',
    display_name: 'Storefront challenge',
    type: 'js_pow',
    exempt: { iplists: ['office-network'], paths: ['/healthz'], user_agents: ['UptimeRobot'] },
  })
  await create(ctx, 'ratelimits', 'shop', {
    name: 'login-throttle',
    display_name: 'Login throttle',
    match: { paths: ['/account/login'], match_type: 'exact', methods: ['POST'] },
    keys: ['ip'],
    limit: 10,
    period_s: 60,
    action: 'challenge',
    challenge: 'storefront-challenge',
    bypass_iplists: ['office-network'],
  })
  await create(ctx, 'websites', 'shop', {
    name: 'shop-example-com',
    display_name: 'Shop storefront',
    domain_name: 'shop.example.com',
    domain_aliases: ['www.shop.example.com'],
    default_director: 'shop-origin',
    ssl_policies: ['storefront-tls'],
    rate_limits: ['login-throttle'],
    challenges: ['storefront-challenge'],
    default_rules: { custom_vcl_deliver: 'security-headers' },
  })
  // The storefront's certificate, issued three weeks ago: active, its renewal due in five weeks.
  await create(ctx, 'le-cert', 'shop', {
    name: 'storefront-cert',
    display_name: 'Storefront certificate',
    domains: ['shop.example.com', 'www.shop.example.com'],
  })
  const issuedAt = new Date(ctx.now() - 21 * 86_400_000).toISOString()
  await ctx.resources.update(definition(ctx, 'le-cert'), 'shop', 'storefront-cert', '*', {}, SYSTEM, true, {
    order: { started_at: issuedAt, kind: 'issue', error: null, previous: null },
  })
  await create(ctx, 'websites', 'shop', {
    name: 'api-shop-example-com',
    domain_name: 'api.shop.example.com',
    default_director: 'api-origin',
  })
  await create(ctx, 'websites', 'shop', {
    name: 'static-shop-example-com',
    domain_name: 'static.shop.example.com',
    default_director: 'static-origin',
  })
  await create(ctx, 'pagerules', 'shop', {
    name: 'static-assets-cache',
    display_name: 'Cache static assets for a day',
    website: 'static-shop-example-com',
    priority: 10,
    match: { path: '/assets/*', match_type: 'glob', methods: ['GET', 'HEAD'] },
    action: { kind: 'cache', mode: 'cache_everything', edge_ttl_s: 86_400, browser_ttl_s: 3600 },
  })
  await create(ctx, 'directors', 'media', director('media-origin', ['origin.media.example.com']))
  await create(ctx, 'websites', 'media', {
    name: 'news-example-com',
    domain_name: 'news.example.com',
    default_director: 'media-origin',
  })
  // labs sorts first, so it is the project a first sign-in opens: it has a website, hence traffic to show.
  // shop-staging stays empty, the demo's project with nothing configured yet.
  await create(ctx, 'directors', 'labs', director('portal-origin', ['origin.portal.globex.example.com']))
  await create(ctx, 'websites', 'labs', {
    name: 'portal-globex-example-com',
    domain_name: 'portal.globex.example.com',
    default_director: 'portal-origin',
  })
}

/** What a start made of the bootstrap admin token: its secret, or why it stays refused. */
export type BootstrapToken = { token: string } | { refused: 'revoked' | 'expired' }

/**
 * The admin's bootstrap API token: `WADP_ADMIN_TOKEN` when given, else a new random one on every
 * start (only its hash is stored, so a start can print only a token it has just made). A token that
 * was revoked or has expired is never brought back, whatever the start brings: its row is left as it
 * is and the answer says why (deleting it makes the next start create a new one). The row and its
 * `tokens.rotate` audit entry are written only when the stored hash changes.
 */
export async function ensureBootstrapToken(ctx: ServerContext, requested: string | undefined): Promise<BootstrapToken> {
  const secret = requested ?? generateSecret()
  const where = and(eq(resources.type, 'tokens'), eq(resources.scope, ''), eq(resources.name, BOOTSTRAP_TOKEN_NAME))
  const read = async () =>
    (await ctx.db.select({ hash: resources.secretHash, data: resources.data }).from(resources).where(where).limit(1))[0]
  let found = await read()
  if (!found) {
    await create(ctx, 'tokens', '', {
      name: BOOTSTRAP_TOKEN_NAME,
      display_name: 'Bootstrap admin token',
      owner: DEMO_USERS.admin,
      permissions: ['wadp.*.*'],
      expires_at: new Date(ctx.now() + TOKEN_LIFETIME_DAYS.max * 86_400_000).toISOString(),
    })
    found = await read()
  }
  const refused = refusal(ctx, found?.data)
  if (refused) return { refused }
  const hash = hashSecret(secret)
  if (found?.hash === hash) return { token: secret }
  const expiresAt = new Date(ctx.now() + TOKEN_LIFETIME_DAYS.max * 86_400_000).toISOString()
  const rotated = await ctx.db.transaction(async (tx) => {
    // Only an active token takes the new secret: one revoked meanwhile (by another process) stays so.
    const rows = await tx
      .update(resources)
      .set({
        secretHash: hash,
        data: sql`${resources.data} || ${JSON.stringify({ prefix: secret.slice(0, 6), expires_at: expiresAt })}::jsonb`,
        revision: sql`${resources.revision} + 1`,
        updatedAt: sql`now()`,
        updatedBy: 'system',
      })
      .where(and(where, sql`${resources.data}->>'status' = 'active'`))
      .returning({ id: resources.id })
    if (rows.length === 0) return false
    await ctx.generations.bump(tx as Db, [cacheGroup('tokens', '')])
    await recordAudit(tx as Db, {
      actor: SYSTEM.actor,
      action: 'tokens.rotate',
      result: 'success',
      resource: { type: 'tokens', name: BOOTSTRAP_TOKEN_NAME },
    })
    return true
  })
  if (!rotated) return { refused: refusal(ctx, (await read())?.data) ?? 'revoked' }
  ctx.auth.invalidate()
  return { token: secret }
}

/** Why a stored token may not be used again: revoked for good, or expired (by its status or its date). */
function refusal(ctx: ServerContext, data: unknown): 'revoked' | 'expired' | null {
  const token = (data ?? {}) as { status?: unknown; expires_at?: unknown }
  if (token.status === 'revoked') return 'revoked'
  if (token.status === 'expired' || !(Date.parse(String(token.expires_at)) > ctx.now())) return 'expired'
  return null
}
