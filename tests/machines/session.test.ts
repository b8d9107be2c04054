import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { sessionMachine } from '../../machines/session.ts'
import type { Credentials, SessionEmitted, StoredSessionData } from '../../machines/session.types.ts'
import { type LoginResult, SESSION_MESSAGES, type SessionUser } from '../../src/domain/session.ts'

const NOW = Date.UTC(2030, 0, 1)

const alice: SessionUser = {
  username: 'alice',
  email: 'alice@example.com',
  first_name: 'Alice',
  last_name: 'Liddell',
  roles: ['admin'],
}

function jwt(expSeconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  return `${encode({ alg: 'none' })}.${encode({ sub: 'alice', exp: expSeconds })}.signature`
}

const loginResult = (authType: Credentials['authType']): LoginResult => ({
  user: alice,
  auth_type: authType,
  expires_at: '2030-01-02T00:00:00Z',
})

interface Options {
  stored?: Credentials | null
  login?: (input: Credentials) => Promise<LoginResult>
  validateToken?: (input: Credentials) => Promise<LoginResult>
  loadPermissions?: () => Promise<string[]>
  completeSso?: (input: { callbackUrl: string }) => Promise<{ token: string }>
  beginSso?: () => Promise<void>
  checkToken?: () => Promise<void>
  loadUser?: (input: { email: string }) => Promise<SessionUser>
}

/** The real machine with recording fakes; every actor call lands in `calls`. */
function startSession(options: Options = {}, clock = new SimulatedClock()) {
  const calls: { actor: string; input?: unknown }[] = []
  const record = (actor: string, input?: unknown) => calls.push(input === undefined ? { actor } : { actor, input })
  const machine = sessionMachine.provide({
    actors: {
      readStoredSession: fromPromise<Credentials | null>(async () => {
        record('readStoredSession')
        return options.stored ?? null
      }),
      login: fromPromise<LoginResult, Credentials>(async ({ input }) => {
        record('login', input)
        return options.login ? options.login(input) : loginResult(input.authType)
      }),
      validateToken: fromPromise<LoginResult, Credentials>(async ({ input }) => {
        record('validateToken', input)
        return options.validateToken ? options.validateToken(input) : loginResult(input.authType)
      }),
      loadUser: fromPromise<SessionUser, { email: string }>(async ({ input }) => {
        record('loadUser', input)
        return options.loadUser ? options.loadUser(input) : alice
      }),
      loadPermissions: fromPromise<string[]>(async () => {
        record('loadPermissions')
        return options.loadPermissions ? options.loadPermissions() : ['wadp.websites.*']
      }),
      storeSession: fromPromise<void, StoredSessionData>(async ({ input }) => {
        record('storeSession', input)
      }),
      clearSession: fromPromise<void>(async () => {
        record('clearSession')
      }),
      beginSso: fromPromise<void>(async () => {
        record('beginSso')
        if (options.beginSso) await options.beginSso()
        else await new Promise(() => {})
      }),
      completeSso: fromPromise<{ token: string }, { callbackUrl: string }>(async ({ input }) => {
        record('completeSso', input)
        return options.completeSso ? options.completeSso(input) : { token: jwt(NOW / 1000 + 3600) }
      }),
      checkToken: fromPromise<void>(async () => {
        record('checkToken')
        if (options.checkToken) await options.checkToken()
      }),
    },
  })
  const actor = createActor(machine, { clock, input: { now: () => NOW } })
  const emitted: SessionEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  const called = (name: string) => calls.filter((call) => call.actor === name)
  return { actor, calls, called, emitted, clock }
}

const rejecting = (message: string) => async (): Promise<never> => {
  throw new Error(message)
}

/** What ofetch throws for a 503 (the platform's database away): only its fields are read. */
function unavailable() {
  return Object.assign(new Error('[GET] "/api/auth/v0/auth/check": 503 Service Unavailable'), {
    name: 'FetchError',
    statusCode: 503,
  })
}

/** What ofetch throws for the platform's 401 on an expired token. */
function tokenExpired() {
  return Object.assign(new Error('[GET] "/api/auth/v0/auth/check": 401 Unauthorized'), {
    name: 'FetchError',
    statusCode: 401,
    data: { message: 'Token expired', errors: [] },
  })
}

