/**
 * Development OpenID Connect provider for the console, built on oidc-provider and mounted under the
 * issuer's path (e.g. /oidc) of our own Node http server.
 *
 * Storage: the `adapter` given (the server passes one backed by its database, so sessions, grants and
 * codes survive restarts), else oidc-provider's in-memory adapter (tests). Signing and cookie keys
 * persist through `keyStore`, so access tokens issued before a restart keep verifying.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  jwtVerify,
} from 'jose'
import Provider, {
  type Account,
  type AdapterFactory,
  type Configuration,
  errors,
  type Interaction,
  interactionPolicy,
  type UnknownObject,
} from 'oidc-provider'
import { requestOriginOf } from '../base/client-address.ts'
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable } from '../db/client.ts'
import {
  renderLoginPage,
  renderLogoutPage,
  renderMessagePage,
  STYLE_SOURCE,
  tooManySignIns,
  WRONG_CREDENTIALS,
} from './login-page.ts'
import { looksLikeJwt } from './verify.ts'

export type OidcAccount = { email: string; first_name: string; last_name: string; groups: string[] }
export type OidcKeyStore = {
  get(key: string): Promise<unknown | null>
  set(key: string, value: unknown): Promise<void>
}
export type OidcOptions = {
  /** Absolute, ends with the mount path, e.g. http://127.0.0.1:8080/oidc */
  issuer: string
  /** The console: a public client (token_endpoint_auth_method 'none'), PKCE S256 required. */
  clientId: string
  redirectUris: string[]
  postLogoutRedirectUris: string[]
  /** `aud` of issued access tokens, e.g. 'urn:wadp:api' */
  audience: string
  /** Default 3600. */
  accessTokenTtlSeconds?: number
  findAccount(email: string): Promise<OidcAccount | null>
  verifyPassword(email: string, password: string): Promise<boolean>
  /** Persists the private signing JWKS and the cookie keys across restarts. */
  keyStore: OidcKeyStore
  /** Where oidc-provider keeps its state; its in-memory default when absent. */
  adapter?: AdapterFactory
  /**
   * Failed sign-ins limited per address, as the API's own (server/auth/sign-in-limit.ts): `counted` counts
   * an attempt whose password was checked, and records it when it failed (`failure`), in one step per
   * address; it says how long an address past the limit must wait (null within it). Without it (tests of
   * the provider alone), nothing is limited or recorded.
   */
  signIns?: {
    counted(ip: string, failure: { email: string; ip: string; userAgent: string } | null): Promise<number | null>
  }
  /** How far X-Forwarded-For is believed for the caller's address (`WADP_TRUSTED_PROXIES`). */
  trustedProxies?: number
}
export type OidcProvider = {
  issuer: string
  /** Node request handler for every request whose path starts with the issuer's path (/oidc...). */
  handle(req: IncomingMessage, res: ServerResponse): void
  /** Public JWKS (no private members) that access tokens are signed with. */
  jwks: JSONWebKeySet
}

const SIGNING_KEYS_KEY = 'oidc:signing-jwks'
const COOKIE_KEYS_KEY = 'oidc:cookie-keys'
const SIGNING_ALG = 'RS256'
const USERINFO_ROUTE = '/me'
const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]+)$/
const MAX_FORM_BYTES = 16 * 1024
/** The most of a typed e-mail address a failed sign-in's audit entry keeps (an address is at most 254). */
const EMAIL_KEPT = 254

// `groups` rides on the profile scope so the console gets it with the standard `openid profile email`.
const SCOPE_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name', 'groups'],
} as const satisfies Record<string, readonly string[]>
const SCOPES = Object.keys(SCOPE_CLAIMS)
const RESOURCE_SCOPE = 'openid profile email'

