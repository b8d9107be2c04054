import * as v from 'valibot'

/** The signed-in user as the console keeps it (spec section 3, "Session user"). */
export const SessionUser = v.object({
  username: v.string(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  roles: v.array(v.string()),
})
export type SessionUser = v.InferOutput<typeof SessionUser>

export const AUTH_TYPES = ['token', 'oauth'] as const
export type AuthType = (typeof AUTH_TYPES)[number]

/** `POST /api/auth/v0/login` data, which `GET /api/auth/v0/auth/check` repeats (beside `valid`) without recording a sign-in. */
export const LoginResult = v.object({
  user: SessionUser,
  auth_type: v.picklist(AUTH_TYPES),
  expires_at: v.string(),
})
export type LoginResult = v.InferOutput<typeof LoginResult>

/**
 * Local storage keys (spec section 7): `wadp.` for the console's own entries, `auth.` for the identity
 * provider's token. Logout clears every key with either prefix except the last selected project.
 */
export const STORAGE_KEYS = {
  userName: 'wadp.user.name',
  userEmail: 'wadp.user.email',
  authToken: 'wadp.auth.token',
  authType: 'wadp.auth.type',
  currentProject: 'wadp.project.current',
  permissions: 'wadp.permissions',
  projectPermissions: 'wadp.project.permissions',
  lastSelectedProject: 'wadp.project.lastSelected',
  oauthToken: 'auth.oauth.token',
  /** PKCE verifier and state of an SSO sign-in in progress (session storage would lose them in some flows). */
  oauthPending: 'auth.oauth.pending',
  /** Where to return after sign-in (a local path, checked with isLocalRedirect). */
  redirectAfterLogin: 'wadp.redirect',
} as const

/** index.html's first script marks <html> with this class when a session is stored (it will be restored). */
export const SESSION_STORED_CLASS = 'session-stored'
/** …and with this one when the address gives the page's heading, which the first paint shows in the frame's place. */
export const EARLY_HEADING_CLASS = 'early-heading'
/** …and with this one when the address names a project: the frame keeps the sidebar's place on a wide screen. */
export const EARLY_PROJECT_CLASS = 'early-project'

/** Where the OpenID Connect provider sends the browser back after sign-in. */
export const SSO_CALLBACK_PATH = '/auth/callback'

export const SIGNED_OUT_PREFIXES = ['wadp.', 'auth.'] as const

/** The keys logout removes: every `wadp.` or `auth.` key but the last selected project. */
export function keysToClearOnLogout(keys: readonly string[]): string[] {
  return keys.filter(
    (key) => SIGNED_OUT_PREFIXES.some((prefix) => key.startsWith(prefix)) && key !== STORAGE_KEYS.lastSelectedProject,
  )
}

/**
 * Whether a change of the browser's storage made by another tab (a `storage` event's key and new value)
 * removed the stored session: that tab signed out (its auth type is among what logout clears), or the
 * whole storage was cleared (key null).
 */
export function isStoredSessionCleared(key: string | null, newValue: string | null): boolean {
  return key === null || (key === STORAGE_KEYS.authType && newValue === null)
}

/** UI strings of the session flows (spec sections 2, 5 and 8), shown exactly as written. */
export const SESSION_MESSAGES = {
  loginFailed: 'Login failed. Your credentials or permissions are incorrect.',
  noStoredToken: 'No Token found in local storage',
  noOAuthToken: 'No oAuth token found',
  projectInfoFailed: 'Error loading project info',
  tokenExpiredOrInvalid: 'Token expired or invalid. Please login again.',
  tokenEmpty: 'Token cannot be empty.',
  userInfoUpdated: 'User info updated',
  sessionExpired: 'Your session has expired. please log in again to continue',
  signedInWithToken: 'Signed in with Token',
} as const

/**
 * Redirect targets saved before sign-in must be local paths: only path characters, an optional query
 * and an optional hash (spec section 5). `//evil.example` and `https://…` are refused.
 */
export function isLocalRedirect(target: unknown): target is string {
  return (
    typeof target === 'string' &&
    /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*(\?[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*)?(#[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*)?$/.test(
      target,
    )
  )
}

/**
 * An identity-provider token is usable only if it decodes as a JWT and its expiry is later than now
 * (spec section 5). Returns its expiry, or null for a token to refuse.
 */
export function identityTokenExpiry(token: string, now: number): Date | null {
  const payload = token.split('.')[1]
  if (token.split('.').length !== 3 || !payload) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const json: unknown = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')))
    const exp = typeof json === 'object' && json !== null && 'exp' in json ? json.exp : undefined
    if (typeof exp !== 'number' || exp * 1000 <= now) return null
    return new Date(exp * 1000)
  } catch {
    return null
  }
}

/** A 401 whose message mentions an expired token sends the user to the Session Expired dialog. */
export function isTokenExpiredMessage(message: string | undefined): boolean {
  return /token expired/i.test(message ?? '')
}

/** The platform's message in an error answer's body (`{ message, errors }`), or ''. */
export function answerMessage(data: unknown): string {
  return typeof data === 'object' && data !== null && 'message' in data ? String(data.message) : ''
}

/** A request that failed with such a 401 (the API client's error: `statusCode`, the answer's body in `data`). */
export function isTokenExpiredError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { statusCode, data } = error as { statusCode?: unknown; data?: unknown }
  return statusCode === 401 && isTokenExpiredMessage(answerMessage(data))
}

/** The query flag that opens the Session Expired dialog (spec section 2). */
export const LOGOUT_QUERY_KEY = 'logout'