async function signedOut(session: ReturnType<typeof startSession>) {
  return waitFor(session.actor, (s) => s.matches({ loggedOut: 'idle' }))
}

async function signedIn(session: ReturnType<typeof startSession>) {
  return waitFor(session.actor, (s) => s.hasTag('signedIn'))
}

describe('session: restoring a stored session', () => {
  it('logs out with "No Token found in local storage" as a diagnostic when nothing is stored', async () => {
    const session = startSession({ stored: null })
    const state = await signedOut(session)
    expect(state.context.lastFailure).toBe(SESSION_MESSAGES.noStoredToken)
    expect(state.context.error).toBeNull()
    expect(state.hasTag('signedOut')).toBe(true)
    expect(session.called('validateToken')).toEqual([])
  })

  it('logs out with "No oAuth token found" when an SSO session has lost its token', async () => {
    const session = startSession({ stored: { token: ' ', authType: 'oauth' } })
    const state = await signedOut(session)
    expect(state.context.lastFailure).toBe(SESSION_MESSAGES.noOAuthToken)
    expect(state.context.error).toBeNull()
  })

  it('validates the stored token without signing in again, loads the user and permissions, stores them and signs in silently', async () => {
    const session = startSession({ stored: { token: 'stored-token', authType: 'token' } })
    const state = await signedIn(session)
    // A reload is no sign-in: the platform records `login`, not the stored token's check.
    expect(session.calls.map((call) => call.actor)).toEqual([
      'readStoredSession',
      'validateToken',
      'loadUser',
      'loadPermissions',
      'storeSession',
    ])
    expect(session.called('validateToken')[0]?.input).toEqual({ token: 'stored-token', authType: 'token' })
    expect(session.called('loadUser')[0]?.input).toEqual({ email: alice.email })
    expect(session.called('storeSession')[0]?.input).toEqual({
      token: 'stored-token',
      authType: 'token',
      user: alice,
      permissions: ['wadp.websites.*'],
    })
    expect(state.context.user).toEqual(alice)
    expect(state.context.permissions).toEqual(['wadp.websites.*'])
    // A restore is not a sign-in: the app must not jump to the saved redirect.
    expect(session.emitted).toEqual([])
  })

  it('logs out, keeping the reason as a diagnostic, when the stored token is refused', async () => {
    const session = startSession({
      stored: { token: 'old', authType: 'token' },
      validateToken: rejecting('Token expired'),
    })
    const state = await signedOut(session)
    expect(state.context.lastFailure).toBe('Token expired')
    expect(state.context.error).toBeNull()
    expect(state.context.user).toBeNull()
  })

  it('announces the expiry when the restore finds the stored token expired, so that the dialog says so', async () => {
    const session = startSession({
      stored: { token: 'old', authType: 'token' },
      validateToken: async () => {
        // The API client reports the 401's message before the call rejects.
        session.actor.send({ type: 'session.expired' })
        throw tokenExpired()
      },
    })
    await signedOut(session)
    expect(session.emitted).toEqual([{ type: 'session.expiredNotice' }])
  })

  it('waits for an unavailable platform during the restore instead of signing out, then restores (issue 25)', async () => {
    let tries = 0
    const session = startSession({
      stored: { token: 'stored-token', authType: 'token' },
      validateToken: async (input) => {
        tries += 1
        if (tries === 1) throw unavailable()
        return loginResult(input.authType)
      },
    })
    await waitFor(session.actor, (s) => s.hasTag('platformUnavailable'))
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true)
    session.clock.increment(2_000)
    await signedIn(session)
    expect(session.called('validateToken')).toHaveLength(2)
  })

  it('logs out and forgets the user when the permissions cannot be loaded during the restore', async () => {
    const session = startSession({
      stored: { token: 'stored-token', authType: 'token' },
      loadPermissions: rejecting('permissions down'),
    })
    const state = await signedOut(session)
    expect(state.context.user).toBeNull()
    expect(state.context.permissions).toEqual([])
    expect(state.context.lastFailure).toBe('permissions down')
  })
})

