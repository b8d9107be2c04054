import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { STYLE_SOURCE } from '../oidc/login-page.ts'

/** Written by the build (src/prerender.tsx): the sha256 sources of index.html's inline scripts. */
export const SCRIPT_HASHES_FILE = join('.vite', 'csp-script-hashes.json')

export type Headers = Record<string, string>

/**
 * Powerful features no page of ours uses, switched off. Only features browsers recognise: Chromium
 * warns on every page about a name it does not know (`bluetooth` is not one of its policy-controlled
 * features), and `e2e/security-policy.spec.ts` holds the list to `document.featurePolicy.features()`.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'clipboard-read=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/** Headers every answer carries, whatever serves it; HSTS only where the public address is https. */
export function baseHeaders(https: boolean): Headers {
  return {
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

/** JSON answers are never rendered: they may load nothing and be framed by nobody. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ')
}

export type Policies = { console: Headers; api: Headers; identityProvider: Headers }

/**
 * The Content-Security-Policy and companions of the console's pages, the API's answers and the
 * built-in OpenID Connect provider's pages (docs/architecture.md, "Security headers"). The console
 * keeps its bearer token in local storage, so no script runs but the console's own files and the
 * inline scripts of index.html, named by their hashes; it talks to its own origin and to the OIDC
 * issuer. Styles keep 'unsafe-inline': react-hot-toast injects a style element and the prerendered
 * sign-in page carries inline styles; a style cannot read the token. The OIDC pages' one style goes by its hash.
 */
export function securityPolicies(options: { publicUrl: string; issuer: string; scriptHashes: string[] }): Policies {
  const own = new URL(options.publicUrl).origin
  const issuer = new URL(options.issuer).origin
  const elsewhere = issuer === own ? [] : [issuer]
  const base = baseHeaders(own.startsWith('https:'))
  return {
    console: {
      ...base,
      'content-security-policy': policy({
        'default-src': ["'self'"],
        'script-src': ["'self'", ...options.scriptHashes],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        // OIDC discovery and the token exchange are fetched from the issuer.
        'connect-src': ["'self'", ...elsewhere],
        'form-action': ["'self'", ...elsewhere],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'none'"],
        'object-src': ["'none'"],
      }),
    },
    api: { ...base, 'content-security-policy': API_CSP },
    identityProvider: {
      ...base,
      // oidc-provider adds the hash of any inline script it renders (form_post) to script-src itself.
      'content-security-policy': policy({
        'default-src': ["'none'"],
        'script-src': ["'self'"],
        // Its pages (server/oidc/login-page.ts) carry one inline style, allowed by its hash alone.
        'style-src': [STYLE_SOURCE],
        'img-src': ["'self'", 'data:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'none'"],
      }),
    },
  }
}

/** The hashes the build wrote beside the console, or none when the console is not built. */
export function readScriptHashes(distDir: string | null): string[] {
  if (!distDir) return []
  try {
    const hashes = JSON.parse(readFileSync(join(distDir, SCRIPT_HASHES_FILE), 'utf8')) as unknown
    return Array.isArray(hashes) ? hashes.filter((h): h is string => typeof h === 'string') : []
  } catch {
    return []
  }
}

/** Sets the console's headers on HTML answers and the API's on every other answer of the app. */
export function securityHeaders(policies: Policies): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const html = c.res.headers.get('content-type')?.startsWith('text/html') ?? false
    for (const [name, value] of Object.entries(html ? policies.console : policies.api)) c.res.headers.set(name, value)
  }
}
