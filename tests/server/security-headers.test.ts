import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import {
  readScriptHashes,
  SCRIPT_HASHES_FILE,
  securityHeaders,
  securityPolicies,
} from '../../server/http/security-headers.ts'
import { staticConsole } from '../../server/http/static.ts'
import { inlineScriptHashes } from '../../src/csp.ts'
import { setUpPlatform } from './support.ts'

const platform = setUpPlatform()
const dist = mkdtempSync(join(tmpdir(), 'wadp-csp-'))
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const directive = (policy: string | null, name: string) =>
  (policy ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `))

describe('security headers', () => {
  it('hashes inline scripts as browsers do, leaving out scripts loaded from a file', () => {
    // The example of the CSP specification.
    const html = '<script>alert(\'Hello, world.\');</script><script type="module" src="/a.js"></script>'
    expect(inlineScriptHashes(html)).toEqual(["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"])
  })

  it('puts the built inline scripts in script-src of the console pages, without unsafe-inline', async () => {
    const html = '<!doctype html><script>document.title="x"</script><div id="root"></div>'
    writeFileSync(join(dist, 'index.html'), html)
    mkdirSync(join(dist, '.vite'), { recursive: true })
    writeFileSync(join(dist, SCRIPT_HASHES_FILE), JSON.stringify(inlineScriptHashes(html)))
    const app = new Hono()
    const policies = securityPolicies({
      publicUrl: 'http://127.0.0.1:8080',
      issuer: 'http://127.0.0.1:8080/oidc',
      scriptHashes: readScriptHashes(dist),
    })
    app.use('*', securityHeaders(policies))
    const serve = staticConsole(dist)
    app.get('*', (c) => serve(c.req.raw))
    const page = await app.request('/websites?project=shop')
    const policy = page.headers.get('content-security-policy')
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${inlineScriptHashes(html)[0]}`)
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'")
    expect(directive(policy, 'object-src')).toBe("object-src 'none'")
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect(page.headers.get('strict-transport-security')).toBeNull()
  })

  it('lets the console reach an external OIDC issuer, and asks for HTTPS only when served over it', () => {
    const policies = securityPolicies({
      publicUrl: 'https://console.example.com',
      issuer: 'https://login.example.org/realms/wadp',
      scriptHashes: [],
    })
    const policy = policies.console['content-security-policy'] ?? null
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://login.example.org")
    expect(directive(policy, 'form-action')).toBe("form-action 'self' https://login.example.org")
    expect(policies.console['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(policies.api['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })

  it('sends a policy that loads nothing with every API answer, errors and public utilities included', async () => {
    for (const [path, token] of [
      ['/api/core/v0/projects/shop/websites', undefined],
      ['/api/core/v0/projects/shop/websites', null],
      ['/api/core/v0/utils/health', null],
      ['/api/core/v0/no-such-endpoint', undefined],
    ] as const) {
      const answer = await platform.call('GET', path, { token })
      expect(answer.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      )
      expect(answer.headers.get('x-frame-options')).toBe('DENY')
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer')
      expect(answer.headers.get('permissions-policy')).toContain('camera=()')
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('gives the built-in OIDC provider the same care: no framing, no referrer, only its own scripts', async () => {
    const answer = await platform.call('GET', '/oidc/.well-known/openid-configuration', { token: null })
    expect(answer.status).toBe(200)
    const policy = answer.headers.get('content-security-policy')
    expect(directive(policy, 'default-src')).toBe("default-src 'none'")
    expect(directive(policy, 'script-src')).toBe("script-src 'self'")
    // Its pages' one inline style by its hash, never any inline style.
    expect(directive(policy, 'style-src')).toMatch(/^style-src 'sha256-[A-Za-z0-9+/]+=*'$/)
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer')
  })
})