describe('session: signing in with a token', () => {
  it('strips a pasted "Bearer " prefix, signs in with auth type token and announces the sign-in', async () => {
    const session = startSession()
    await signedOut(session)
    session.actor.send({ type: 'session.signInWithToken', token: '  Bearer abc123 ' })
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true)
    const state = await signedIn(session)
    expect(session.called('login')[0]?.input).toEqual({ token: 'abc123', authType: 'token' })
    expect(state.context.credentials).toEqual({ token: 'abc123', authType: 'token' })
    expect(session.emitted).toEqual([{ type: 'session.signedIn' }])
  })

  it.each([
    ['blank', '   '],
    ['only a "Bearer " prefix', 'Bearer '],
  ])('refuses an empty token (%s) with "Token cannot be empty." and calls nothing', async (_, token) => {
    const session = startSession()
    await signedOut(session)
    session.actor.send({ type: 'session.signInWithToken', token })
    const state = session.actor.getSnapshot()
    expect(state.context.error).toBe(SESSION_MESSAGES.tokenEmpty)
    expect(state.matches({ loggedOut: 'idle' })).toBe(true)
    expect(session.called('login')).toEqual([])
  })

  it('shows the login failure message and stays logged out when the token is refused', async () => {
    const session = startSession({ login: rejecting('401') })
    await signedOut(session)
    session.actor.send({ type: 'session.signInWithToken', token: 'wrong' })
    await waitFor(session.actor, (s) => s.context.error !== null)
    const state = session.actor.getSnapshot()
    expect(state.context.error).toBe(SESSION_MESSAGES.loginFailed)
    expect(state.context.credentials).toBeNull()
    expect(state.hasTag('signedIn')).toBe(false)
  })

  it('does not sign in, and forgets the user, when the permissions cannot be loaded', async () => {
    const session = startSession({ loadPermissions: rejecting('403') })
    await signedOut(session)
    session.actor.send({ type: 'session.signInWithToken', token: 'abc' })
    const state = await waitFor(session.actor, (s) => s.context.error !== null)
    expect(state.context.error).toBe(SESSION_MESSAGES.loginFailed)
    expect(state.context.user).toBeNull()
    expect(session.emitted).toEqual([])
  })

  it('clears the previous error when a new attempt starts', async () => {
    const session = startSession()
    await signedOut(session)
    session.actor.send({ type: 'session.signInWithToken', token: '' })
    session.actor.send({ type: 'session.signInWithToken', token: 'abc' })
    expect(session.actor.getSnapshot().context.error).toBeNull()
  })
})