export async function createOidcProvider(options: OidcOptions): Promise<OidcProvider> {
  const { issuer, clientId, audience, keyStore } = options
  const accessTokenTtl = options.accessTokenTtlSeconds ?? 3600
  const mountPath = new URL(issuer).pathname.replace(/\/+$/, '')

  const privateJwks = await loadOrCreateSigningKeys(keyStore)
  const publicJwks: JSONWebKeySet = { keys: privateJwks.keys.map(toPublicJwk) }
  const cookieKeys = await loadOrCreateCookieKeys(keyStore)

  async function findAccountClaims(email: string): Promise<Record<string, unknown> | null> {
    const account = await options.findAccount(email)
    if (!account) return null
    return {
      sub: account.email,
      email: account.email,
      email_verified: true,
      given_name: account.first_name,
      family_name: account.last_name,
      name: [account.first_name, account.last_name].filter(Boolean).join(' ') || account.email,
      groups: account.groups,
    }
  }

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
      },
    ],
    jwks: { keys: privateJwks.keys },
    // Cookies inherit `secure` from the request (ctx.secure), so they also work over plain http on 127.0.0.1.
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    // Only the code flow: keeps implicit/hybrid out of discovery and out of reach.
    responseTypes: ['code'],
    scopes: SCOPES,
    claims: { acr: null, sid: null, auth_time: null, iss: null, ...toMutableClaims(SCOPE_CLAIMS) },
    pkce: { required: () => true },
    routes: { userinfo: USERINFO_ROUTE },
    async findAccount(_ctx, sub): Promise<Account | undefined> {
      const claims = await findAccountClaims(sub)
      if (!claims) return undefined
      return { accountId: sub, claims: () => ({ ...claims, sub }) }
    },
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined
      const account = await options.findAccount(token.accountId)
      return account ? { email: account.email, groups: account.groups } : undefined
    },
    features: {
      // devInteractions accept any login without a password; we serve our own login page instead.
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html'
          ctx.body = renderLogoutPage({ form, host: ctx.host })
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html'
          ctx.body = renderMessagePage('Signed out', 'You have been signed out of the WADP console.')
        },
      },
      resourceIndicators: {
        enabled: true,
        // The console never sends `resource`; defaulting it is what makes every access token a JWT for the API.
        defaultResource: (_ctx, _client, oneOf) => (oneOf ? (oneOf.includes(audience) ? audience : oneOf) : audience),
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget()
          return { scope: RESOURCE_SCOPE, audience, accessTokenFormat: 'jwt', accessTokenTTL: accessTokenTtl }
        },
      },
    },
    // Explicit TTLs also keep oidc-provider from printing "you SHOULD change" notices for each default.
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 24 * 3600,
      Grant: 24 * 3600,
    },
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    interactions: {
      policy: signInAgainWhenAccountGone(),
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    renderError(ctx, out) {
      ctx.type = 'html'
      const description = typeof out.error_description === 'string' ? out.error_description : out.error
      ctx.body = renderMessagePage('Sign-in error', description)
    },
  }

  const provider = new Provider(
    issuer,
    options.adapter ? { ...configuration, adapter: options.adapter } : configuration,
  )
  const providerCallback = provider.callback()
  const verifyKeys = createLocalJWKSet(publicJwks)

  async function handleInteraction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    let interaction: Interaction
    try {
      interaction = await provider.interactionDetails(req, res)
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return sendExpired(res)
      throw error
    }
    // The cookie names the interaction in progress; a URL for another one is a stale tab or a forgery.
    if (interaction.uid !== uid) return sendExpired(res)
    const action = `${mountPath}/interaction/${uid}`

    if (interaction.prompt.name === 'login') {
      if (req.method === 'GET') {
        const hint = interaction.params.login_hint
        return sendHtml(res, 200, renderLoginPage({ action, email: typeof hint === 'string' ? hint : '' }))
      }
      if (req.method !== 'POST') return sendMethodNotAllowed(res, 'GET, POST')
      const form = await readForm(req)
      if (!form) return sendHtml(res, 400, renderMessagePage('Bad request', 'The form could not be read.'))
      const email = (form.get('email') ?? '').trim()
      const password = form.get('password') ?? ''
      const origin = requestOriginOf(
        { forwardedFor: header(req, 'x-forwarded-for'), userAgent: header(req, 'user-agent') },
        req.socket.remoteAddress,
        options.trustedProxies ?? 0,
      )
      const account =
        email && password && (await options.verifyPassword(email, password)) ? await options.findAccount(email) : null
      // Past the limit the answer says nothing of the password: a guessed one is as refused as a wrong one.
      // Counted only once checked, with its failure recorded in the same step, so guesses sent at once (to
      // one process or several) cannot all pass a count that none of them has added to yet.
      const wait = await options.signIns?.counted(
        origin.ip,
        account ? null : { email: email.slice(0, EMAIL_KEPT), ...origin },
      )
      if (wait) {
        res.setHeader('Retry-After', String(wait))
        return sendHtml(res, 429, renderLoginPage({ action, email, error: tooManySignIns(wait) }))
      }
      if (!account) return sendHtml(res, 200, renderLoginPage({ action, email, error: WRONG_CREDENTIALS }))
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.email } },
        { mergeWithLastSubmission: false },
      )
    }

    if (interaction.prompt.name === 'consent') {
      if (req.method !== 'GET' && req.method !== 'POST') return sendMethodNotAllowed(res, 'GET, POST')
      // First-party client: grant whatever it asked for, no consent screen.
      const accountId = interaction.session?.accountId
      if (interaction.params.client_id !== clientId || !accountId) return sendExpired(res)
      const grantId = await autoGrant(interaction, accountId)
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
    }

    return sendHtml(res, 501, renderMessagePage('Not supported', 'This sign-in step is not supported.'))
  }

  async function autoGrant(interaction: Interaction, accountId: string): Promise<string> {
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined
    const grant = existing ?? new provider.Grant({ accountId, clientId })
    const details = interaction.prompt.details
    const missingScope = stringArray(details.missingOIDCScope)
    if (missingScope.length) grant.addOIDCScope(missingScope)
    const missingClaims = stringArray(details.missingOIDCClaims)
    if (missingClaims.length) grant.addOIDCClaims(missingClaims)
    const missingResourceScopes = details.missingResourceScopes
    if (isRecord(missingResourceScopes)) {
      for (const [indicator, scopes] of Object.entries(missingResourceScopes)) {
        grant.addResourceScope(indicator, stringArray(scopes))
      }
    }
    return grant.save()
  }

  /**
   * oidc-provider refuses access tokens that carry an `aud` at its userinfo endpoint, and ours always carry
   * the API audience (see resourceIndicators). So userinfo is answered here for our own JWT access tokens.
   */
  async function handleUserinfo(res: ServerResponse, token: string): Promise<void> {
    let payload: UnknownObject
    try {
      ;({ payload } = await jwtVerify(token, verifyKeys, { issuer, audience, requiredClaims: ['exp', 'sub'] }))
    } catch {
      return sendBearerError(res, 401, 'invalid_token', 'invalid access token')
    }
    const scopes = new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : [])
    if (!scopes.has('openid'))
      return sendBearerError(res, 403, 'insufficient_scope', 'access token missing openid scope')
    const claims = typeof payload.sub === 'string' ? await findAccountClaims(payload.sub) : null
    if (!claims) return sendBearerError(res, 401, 'invalid_token', 'account not found')
    const allowed = new Set<string>()
    for (const [scope, names] of Object.entries(SCOPE_CLAIMS)) {
      if (scopes.has(scope)) for (const name of names) allowed.add(name)
    }
    const body = Object.fromEntries(Object.entries(claims).filter(([name]) => allowed.has(name)))
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(JSON.stringify(body))
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/'
    const pathEnd = url.search(/[?#]/)
    const pathname = pathEnd === -1 ? url : url.slice(0, pathEnd)
    if (pathname !== mountPath && !pathname.startsWith(`${mountPath}/`)) {
      return sendHtml(res, 404, renderMessagePage('Not found', 'There is nothing here.'))
    }
    const innerPath = pathname.slice(mountPath.length) || '/'

    const interaction = INTERACTION_PATH.exec(innerPath)
    if (interaction?.[1]) return handleInteraction(req, res, interaction[1])

    if (innerPath === USERINFO_ROUTE && (req.method === 'GET' || req.method === 'POST')) {
      const token = bearerToken(req)
      if (token && looksLikeJwt(token)) return handleUserinfo(res, token)
    }

    // oidc-provider routes relative to its mount point and derives the mount path (for the URLs it
    // generates) from req.originalUrl minus req.url, the way Express/Koa mounting leaves them.
    const rest = url.slice(mountPath.length)
    Object.assign(req, { originalUrl: url })
    req.url = rest.startsWith('/') ? rest : `/${rest}`
    return providerCallback(req, res)
  }

  return {
    issuer,
    jwks: publicJwks,
    handle(req, res) {
      route(req, res).catch((error: unknown) => {
        console.error('oidc: request failed', error)
        if (res.headersSent) {
          res.destroy()
          return
        }
        // The database away for a moment (issue 25): the page says so, and the browser may come back.
        if (databaseUnavailable(error)) {
          res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
          sendHtml(
            res,
            503,
            renderMessagePage('Unavailable', 'The platform is unavailable for a moment. Try again shortly.'),
          )
          return
        }
        sendHtml(res, 500, renderMessagePage('Server error', 'Something went wrong. Please try again.'))
      })
    },
  }
}

