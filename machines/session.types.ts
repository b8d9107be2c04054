import type { AuthType, SessionUser } from '../src/domain/session.ts'

/** What the session machine exchanges with the composition layer: actor inputs and outputs, events, emitted events. */

export interface Credentials {
  token: string
  authType: AuthType
}

export interface StoredSessionData extends Credentials {
  user: SessionUser
  permissions: string[]
}

export interface SessionContext {
  /** The token being validated or in use; null when signed out. */
  credentials: Credentials | null
  user: SessionUser | null
  permissions: string[]
  /** What the sign-in page shows. */
  error: string | null
  /** Why the last restore, check or refresh failed: a diagnostic, never shown on the sign-in page. */
  lastFailure: string | null
  now: () => number
}

export interface SessionInput {
  /** Injected so tests control the identity-token expiry check. */
  now?: () => number
}

export type SessionEvent =
  | { type: 'session.signInWithToken'; token: string }
  | { type: 'session.signInWithSso' }
  | { type: 'session.ssoCallback'; url: string }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'session.refreshPermissions' }
  /** Another tab of the console signed out: the stored session is gone, and this tab follows. */
  | { type: 'session.clearedElsewhere' }

export type SessionEmitted =
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut'; reason: 'logout' | 'tokenCheckFailed' | 'tokenExpired' | 'elsewhere' }
  | { type: 'session.expiredNotice' }
  | { type: 'session.notify'; message: string }
  /** The user and permissions were loaded again (Profile → Refresh permissions). */
  | { type: 'session.refreshed' }

/**
 * `signedIn` while the user may use the console, `signedOut` on the sign-in page, `busy` while waiting on an actor,
 * `platformUnavailable` while a check or restore waits for the platform to answer again.
 */
export type SessionTag = 'busy' | 'signedIn' | 'signedOut' | 'refreshing' | 'platformUnavailable'