describe('session: single sign-on', () => {
  it('hands over to the identity provider', async () => {
    const session = startSession()
    await signedOut(session)
    session.actor.send({ type: 'session.signInWithSso' })
    await waitFor(session.actor, () => session.called('beginSso').length === 1)
    expect(session.actor.getSnapshot().matches({ loggedOut: 'redirectingToSso' })).toBe(true)
  })

  it('shows the login failure message when the redirect cannot start', async () => {
    const session = startSession({ beginSso: rejecting('no discovery document') })
    await signedOut(session)
    session.actor.send({ type: 'session.signInWithSso' })
    const state = await waitFor(session.actor, (s) => s.context.error !== null)
    expect(state.context.error).toBe(SESSION_MESSAGES.loginFailed)
  })

  it('exchanges the callback code and signs in with auth type oauth', async () => {
    const session = startSession()
    await signedOut(session)
    session.actor.send({ type: 'session.ssoCallback', url: 'https://console.test/oauth?code=1&state=2' })
    await signedIn(session)
    expect(session.called('completeSso')[0]?.input).toEqual({
      callbackUrl: 'https://console.test/oauth?code=1&state=2',
    })
    expect(session.called('login')[0]?.input).toEqual({ token: jwt(NOW / 1000 + 3600), authType: 'oauth' })
    expect(session.emitted).toEqual([{ type: 'session.signedIn' }])
  })

  it('refuses an expired identity token without calling login', async () => {
    const session = startSession({ completeSso: async () => ({ token: jwt(NOW / 1000 - 1) }) })
    await signedOut(session)
    session.actor.send({ type: 'session.ssoCallback', url: 'https://console.test/oauth?code=1' })
    const state = await waitFor(session.actor, (s) => s.context.error !== null)
    expect(state.context.error).toBe(SESSION_MESSAGES.tokenExpiredOrInvalid)
    expect(session.called('login')).toEqual([])
  })

  it('refuses a token that is not a JWT', async () => {
    const session = startSession({ completeSso: async () => ({ token: 'opaque' }) })
    await signedOut(session)
    session.actor.send({ type: 'session.ssoCallback', url: 'https://console.test/oauth?code=1' })
    const state = await waitFor(session.actor, (s) => s.context.error !== null)
    expect(state.context.error).toBe(SESSION_MESSAGES.tokenExpiredOrInvalid)
  })

  it('shows the login failure message when the code exchange fails', async () => {
    const session = startSession({ completeSso: rejecting('invalid_grant') })
    await signedOut(session)
    session.actor.send({ type: 'session.ssoCallback', url: 'https://console.test/oauth?code=1' })
    const state = await waitFor(session.actor, (s) => s.context.error !== null)
    expect(state.context.error).toBe(SESSION_MESSAGES.loginFailed)
  })

  it('completes the callback even when it arrives while the stored session is still being read', async () => {
    const session = startSession({ stored: { token: 'stored-token', authType: 'token' } })
    session.actor.send({ type: 'session.ssoCallback', url: 'https://console.test/oauth?code=1' })
    await signedIn(session)
    expect(session.called('login').map((call) => call.input)).toEqual([
      { token: jwt(NOW / 1000 + 3600), authType: 'oauth' },
    ])
  })
})

