/**
 * The session machine's parts (machines/session.ts holds its statechart): its setup (context, events,
 * actors to provide, guards, actions) and the session loading that restore, sign-in and refresh share.
 */
import { assign, emit, setup } from 'xstate'
import { isUnavailableError } from '../src/domain/availability.ts'
import {
  identityTokenExpiry,
  isTokenExpiredError,
  type LoginResult,
  SESSION_MESSAGES,
  type SessionUser,
} from '../src/domain/session.ts'
import { TokenLogin } from '../src/domain/token-login.ts'
import { notProvided } from './not-provided.ts'
import type {
  Credentials,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionInput,
  SessionTag,
  StoredSessionData,
} from './session.types.ts'

/** The domain's TokenLogin rule through its Standard Schema interface, so machines need no valibot import. */
export function acceptedToken(raw: string): string | null {
  const result = TokenLogin['~standard'].validate({ token: raw })
  if (result instanceof Promise || result.issues) return null
  return result.value.token
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

// The states that read these are only reachable with the data present: a throw here is a machine bug.
export function required<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`session: no ${what} in this state`)
  return value
}

export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    readStoredSession: notProvided<Credentials | null>('readStoredSession'),
    // A sign-in (recorded by the platform) and a stored session's check (not recorded): the same answer.
    login: notProvided<LoginResult, Credentials>('login'),
    validateToken: notProvided<LoginResult, Credentials>('validateToken'),
    loadUser: notProvided<SessionUser, { email: string }>('loadUser'),
    loadPermissions: notProvided<string[]>('loadPermissions'),
    storeSession: notProvided<void, StoredSessionData>('storeSession'),
    clearSession: notProvided<void>('clearSession'),
    beginSso: notProvided<void>('beginSso'),
    completeSso: notProvided<{ token: string }, { callbackUrl: string }>('completeSso'),
    checkToken: notProvided<void>('checkToken'),
  },
  // While the platform is away for a moment, the check or restore waits this long and asks again.
  delays: { sessionCheckInterval: 30_000, platformRetryInterval: 2_000 },
  guards: {
    hasNoStoredToken: (_, { stored }: { stored: Credentials | null }) =>
      stored === null || (stored.authType === 'token' && stored.token.trim() === ''),
    hasNoOAuthToken: (_, { stored }: { stored: Credentials | null }) =>
      stored?.authType === 'oauth' && stored.token.trim() === '',
    isTokenRejected: (_, { token }: { token: string }) => acceptedToken(token) === null,
    isIdentityTokenUsable: ({ context }, { token }: { token: string }) =>
      identityTokenExpiry(token, context.now()) !== null,
    // No answer, or a 503 while the platform's database restarts: the token was not judged (issue 25).
    isPlatformUnavailable: (_, { error }: { error: unknown }) => isUnavailableError(error),
    // A 401 that says the token expired: the Session Expired dialog tells the user, not a bare sign-in page.
    isTokenExpired: (_, { error }: { error: unknown }) => isTokenExpiredError(error),
  },
  actions: {
    forgetSession: assign({ credentials: null, user: null, permissions: [] }),
    clearError: assign({ error: null }),
    reportLoginFailure: assign({ error: SESSION_MESSAGES.loginFailed }),
    // Runs on `xstate.error.actor.*` events, which the event union does not list.
    recordFailure: assign(({ event }) => ({ lastFailure: messageOf('error' in event ? event.error : event) })),
    // A 401 that says the token expired (the API client sends `session.expired`): the Session Expired dialog,
    // whether a signed-in page's call got it or a stored session's restore did (spec section 4, Expiry).
    announceExpiry: emit({ type: 'session.expiredNotice' }),
    announceSignedOutElsewhere: emit({ type: 'session.signedOut', reason: 'elsewhere' }),
  },
})

export interface Failure {
  target: string
  actions: readonly ('reportLoginFailure' | 'recordFailure')[]
}

/** The platform was away: wait and try the restore again, rather than dropping a session it never judged. */
export const restoreWaits = {
  guard: {
    type: 'isPlatformUnavailable' as const,
    params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
  },
  target: '#session.restoring.waitingForPlatform',
  actions: ['recordFailure'] as const,
}

/** Load the user and permissions for credentials the platform accepted, then store them: restore, sign-in, refresh. */
export function loadingSession(failure: Failure | readonly [typeof restoreWaits, Failure]) {
  return sessionSetup.createStateConfig({
    initial: 'loadingUser',
    states: {
      loadingUser: {
        invoke: {
          id: 'loadUser',
          src: 'loadUser',
          input: ({ context }) => ({ email: required(context.user, 'user').email }),
          onDone: { target: 'loadingPermissions', actions: assign({ user: ({ event }) => event.output }) },
          onError: failure,
        },
      },
      loadingPermissions: {
        invoke: {
          id: 'loadPermissions',
          src: 'loadPermissions',
          onDone: { target: 'storingSession', actions: assign({ permissions: ({ event }) => event.output }) },
          onError: failure,
        },
      },
      storingSession: {
        invoke: {
          id: 'storeSession',
          src: 'storeSession',
          input: ({ context }) => ({
            ...required(context.credentials, 'credentials'),
            user: required(context.user, 'user'),
            permissions: context.permissions,
          }),
          onDone: 'stored',
          onError: failure,
        },
      },
      stored: { type: 'final' },
    },
  })
}
