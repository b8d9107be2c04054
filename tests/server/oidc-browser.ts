import { createHash, randomBytes } from 'node:crypto'

/** Just enough of a browser to walk an OpenID Connect sign-in by hand over real HTTP. */
type Cookie = { name: string; value: string; path: string }

/** Just enough of a browser cookie jar: name + path, path matching, deletion by expiry. */
class CookieJar {
  private cookies = new Map<string, Cookie>()

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim())
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator)
      const value = pair.slice(separator + 1)
      let path = '/'
      let expired = value === ''
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=')
        if (key.toLowerCase() === 'path') path = attributeValue
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true
      }
      const id = `${name};${path}`
      if (expired) this.cookies.delete(id)
      else this.cookies.set(id, { name, value, path })
    }
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter((cookie) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.replace(/\/?$/, '/')))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ')
  }
}

export class Browser {
  readonly jar = new CookieJar()

  /** `headers` go with every request (an X-Forwarded-For, to be another address). */
  constructor(private readonly headers: Record<string, string> = {}) {}

  async request(url: string | URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url)
    const headers: Record<string, string> = { ...this.headers, cookie: this.jar.header(target) }
    let body: string | undefined
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(init.form).toString()
    }
    const response = await fetch(target, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    })
    this.jar.store(response)
    return response
  }

  /** Follows redirects by hand until one leaves the provider (e.g. to the console's redirect URI). */
  async follow(response: Response, base: string, stopAt: string): Promise<{ response: Response; location?: URL }> {
    let current = response
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get('location')
      if (current.status < 300 || current.status >= 400 || !location) return { response: current }
      const next = new URL(location, base)
      if (next.href.startsWith(stopAt)) return { response: current, location: next }
      await current.arrayBuffer()
      current = await this.request(next)
    }
    throw new Error('too many redirects')
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export function formAction(html: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(html)
  if (!match?.[1]) throw new Error(`no login form in:\n${html}`)
  return match[1].replaceAll('&amp;', '&')
}

/**
 * Opens the built-in provider's login form at `baseUrl` as the console's authorization request does
 * (authorization code with PKCE); returns the form's action and the PKCE verifier.
 */
export async function openLoginForm(browser: Browser, baseUrl: string): Promise<{ action: URL; verifier: string }> {
  const { verifier, challenge } = pkcePair()
  const authorize = new URL(`${baseUrl}/oidc/auth`)
  authorize.search = new URLSearchParams({
    client_id: 'wadp-console',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: `${baseUrl}/auth/callback`,
    state: 's',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString()
  const loginPage = await browser.follow(await browser.request(authorize), baseUrl, `${baseUrl}/auth/callback`)
  return { action: new URL(formAction(await loginPage.response.text()), baseUrl), verifier }
}

/**
 * The first half of an OpenID Connect sign-in through the built-in provider at `baseUrl`, as the console
 * does it (authorization code with PKCE, the provider's login form): the code and its PKCE verifier.
 */
export async function oidcCode(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ code: string; verifier: string }> {
  const browser = new Browser()
  const { action, verifier } = await openLoginForm(browser, baseUrl)
  const submitted = await browser.request(action, { form: { email, password } })
  const { location, response } = await browser.follow(submitted, baseUrl, `${baseUrl}/auth/callback`)
  const code = location?.searchParams.get('code')
  if (!code) throw new Error(`no code for ${email}: ${await response.text()}`)
  return { code, verifier }
}

/** The second half: the code exchanged for tokens at the provider's token endpoint. */
export function exchangeCode(baseUrl: string, code: string, verifier: string): Promise<Response> {
  return fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${baseUrl}/auth/callback`,
      client_id: 'wadp-console',
      code_verifier: verifier,
    }),
  })
}

/** A whole OpenID Connect sign-in through the built-in provider at `baseUrl`; returns the access token. */
export async function oidcSignIn(baseUrl: string, email: string, password: string): Promise<string> {
  const { code, verifier } = await oidcCode(baseUrl, email, password)
  const tokens = (await (await exchangeCode(baseUrl, code, verifier)).json()) as { access_token: string }
  return tokens.access_token
}
