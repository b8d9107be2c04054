import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { Browser, openLoginForm } from './oidc-browser.ts'
import { ADMIN_TOKEN, DEMO_PASSWORD, queryRows, setUpPlatform, VIEWER } from './support.ts'

// One proxy of the platform's own before it: each test is its own address through X-Forwarded-For.
const platform = setUpPlatform({ trustedProxies: 1 })

/** Failed sign-ins the audit log holds from an address. */
async function failuresFrom(ip: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    platform,
    sql`select count(*)::int as n from audit_log where action = 'login' and result = 'failure' and actor->>'ip' = ${ip}`,
  )
  return row?.n ?? 0
}

describe('failed sign-ins from one address', () => {
  const login = (token: string, ip: string) =>
    platform.call('POST', '/api/auth/v0/login', {
      token: null,
      body: { token },
      headers: { 'x-forwarded-for': ip },
    })

  it('are answered 429 past ten a minute, recorded no more, while a valid token still signs in', async () => {
    const ip = '198.51.100.11'
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(`wrong-token-${attempt}`, ip)).status).toBe(401)
    }
    const refused = await login('wrong-token-11', ip)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/^too many failed sign-ins from this address: try again in \d+ s$/)
    const wait = Number(refused.headers.get('retry-after'))
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(60)
    await login('wrong-token-12', ip)
    expect(await failuresFrom(ip)).toBe(10)

    // The limit stops guessing from growing the log; it locks nobody out who holds a real token.
    expect((await login(ADMIN_TOKEN, ip)).status).toBe(200)
    // Another address is not held back by this one's failures.
    expect((await login('wrong-token', '198.51.100.12')).status).toBe(401)
  })
})

describe('failed passwords at the development provider', () => {
  const loginForm = async (browser: Browser) => (await openLoginForm(browser, platform.url)).action

  it('are recorded in the audit log and, past ten a minute, refuse even the right password', async () => {
    const ip = '198.51.100.21'
    const browser = new Browser({ 'x-forwarded-for': ip })
    const action = await loginForm(browser)
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await browser.request(action, { form: { email: VIEWER, password: `guess-${attempt}` } })
      expect(wrong.status).toBe(200)
      expect(await wrong.text()).toContain('Wrong e-mail or password.')
    }
    const [entry] = await queryRows<{ actor: { type: string; email: string; ip: string } }>(
      platform,
      sql`select actor from audit_log where action = 'login' and result = 'failure' order by id desc limit 1`,
    )
    expect(entry?.actor).toMatchObject({ type: 'user', email: VIEWER, ip })

    const held = await browser.request(action, { form: { email: VIEWER, password: DEMO_PASSWORD } })
    expect(held.status).toBe(429)
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await held.text()).toMatch(/Too many failed sign-ins from this address\. Try again in \d+ seconds?\./)
    expect(await failuresFrom(ip)).toBe(10)

    // Another address signs in with the right password.
    const other = new Browser({ 'x-forwarded-for': '198.51.100.22' })
    const signedIn = await other.request(await loginForm(other), {
      form: { email: VIEWER, password: DEMO_PASSWORD },
    })
    expect(signedIn.status).toBe(303)
  })

  it('try no more than ten passwords when the guesses are sent at once', async () => {
    const ip = '198.51.100.23'
    const browser = new Browser({ 'x-forwarded-for': ip })
    const action = await loginForm(browser)
    const statuses = await Promise.all(
      Array.from({ length: 25 }, (_, attempt) =>
        browser.request(action, { form: { email: VIEWER, password: `guess-${attempt}` } }).then(async (response) => {
          await response.arrayBuffer()
          return response.status
        }),
      ),
    )
    expect(statuses.filter((status) => status === 200)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(15)
    expect(await failuresFrom(ip)).toBe(10)
  })
})
