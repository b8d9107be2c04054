import { ofetch } from 'ofetch'
import * as v from 'valibot'

// The OpenID Connect sign-in's steps: loaded when a sign-in with SSO starts or its answer comes back
// (src/app/session.ts), not with the console's start, which a signed-in page or a token sign-in never uses.

const Discovery = v.object({ authorization_endpoint: v.string(), token_endpoint: v.string() })
export type OidcEndpoints = v.InferOutput<typeof Discovery>

export async function discover(issuer: string): Promise<OidcEndpoints> {
  const body = await ofetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { timeout: 5000 })
  return v.parse(Discovery, body)
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** A PKCE verifier, its S256 challenge, and a state value binding the callback to this attempt. */
export async function pkcePair(): Promise<{ verifier: string; challenge: string; state: string }> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)))
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
  return { verifier, challenge: base64Url(digest), state: base64Url(crypto.getRandomValues(new Uint8Array(16))) }
}

export function authorizeUrl(
  endpoints: OidcEndpoints,
  request: { clientId: string; scopes: string; redirectUri: string; challenge: string; state: string },
): string {
  const url = new URL(endpoints.authorization_endpoint)
  url.search = new URLSearchParams({
    client_id: request.clientId,
    response_type: 'code',
    scope: request.scopes,
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: request.challenge,
    code_challenge_method: 'S256',
    // Each sign-in asks who is there: after Sign out (a shared workstation), the provider's own session
    // must not sign the next person in as the previous user without a password.
    prompt: 'login',
  }).toString()
  return url.toString()
}

/** The authorization code exchange: a form-encoded POST to the token endpoint (spec section 7). */
export async function exchangeCode(
  endpoints: OidcEndpoints,
  request: { clientId: string; code: string; verifier: string; redirectUri: string },
): Promise<string> {
  const body = await ofetch(endpoints.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.redirectUri,
      client_id: request.clientId,
      code_verifier: request.verifier,
    }).toString(),
    timeout: 5000,
  })
  return v.parse(v.object({ access_token: v.string() }), body).access_token
}
