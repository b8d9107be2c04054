import type { PlatformServer } from './server.ts'

let counter = 0

/** Creates an API token through the platform API (as the admin) and returns its secret. */
export async function createToken(
  server: PlatformServer,
  request: { owner: string; permissions: string[]; projects?: string[]; expires_at?: string },
): Promise<string> {
  counter += 1
  const response = await fetch(`${server.baseURL}/api/auth/v0/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `e2e-${process.pid}-${counter}`, ...request }),
  })
  const body = (await response.json()) as { data?: { token?: string }; message?: string }
  if (response.status !== 201 || !body.data?.token) throw new Error(`token creation failed: ${body.message}`)
  return body.data.token
}

/** A platform API call as the admin (`path` from the origin, such as `/api/auth/v0/users`), JSON both ways. */
export async function adminCall(
  server: PlatformServer,
  method: string,
  path: string,
  body?: unknown,
  ifMatch?: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminToken}`,
      'content-type': 'application/json',
      ...(ifMatch ? { 'if-match': ifMatch } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: response.status === 204 ? null : await response.json().catch(() => null) }
}
