import { assertEvent, assign, emit } from 'xstate'
import { SESSION_MESSAGES } from '../src/domain/session.ts'
import { acceptedToken, type Failure, loadingSession, required, restoreWaits, sessionSetup } from './session.setup.ts'

const restoreFailed: Failure = { target: '#session.loggedOut', actions: ['recordFailure'] }
const signInFailed: Failure = { target: '#session.loggedOut', actions: ['recordFailure', 'reportLoginFailure'] }
// The old user and permissions stay: they were valid a moment ago, and the token check decides the session.
const refreshFailed: Failure = { target: '#session.loggedIn.userInfo.current', actions: ['recordFailure'] }
/** Another tab signed out and cleared the stored session: this one is signed out with it, nothing left to clear. */
const signedOutElsewhere = { target: '#session.loggedOut', actions: 'announceSignedOutElsewhere' } as const

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  description:
    'Who is signed in (spec section 4): restores a stored session, signs in with a token or SSO, checks the token every 30 s and signs out.',
  context: ({ input }) => ({
    credentials: null,
    user: null,
    permissions: [],
    error: null,
    lastFailure: null,
    now: input.now ?? Date.now,
  }),
  initial: 'checkingSession',
  on: {
    // Allowed from anywhere: the Session Expired dialog's Continue may come before the restore ends.
    'session.logout': { target: '.signingOut' },
    // The identity provider sends the browser back to a fresh page load, usually while the restore runs.
    'session.ssoCallback': { target: '.loggedOut.completingSso' },
  },
  states: {
    checkingSession: {
      tags: 'busy',
      invoke: {
        id: 'readStoredSession',
        src: 'readStoredSession',
        onDone: [
          {
            guard: { type: 'hasNoStoredToken', params: ({ event }) => ({ stored: event.output }) },
            target: 'loggedOut',
            actions: assign({ lastFailure: SESSION_MESSAGES.noStoredToken }),
          },
          {
            guard: { type: 'hasNoOAuthToken', params: ({ event }) => ({ stored: event.output }) },
            target: 'loggedOut',
            actions: assign({ lastFailure: SESSION_MESSAGES.noOAuthToken }),
          },
          { target: 'restoring', actions: assign({ credentials: ({ event }) => event.output }) },
        ],
        onError: { target: 'loggedOut', actions: 'recordFailure' },
      },
    },
    restoring: {
      tags: 'busy',
      on: { 'session.expired': { actions: 'announceExpiry' }, 'session.clearedElsewhere': signedOutElsewhere },
      initial: 'validatingToken',
      states: {
        // A reload is no sign-in: the stored token is checked, not signed in with again.
        validatingToken: {
          invoke: {
            id: 'validateToken',
            src: 'validateToken',
            input: ({ context }) => required(context.credentials, 'credentials'),
            onDone: { target: 'loadingSession', actions: assign({ user: ({ event }) => event.output.user }) },
            onError: [restoreWaits, restoreFailed],
          },
        },
        loadingSession: { ...loadingSession([restoreWaits, restoreFailed]), onDone: '#session.loggedIn' },
        // The platform did not answer (issue 25): the page says so, and the restore starts again shortly.
        waitingForPlatform: {
          tags: 'platformUnavailable',
          after: { platformRetryInterval: 'validatingToken' },
        },
      },
    },
    // The token passed `login`; what is left of a sign-in before the user counts as signed in.
    signingIn: {
      ...loadingSession(signInFailed),
      tags: 'busy',
      onDone: {
        target: 'loggedIn',
        actions: [assign({ error: null, lastFailure: null }), emit({ type: 'session.signedIn' })],
      },
    },
    loggedIn: {
      tags: 'signedIn',
      type: 'parallel',
      on: { 'session.expired': { actions: 'announceExpiry' }, 'session.clearedElsewhere': signedOutElsewhere },
      states: {
        tokenCheck: {
          initial: 'idle',
          states: {
            idle: { after: { sessionCheckInterval: 'checking' } },
            checking: {
              invoke: {
                id: 'checkToken',
                src: 'checkToken',
                onDone: 'idle',
                onError: [
                  // No judgement of the token (the platform away for a moment): keep the session, ask again soon.
                  {
                    guard: { type: 'isPlatformUnavailable', params: ({ event }) => ({ error: event.error }) },
                    target: 'waitingForPlatform',
                    actions: 'recordFailure',
                  },
                  {
                    guard: { type: 'isTokenExpired', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.loggedOut',
                    actions: ['recordFailure', emit({ type: 'session.signedOut', reason: 'tokenExpired' })],
                  },
                  {
                    target: '#session.loggedOut',
                    actions: ['recordFailure', emit({ type: 'session.signedOut', reason: 'tokenCheckFailed' })],
                  },
                ],
              },
            },
            waitingForPlatform: {
              tags: 'platformUnavailable',
              after: { platformRetryInterval: 'checking' },
            },
          },
        },
        userInfo: {
          initial: 'current',
          states: {
            current: { on: { 'session.refreshPermissions': 'refreshing' } },
            refreshing: {
              ...loadingSession(refreshFailed),
              tags: 'refreshing',
              onDone: {
                target: 'current',
                actions: [
                  emit({ type: 'session.notify', message: SESSION_MESSAGES.userInfoUpdated }),
                  emit({ type: 'session.refreshed' }),
                ],
              },
            },
          },
        },
      },
    },
    signingOut: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'clearSession',
        src: 'clearSession',
        onDone: { target: 'loggedOut', actions: emit({ type: 'session.signedOut', reason: 'logout' }) },
        // Storage refusing to clear must not keep the user signed in.
        onError: {
          target: 'loggedOut',
          actions: ['recordFailure', emit({ type: 'session.signedOut', reason: 'logout' })],
        },
      },
    },
    loggedOut: {
      tags: 'signedOut',
      entry: 'forgetSession',
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ credentials: null }),
          on: {
            'session.signInWithToken': [
              {
                guard: { type: 'isTokenRejected', params: ({ event }) => ({ token: event.token }) },
                actions: assign({ error: SESSION_MESSAGES.tokenEmpty }),
              },
              {
                target: 'signingInWithToken',
                actions: assign(({ event }) => ({
                  credentials: { token: acceptedToken(event.token) ?? '', authType: 'token' as const },
                  error: null,
                })),
              },
            ],
            'session.signInWithSso': { target: 'redirectingToSso', actions: 'clearError' },
          },
        },
        signingInWithToken: {
          tags: 'busy',
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => required(context.credentials, 'credentials'),
            onDone: { target: '#session.signingIn', actions: assign({ user: ({ event }) => event.output.user }) },
            onError: { target: 'idle', actions: 'reportLoginFailure' },
          },
        },
        // The real beginSso leaves the page; this state only ends if it could not.
        redirectingToSso: {
          tags: 'busy',
          invoke: { id: 'beginSso', src: 'beginSso', onError: { target: 'idle', actions: 'reportLoginFailure' } },
        },
        completingSso: {
          tags: 'busy',
          entry: 'clearError',
          invoke: {
            id: 'completeSso',
            src: 'completeSso',
            input: ({ event }) => {
              assertEvent(event, 'session.ssoCallback')
              return { callbackUrl: event.url }
            },
            onDone: [
              {
                guard: { type: 'isIdentityTokenUsable', params: ({ event }) => ({ token: event.output.token }) },
                target: 'signingInWithToken',
                actions: assign({ credentials: ({ event }) => ({ token: event.output.token, authType: 'oauth' }) }),
              },
              { target: 'idle', actions: assign({ error: SESSION_MESSAGES.tokenExpiredOrInvalid }) },
            ],
            onError: { target: 'idle', actions: 'reportLoginFailure' },
          },
        },
      },
    },
  },
})