describe('session: while signed in', () => {
  async function signedInSession(options: Options = {}) {
    const session = startSession({ stored: { token: 'stored-token', authType: 'token' }, ...options })
    await signedIn(session)
    return session
  }

  it('checks the token every 30 seconds and stays signed in while it is accepted', async () => {
    const session = await signedInSession()
    session.clock.increment(29_999)
    expect(session.called('checkToken')).toHaveLength(0)
    session.clock.increment(1)
    await waitFor(
      session.actor,
      (s) => s.matches({ loggedIn: { tokenCheck: 'idle' } }) && session.called('checkToken').length === 1,
    )
    session.clock.increment(30_000)
    await waitFor(session.actor, () => session.called('checkToken').length === 2)
    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true)
  })

  it('logs out when the 30-second token check fails', async () => {
    const session = await signedInSession({ checkToken: rejecting('401') })
    session.clock.increment(30_000)
    const state = await signedOut(session)
    expect(state.context.user).toBeNull()
    expect(state.context.permissions).toEqual([])
    expect(state.context.lastFailure).toBe('401')
    expect(session.emitted).toEqual([{ type: 'session.signedOut', reason: 'tokenCheckFailed' }])
  })

  it('says the token expired when the check is refused for it, so that the Session Expired dialog opens', async () => {
    const session = await signedInSession({
      checkToken: async () => {
        throw tokenExpired()
      },
    })
    session.clock.increment(30_000)
    const state = await signedOut(session)
    expect(state.context.user).toBeNull()
    expect(session.emitted).toEqual([{ type: 'session.signedOut', reason: 'tokenExpired' }])
  })

  it('keeps the session while the platform is unavailable, says so, and checks again until it answers (issue 25)', async () => {
    let answers = 0
    const session = await signedInSession({
      checkToken: async () => {
        answers += 1
        // The first two checks meet the platform away (a 503), then it is back.
        if (answers <= 2) throw unavailable()
      },
    })
    session.clock.increment(30_000)
    await waitFor(session.actor, (s) => s.hasTag('platformUnavailable'))
    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true)
    session.clock.increment(2_000)
    await waitFor(session.actor, () => session.called('checkToken').length === 2)
    await waitFor(session.actor, (s) => s.hasTag('platformUnavailable'))
    session.clock.increment(2_000)
    await waitFor(session.actor, () => session.called('checkToken').length === 3)
    await waitFor(session.actor, (s) => s.matches({ loggedIn: { tokenCheck: 'idle' } }))
    expect(session.actor.getSnapshot().hasTag('platformUnavailable')).toBe(false)
    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true)
    expect(session.emitted).toEqual([])
  })

  it('clears the stored session on logout and tells the app', async () => {
    const session = await signedInSession()
    session.actor.send({ type: 'session.logout' })
    const state = await signedOut(session)
    expect(session.called('clearSession')).toHaveLength(1)
    expect(state.context.user).toBeNull()
    expect(state.context.credentials).toBeNull()
    expect(session.emitted).toEqual([{ type: 'session.signedOut', reason: 'logout' }])
  })

  it('signs out when another tab signed out, clearing nothing more and checking no more', async () => {
    const session = await signedInSession()
    session.actor.send({ type: 'session.clearedElsewhere' })
    const state = await signedOut(session)
    expect(state.context.credentials).toBeNull()
    expect(session.called('clearSession')).toHaveLength(0)
    expect(session.emitted).toEqual([{ type: 'session.signedOut', reason: 'elsewhere' }])
    session.clock.increment(60_000)
    expect(session.called('checkToken')).toHaveLength(0)
    // Signed out already: another tab's sign-out changes nothing.
    session.actor.send({ type: 'session.clearedElsewhere' })
    expect(session.emitted).toHaveLength(1)
  })

  it('stops checking the token after logout', async () => {
    const session = await signedInSession()
    session.actor.send({ type: 'session.logout' })
    await signedOut(session)
    session.clock.increment(60_000)
    expect(session.called('checkToken')).toHaveLength(0)
  })

  it('announces an expired session but leaves the logout to the dialog', async () => {
    const session = await signedInSession()
    session.actor.send({ type: 'session.expired' })
    expect(session.emitted).toEqual([{ type: 'session.expiredNotice' }])
    expect(session.actor.getSnapshot().hasTag('signedIn')).toBe(true)
  })

  it('reloads the user and permissions on request, stores them and says "User info updated"', async () => {
    let permissions = ['wadp.websites.list']
    const session = await signedInSession({ loadPermissions: async () => permissions })
    permissions = ['wadp.*.*']
    session.actor.send({ type: 'session.refreshPermissions' })
    expect(session.actor.getSnapshot().hasTag('refreshing')).toBe(true)
    const state = await waitFor(session.actor, (s) => s.matches({ loggedIn: { userInfo: 'current' } }))
    expect(state.context.permissions).toEqual(['wadp.*.*'])
    expect(session.called('storeSession')).toHaveLength(2)
    // The app then asks the open project's permissions again (src/root/navigation.ts).
    expect(session.emitted).toEqual([
      { type: 'session.notify', message: SESSION_MESSAGES.userInfoUpdated },
      { type: 'session.refreshed' },
    ])
  })

  it('keeps the current permissions and the session when a refresh fails', async () => {
    let fail = false
    const session = await signedInSession({
      loadPermissions: async () => {
        if (fail) throw new Error('timeout')
        return ['wadp.websites.list']
      },
    })
    fail = true
    session.actor.send({ type: 'session.refreshPermissions' })
    const state = await waitFor(session.actor, (s) => s.context.lastFailure === 'timeout')
    expect(state.hasTag('signedIn')).toBe(true)
    expect(state.context.permissions).toEqual(['wadp.websites.list'])
    expect(session.emitted).toEqual([])
  })

  it('keeps checking the token while the permissions are being refreshed', async () => {
    let refreshing = false
    const session = await signedInSession({ loadUser: async () => (refreshing ? new Promise(() => {}) : alice) })
    refreshing = true
    session.actor.send({ type: 'session.refreshPermissions' })
    session.clock.increment(30_000)
    await waitFor(session.actor, () => session.called('checkToken').length === 1)
    expect(session.actor.getSnapshot().hasTag('refreshing')).toBe(true)
  })
})

describe('session: defaults', () => {
  it('fails loudly when an actor was not provided', async () => {
    const actor = createActor(sessionMachine, { input: {} }).start()
    const state = await waitFor(actor, (s) => s.matches('loggedOut'))
    expect(state.context.lastFailure).toBe('readStoredSession not provided')
  })
})