/**
 * oidc-provider's prompts, with one more reason to ask for the login form: the provider's session names
 * an account `findAccount` no longer gives (a user disabled or deleted since they signed in, on this
 * process or another). oidc-provider takes the session for signed in, and its consent check then read a
 * grant that such an account has none of: the sign-in page said "oops! something went wrong" (a 500).
 * Now the user is asked to sign in, and the form refuses a disabled user as any wrong password.
 */
function signInAgainWhenAccountGone() {
  const { base, Check } = interactionPolicy
  const prompts = base()
  prompts
    .get('login')
    ?.checks.add(
      new Check('account_gone', 'The signed-in account is no longer available', (ctx) =>
        ctx.oidc.session?.accountId && !ctx.oidc.account ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT,
      ),
      0,
    )
  return prompts
}

async function loadOrCreateSigningKeys(keyStore: OidcKeyStore): Promise<{ keys: JWK[] }> {
  const stored = await keyStore.get(SIGNING_KEYS_KEY)
  if (stored !== null && stored !== undefined) {
    // Refuse rather than regenerate: silently replacing keys would invalidate every issued token.
    if (!isRecord(stored) || !Array.isArray(stored.keys) || !stored.keys.every(isPrivateSigningJwk)) {
      throw new Error(`oidc: the stored value under "${SIGNING_KEYS_KEY}" is not a private signing JWKS`)
    }
    return { keys: stored.keys }
  }
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true })
  const jwk = await exportJWK(privateKey)
  const keys = [{ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALG, use: 'sig' }]
  await keyStore.set(SIGNING_KEYS_KEY, { keys })
  return { keys }
}

