import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeProtectedHeader, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createOidcProvider,
  type OidcAccount,
  type OidcKeyStore,
  type OidcProvider,
} from '../../server/oidc/provider.ts'
import { AccessTokenError, createAccessTokenVerifier, looksLikeJwt } from '../../server/oidc/verify.ts'
import { Browser, formAction, pkcePair } from './oidc-browser.ts'

const CLIENT_ID = 'wadp-console'
const AUDIENCE = 'urn:wadp:api'

const ACCOUNTS: Record<string, OidcAccount & { password: string }> = {
  'alice@example.com': {
    email: 'alice@example.com',
    first_name: 'Alice',
    last_name: 'Admin',
    groups: ['admins', 'operators'],
    password: 'correct horse',
  },
  'bob@example.com': {
    email: 'bob@example.com',
    first_name: 'Bob',
    last_name: 'Viewer',
    groups: ['viewers'],
    password: 'battery staple',
  },
}

function memoryKeyStore(): OidcKeyStore & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>()
  return {
    values,
    async get(key) {
      // A JSON round trip, like a database column would do, so nothing relies on object identity.
      return values.has(key) ? JSON.parse(JSON.stringify(values.get(key))) : null
    },
    async set(key, value) {
      values.set(key, value)
    },
  }
}

describe('development OIDC provider', () => {
  let server: Server
  let origin: string
  let issuer: string
  let redirectUri: string
  let postLogoutRedirectUri: string
  let keyStore: ReturnType<typeof memoryKeyStore>
  let provider: OidcProvider

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/oidc' || req.url?.startsWith('/oidc/') || req.url?.startsWith('/oidc?')) {
        provider.handle(req, res)
        return
      }
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    origin = `http://127.0.0.1:${port}`
    issuer = `${origin}/oidc`
    redirectUri = `${origin}/auth/callback`
    postLogoutRedirectUri = `${origin}/`
    keyStore = memoryKeyStore()
    provider = await createOidcProvider({
      issuer,
      clientId: CLIENT_ID,
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [postLogoutRedirectUri],
      audience: AUDIENCE,
      accessTokenTtlSeconds: 600,
      keyStore,
      async findAccount(email) {
        const account = ACCOUNTS[email]
        if (!account) return null
        const { password: _password, ...rest } = account
        return rest
      },
      async verifyPassword(email, password) {
        return ACCOUNTS[email]?.password === password
      },
    })
  })

  afterAll(async () => {
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
  })

  function authorizationUrl(challenge: string, extra: Record<string, string> = {}): URL {
    const url = new URL(`${issuer}/auth`)
    url.search = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: redirectUri,
      state: 'state-123',
      nonce: 'nonce-456',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    }).toString()
    return url
  }

  async function exchangeCode(code: string, verifier: string): Promise<Response> {
    return fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: CLIENT_ID,
        code_verifier: verifier,
      }),
    })
  }

  /** Runs /auth → login form → sign-in, and returns the browser and the callback URL. */
  async function signIn(email: string, password: string, verifier: string, challenge: string) {
    const browser = new Browser()
    const start = await browser.follow(await browser.request(authorizationUrl(challenge)), origin, redirectUri)
    const loginPage = await start.response.text()
    const submitted = await browser.request(new URL(formAction(loginPage), origin), { form: { email, password } })
    const done = await browser.follow(submitted, origin, redirectUri)
    if (!done.location) throw new Error(`sign-in did not reach the redirect URI: ${done.response.status}`)
    const code = done.location.searchParams.get('code')
    if (!code) throw new Error(`no code in ${done.location.href}`)
    const token = await exchangeCode(code, verifier)
    return { browser, callback: done.location, token }
  }

  it('publishes a discovery document whose endpoints all live under the issuer path', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`)
    expect(response.status).toBe(200)
    const discovery = (await response.json()) as Record<string, unknown>
    expect(discovery.issuer).toBe(issuer)
    for (const name of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
      'end_session_endpoint',
    ]) {
      expect(discovery[name], name).toMatch(new RegExp(`^${issuer}/`))
    }
    expect(discovery.code_challenge_methods_supported).toEqual(['S256'])
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']))
  })

  it('answers paths outside its mount point with 404', async () => {
    const response = await fetch(`${origin}/auth/callback`)
    expect(response.status).toBe(404)
  })

  it('refuses an authorization request without a PKCE challenge', async () => {
    const url = authorizationUrl('')
    url.searchParams.delete('code_challenge')
    url.searchParams.delete('code_challenge_method')
    const response = await fetch(url, { redirect: 'manual' })
    const location = new URL(response.headers.get('location') ?? '', origin)
    expect(location.href.startsWith(redirectUri)).toBe(true)
    expect(location.searchParams.get('error')).toBe('invalid_request')
  })

  it('shows our login form, rejects a wrong password while keeping the (escaped) e-mail', async () => {
    const { challenge } = pkcePair()
    const browser = new Browser()
    const start = await browser.request(authorizationUrl(challenge))
    expect(start.status).toBe(303)
    const interaction = new URL(start.headers.get('location') ?? '', origin)
    expect(interaction.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/)

    const page = await browser.request(interaction)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<title>Sign in to WADP console</title>')
    expect(html).toMatch(/<label for="email">Email<\/label>/)
    expect(html).toMatch(/<label for="password">Password<\/label>/)
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/)
    expect(html).not.toContain('Wrong e-mail or password.')

    const action = new URL(formAction(html), origin)
    const wrong = await browser.request(action, { form: { email: 'alice@example.com', password: 'nope' } })
    expect(wrong.status).toBe(200)
    const wrongHtml = await wrong.text()
    expect(wrongHtml).toContain('Wrong e-mail or password.')
    expect(wrongHtml).toContain('value="alice@example.com"')

    const hostile = '"><script>alert(1)</script>'
    const escaped = await browser.request(action, { form: { email: hostile, password: 'x' } })
    const escapedHtml = await escaped.text()
    expect(escapedHtml).toContain('Wrong e-mail or password.')
    expect(escapedHtml).not.toContain('<script>')
    expect(escapedHtml).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
  })

  it('styles its pages like the console with the one inline style its policy allows, dark mode and focus included', async () => {
    const { challenge } = pkcePair()
    const browser = new Browser()
    const start = await browser.request(authorizationUrl(challenge))
    const page = await browser.request(new URL(start.headers.get('location') ?? '', origin))
    const html = await page.text()
    const policy = page.headers.get('content-security-policy') ?? ''
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '')
    expect(styles).toHaveLength(1)
    const style = styles[0] ?? ''
    // The browser applies the style only if the policy names its hash; nothing else inline is allowed.
    const hash = createHash('sha256').update(style).digest('base64')
    expect(policy).toContain(`style-src 'sha256-${hash}';`)
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).toMatch(/default-src 'none'/)
    expect(policy).toMatch(/frame-ancestors 'none'/)
    expect(html).not.toMatch(/ style=/)
    // The console's font stack, colours (slate page, teal button), card, dark colours and focus ring.
    expect(style).toContain('font-family: ui-sans-serif, system-ui, sans-serif')
    expect(style).toMatch(/--accent: #0f766e/)
    expect(style).toMatch(/@media \(prefers-color-scheme: dark\)/)
    expect(style).toMatch(/:focus-visible \{ outline: 2px solid/)
    expect(html).toMatch(/<label for="email">Email<\/label>\n<input id="email"/)
    expect(html).toMatch(/<label for="password">Password<\/label>\n<input id="password"/)

    const wrong = await browser.request(new URL(formAction(html), origin), {
      form: { email: 'alice@example.com', password: 'nope' },
    })
    expect(wrong.headers.get('content-security-policy')).toBe(policy)
    expect(await wrong.text()).toMatch(
      /<p class="error" id="login-error" role="alert">Wrong e-mail or password.<\/p>[\s\S]*aria-describedby="login-error" aria-invalid="true"/,
    )
  })

  it('refuses to show a login form without the interaction cookie', async () => {
    const { challenge } = pkcePair()
    const start = await fetch(authorizationUrl(challenge), { redirect: 'manual' })
    const interaction = new URL(start.headers.get('location') ?? '', origin)
    const response = await fetch(interaction)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Sign-in expired')
  })

  it('signs in with code + PKCE and, without a resource parameter, gets a JWT access token the API accepts', async () => {
    const { verifier, challenge } = pkcePair()
    const { callback, token } = await signIn('alice@example.com', 'correct horse', verifier, challenge)
    expect(callback.searchParams.get('state')).toBe('state-123')
    expect(callback.searchParams.get('iss')).toBe(issuer)

    expect(token.status).toBe(200)
    const tokens = (await token.json()) as Record<string, unknown>
    expect(tokens.token_type).toBe('Bearer')
    expect(tokens.expires_in).toBe(600)
    const accessToken = String(tokens.access_token)
    expect(looksLikeJwt(accessToken)).toBe(true)
    expect(decodeProtectedHeader(accessToken).typ).toBe('at+jwt')

    const verify = createAccessTokenVerifier({ issuer, audience: AUDIENCE, jwks: provider.jwks })
    const verified = await verify(accessToken)
    expect(verified.email).toBe('alice@example.com')
    expect(verified.groups).toEqual(['admins', 'operators'])
    expect(verified.expiresAt.getTime()).toBeGreaterThan(Date.now() + 590_000)
    expect(verified.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 600_000)

    // The same token through the published jwks_uri, as an API in front of an external issuer would do it.
    const remote = createAccessTokenVerifier({ issuer, audience: AUDIENCE, jwksUri: `${issuer}/jwks` })
    expect((await remote(accessToken)).email).toBe('alice@example.com')

    const idToken = String(tokens.id_token)
    const idClaims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'))
    expect(idClaims).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      sub: 'alice@example.com',
      nonce: 'nonce-456',
      email: 'alice@example.com',
      given_name: 'Alice',
      family_name: 'Admin',
    })

    const userinfo = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } })
    expect(userinfo.status).toBe(200)
    expect(await userinfo.json()).toEqual({
      sub: 'alice@example.com',
      email: 'alice@example.com',
      email_verified: true,
      given_name: 'Alice',
      family_name: 'Admin',
      name: 'Alice Admin',
      groups: ['admins', 'operators'],
    })
  })

  it('rejects a code exchange with the wrong PKCE verifier', async () => {
    const { challenge } = pkcePair()
    const { verifier: otherVerifier } = pkcePair()
    const { token } = await signIn('bob@example.com', 'battery staple', otherVerifier, challenge)
    expect(token.status).toBe(400)
    expect(await token.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('refuses userinfo for a token it did not issue', async () => {
    const response = await fetch(`${issuer}/me`, { headers: { authorization: 'Bearer aaa.bbb.ccc' } })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toContain('invalid_token')
  })

  it('keeps the session and signs the user out through RP-initiated logout', async () => {
    const { verifier, challenge } = pkcePair()
    const { browser, token } = await signIn('bob@example.com', 'battery staple', verifier, challenge)
    const { id_token: idToken } = (await token.json()) as { id_token: string }

    // Signed in already: a second authorization request goes straight back with a code, no login form.
    const again = pkcePair()
    const silent = await browser.follow(await browser.request(authorizationUrl(again.challenge)), origin, redirectUri)
    expect(silent.location?.searchParams.get('code')).toBeTruthy()

    const endSession = new URL(`${issuer}/session/end`)
    endSession.search = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: postLogoutRedirectUri,
      client_id: CLIENT_ID,
    }).toString()
    const confirm = await browser.request(endSession)
    expect(confirm.status).toBe(200)
    const html = await confirm.text()
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1]
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1]
    expect(xsrf).toBeTruthy()
    expect(action).toBe(`${issuer}/session/end/confirm`)

    const loggedOut = await browser.request(action ?? '', { form: { xsrf: xsrf ?? '', logout: 'yes' } })
    expect(loggedOut.status).toBe(303)
    expect(loggedOut.headers.get('location')).toBe(postLogoutRedirectUri)

    // Signed out: the next authorization request asks for the password again.
    const after = await browser.request(authorizationUrl(pkcePair().challenge))
    expect(new URL(after.headers.get('location') ?? '', origin).pathname).toMatch(/^\/oidc\/interaction\//)
  })

  it('keeps its signing and cookie keys in the key store, so a restarted provider publishes the same JWKS', async () => {
    expect(keyStore.values.size).toBe(2)
    for (const key of provider.jwks.keys) {
      expect(key.kid).toBeTruthy()
      for (const privateMember of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(privateMember)
    }
    const restarted = await createOidcProvider({
      issuer,
      clientId: CLIENT_ID,
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [],
      audience: AUDIENCE,
      keyStore,
      findAccount: async () => null,
      verifyPassword: async () => false,
    })
    expect(restarted.jwks).toEqual(provider.jwks)
    expect(keyStore.values.size).toBe(2)
  })

  it('refuses a key store value that is not a private JWKS instead of replacing the keys', async () => {
    const broken = memoryKeyStore()
    await broken.set('oidc:signing-jwks', { keys: [{ kty: 'RSA', n: 'x', e: 'AQAB' }] })
    await expect(
      createOidcProvider({
        issuer,
        clientId: CLIENT_ID,
        redirectUris: [redirectUri],
        postLogoutRedirectUris: [],
        audience: AUDIENCE,
        keyStore: broken,
        findAccount: async () => null,
        verifyPassword: async () => false,
      }),
    ).rejects.toThrow(/not a private signing JWKS/)
  })
})

describe('access token verifier', () => {
  const issuer = 'http://127.0.0.1:9/oidc'
  let privateKey: CryptoKey
  let ownJwks: { keys: JWK[] }

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256')
    privateKey = pair.privateKey
    ownJwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' }] }
  })

  function sign(
    claims: { aud?: string; iss?: string; exp?: number | string; email_verified?: boolean } = {},
    key: CryptoKey = privateKey,
  ) {
    const verified = 'email_verified' in claims ? { email_verified: claims.email_verified } : {}
    return new SignJWT({ email: 'alice@example.com', groups: ['admins', 42], ...verified })
      .setProtectedHeader({ alg: 'ES256', kid: 'test-key', typ: 'at+jwt' })
      .setSubject('alice@example.com')
      .setIssuer(claims.iss ?? issuer)
      .setAudience(claims.aud ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? '5m')
      .sign(key)
  }

  async function rejection(promise: Promise<unknown>): Promise<AccessTokenError> {
    try {
      await promise
    } catch (error) {
      if (error instanceof AccessTokenError) return error
      throw error
    }
    throw new Error('expected the token to be rejected')
  }

  it('accepts a well-formed token and keeps only string groups', async () => {
    const verify = createAccessTokenVerifier({ issuer, audience: AUDIENCE, jwks: ownJwks })
    const verified = await verify(await sign())
    expect(verified).toMatchObject({ email: 'alice@example.com', groups: ['admins'] })
    expect(verified.expiresAt).toBeInstanceOf(Date)
  })

  it('rejects a token whose issuer says its e-mail is not verified, and takes one that says nothing of it', async () => {
    // The e-mail names the user (and so their roles): an issuer that lets anyone claim an address it has
    // not verified must not sign them in as that address's owner.
    const verify = createAccessTokenVerifier({ issuer, audience: AUDIENCE, jwks: ownJwks })
    const error = await rejection(verify(await sign({ email_verified: false })))
    expect(error.message).toBe('invalid token')
    expect(error.expired).toBe(false)
    expect((await verify(await sign({ email_verified: true }))).email).toBe('alice@example.com')
  })

  it('rejects a token signed by another key as invalid, not expired', async () => {
    const other = await generateKeyPair('ES256')
    const verify = createAccessTokenVerifier({ issuer, audience: AUDIENCE, jwks: ownJwks })
    const error = await rejection(verify(await sign({}, other.privateKey)))
    expect(error.message).toBe('invalid token')
    expect(error.expired).toBe(false)
  })

  it('rejects a token for another audience or from another issuer as invalid', async () => {
    const verify = createAccessTokenVerifier({ issuer, audience: AUDIENCE, jwks: ownJwks })
    for (const token of [await sign({ aud: 'urn:other:api' }), await sign({ iss: 'http://evil.example/oidc' })]) {
      const error = await rejection(verify(token))
      expect(error.message).toBe('invalid token')
      expect(error.expired).toBe(false)
    }
  })

  it('reports an expired token as expired', async () => {
    const verify = createAccessTokenVerifier({ issuer, audience: AUDIENCE, jwks: ownJwks })
    const error = await rejection(verify(await sign({ exp: Math.floor(Date.now() / 1000) - 60 })))
    expect(error.message).toBe('token expired')
    expect(error.expired).toBe(true)
  })

  it('rejects garbage as invalid', async () => {
    const verify = createAccessTokenVerifier({ issuer, audience: AUDIENCE, jwks: ownJwks })
    const error = await rejection(verify('not-a-token'))
    expect(error.expired).toBe(false)
  })

  it('tells JWTs apart from opaque tokens', () => {
    expect(looksLikeJwt('eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')).toBe(true)
    expect(looksLikeJwt('opaque-token_value')).toBe(false)
    expect(looksLikeJwt('a.b')).toBe(false)
    expect(looksLikeJwt('a.b.')).toBe(false)
    expect(looksLikeJwt('a.b.c d')).toBe(false)
  })
})
