import * as v from 'valibot'
import { LoginResult, type SessionUser } from '../domain/session.ts'
import type { ApiClients } from './http.ts'

const Envelope = <S extends v.GenericSchema>(data: S) => v.object({ data })
const Permissions = v.array(v.string())

/** The paths the session's reads ask (index.html's inline script asks the same ones: src/early-pages.ts). */
export const SESSION_CHECK_PATH = '/auth/check'
export const PERMISSIONS_PATH = '/auth/permissions'
/** A user's path, the email already encoded as one segment (or a placeholder the script fills in). */
export const userPath = (emailSegment: string) => `/users/${emailSegment}`

export const parseLogin = (body: unknown): LoginResult => v.parse(Envelope(LoginResult), body).data

export async function login(api: ApiClients, token: string): Promise<LoginResult> {
  return parseLogin(await api.auth('/login', { method: 'POST', body: { token } }))
}

/** Whose the stored token is, while it is valid: a restore's check, which the platform does not record as a sign-in. */
export async function checkSession(api: ApiClients): Promise<LoginResult> {
  return parseLogin(await api.auth(SESSION_CHECK_PATH))
}

/** The 30-second session check: resolves while the token is valid, rejects otherwise. */
export async function checkToken(api: ApiClients): Promise<void> {
  await api.auth(SESSION_CHECK_PATH)
}

export async function getUser(api: ApiClients, email: string): Promise<SessionUser> {
  return parseUser(await api.auth(userPath(encodeURIComponent(email))))
}

export function parseUser(body: unknown): SessionUser {
  const user = v.parse(
    Envelope(
      v.object({ email: v.string(), first_name: v.string(), last_name: v.string(), roles: v.array(v.string()) }),
    ),
    body,
  ).data
  return { username: user.email, ...user }
}

/** The caller's permissions, globally or in one project (the spec reads `data`, or `data.data`). */
export async function getPermissions(api: ApiClients, project?: string): Promise<string[]> {
  const body = await api.auth(PERMISSIONS_PATH, {
    query: project ? { scope_type: 'project', scope_value: project } : {},
  })
  return parsePermissions(body)
}

export const parsePermissions = (body: unknown): string[] => v.parse(Envelope(Permissions), body).data