async function loadOrCreateCookieKeys(keyStore: OidcKeyStore): Promise<string[]> {
  const stored = await keyStore.get(COOKIE_KEYS_KEY)
  if (stored !== null && stored !== undefined) {
    if (!Array.isArray(stored) || stored.length === 0 || !stored.every((key) => typeof key === 'string' && key)) {
      throw new Error(`oidc: the stored value under "${COOKIE_KEYS_KEY}" is not a list of cookie keys`)
    }
    return stored
  }
  const keys = [randomBytes(32).toString('base64url')]
  await keyStore.set(COOKIE_KEYS_KEY, keys)
  return keys
}

function isPrivateSigningJwk(value: unknown): value is JWK {
  return (
    isRecord(value) &&
    typeof value.kid === 'string' &&
    typeof value.d === 'string' &&
    (value.kty === 'RSA' || value.kty === 'EC' || value.kty === 'OKP')
  )
}

const PUBLIC_MEMBERS: Record<string, readonly string[]> = {
  RSA: ['kty', 'n', 'e'],
  EC: ['kty', 'crv', 'x', 'y'],
  OKP: ['kty', 'crv', 'x'],
}

function toPublicJwk(jwk: JWK): JWK {
  const members = [...(PUBLIC_MEMBERS[jwk.kty ?? ''] ?? []), 'kid', 'alg', 'use']
  const entries = Object.entries(jwk).filter(([name]) => members.includes(name))
  return Object.fromEntries(entries)
}

function toMutableClaims(claims: Record<string, readonly string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(claims).map(([scope, names]) => [scope, [...names]]))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/** A request header's value; of a repeated one, the first. */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')
  return match?.[1]
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') {
    req.resume()
    return null
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += buffer.length
    if (size > MAX_FORM_BYTES) return null
    chunks.push(buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Frame-Options': 'DENY',
    // The pages' one inline style by its hash; nothing else may load or run, the form posts only here.
    'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_SOURCE}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  })
  res.end(html)
}

function sendExpired(res: ServerResponse): void {
  sendHtml(
    res,
    400,
    renderMessagePage('Sign-in expired', 'This sign-in request has expired. Go back to the console and sign in again.'),
  )
}

function sendMethodNotAllowed(res: ServerResponse, allow: string): void {
  res.setHeader('Allow', allow)
  sendHtml(res, 405, renderMessagePage('Method not allowed', 'This page cannot be used that way.'))
}

function sendBearerError(res: ServerResponse, status: number, error: string, description: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'WWW-Authenticate': `Bearer realm="oidc", error="${error}", error_description="${description}"`,
  })
  res.end(JSON.stringify({ error, error_description: description }))
}
