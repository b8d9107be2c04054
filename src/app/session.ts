import type { QueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import { sessionMachine } from '../../machines/session.ts'
import type { Credentials, StoredSessionData } from '../../machines/session.types.ts'
import { getConsoleConfig } from '../api/console-config.ts'
import type { ApiClients } from '../api/http.ts'
import {
  checkSession,
  checkToken,
  getPermissions,
  getUser,
  login,
  parseLogin,
  parsePermissions,
  parseUser,
} from '../api/session.ts'
import { type AuthType, type LoginResult, type SessionUser, SSO_CALLBACK_PATH } from '../domain/session.ts'
import { type EarlyRequests, earlyOr } from './early-requests.ts'
import type { HeadStart } from './head-start.ts'
import { storage } from './storage.ts'

type PendingSso = { verifier: string; state: string }

/** The OpenID Connect sign-in's steps, loaded with its first use: a token sign-in or a restore never needs them. */
const loadOidc = () => import('../api/oidc.ts')

function isPendingSso(value: unknown): value is PendingSso {
  return typeof value === 'object' && value !== null && 'verifier' in value && 'state' in value
}

/** The session machine with its real side effects: the platform API, local storage and the SSO redirect. */
export function provideSession(
  api: ApiClients,
  queryClient: QueryClient,
  origin: string,
  headStart: HeadStart,
  early: EarlyRequests,
  startProjectRequests: (token: string) => void,
) {
  const redirectUri = `${origin}${SSO_CALLBACK_PATH}`
  // The machine asks for these one after another once the token is accepted; the network need not wait for each answer.
  const openSession = (token: string, result: LoginResult): LoginResult => {
    const email = result.user.email
    headStart.start('user', () => earlyOr(early.take('user', { token, email }), parseUser, () => getUser(api, email)))
    headStart.start('permissions', () =>
      earlyOr(early.take('permissions', { token }), parsePermissions, () => getPermissions(api)),
    )
    startProjectRequests(token)
    return result
  }
  return sessionMachine.provide({
    actors: {
      readStoredSession: fromPromise<Credentials | null>(async () => {
        const authType = storage.get(storage.keys.authType) as AuthType | null
        if (authType === 'oauth') return { authType, token: storage.get(storage.keys.oauthToken) ?? '' }
        const token = storage.get(storage.keys.authToken)
        return token === null ? null : { authType: 'token', token }
      }),
      login: fromPromise<LoginResult, Credentials>(async ({ input }) =>
        openSession(input.token, await login(api, input.token)),
      ),
      validateToken: fromPromise<LoginResult, Credentials>(async ({ input }) => {
        const { token } = input
        return openSession(token, await earlyOr(early.take('session', { token }), parseLogin, () => checkSession(api)))
      }),
      loadUser: fromPromise<SessionUser, { email: string }>(({ input }) =>
        headStart.take('user', () => getUser(api, input.email)),
      ),
      loadPermissions: fromPromise<string[]>(() => headStart.take('permissions', () => getPermissions(api))),
      storeSession: fromPromise<void, StoredSessionData>(async ({ input }) => {
        storage.set(storage.keys.authType, input.authType)
        storage.set(input.authType === 'oauth' ? storage.keys.oauthToken : storage.keys.authToken, input.token)
        storage.set(storage.keys.userName, `${input.user.first_name} ${input.user.last_name}`.trim())
        storage.set(storage.keys.userEmail, input.user.email)
        storage.setJson(storage.keys.permissions, input.permissions)
      }),
      clearSession: fromPromise<void>(async () => {
        storage.clearSignedOut()
        headStart.clear()
        // Nothing one user's session read may show in the next one's.
        queryClient.clear()
      }),
      beginSso: fromPromise<void>(async () => {
        const [config, oidc] = await Promise.all([getConsoleConfig(api), loadOidc()])
        const endpoints = await oidc.discover(config.oidc.issuer)
        const { verifier, challenge, state } = await oidc.pkcePair()
        storage.setJson(storage.keys.oauthPending, { verifier, state } satisfies PendingSso)
        window.location.assign(
          oidc.authorizeUrl(endpoints, {
            clientId: config.oidc.client_id,
            scopes: config.oidc.scopes,
            redirectUri,
            challenge,
            state,
          }),
        )
        // The page is leaving for the identity provider; nothing follows here.
        await new Promise<never>(() => {})
      }),
      completeSso: fromPromise<{ token: string }, { callbackUrl: string }>(async ({ input }) => {
        const params = new URL(input.callbackUrl).searchParams
        const pending = storage.getJson(storage.keys.oauthPending)
        storage.remove(storage.keys.oauthPending)
        const code = params.get('code')
        if (params.get('error'))
          throw new Error(params.get('error_description') ?? params.get('error') ?? 'sign-in refused')
        if (!code || !isPendingSso(pending) || params.get('state') !== pending.state) {
          throw new Error('this sign-in answer does not belong to a sign-in started here')
        }
        const [config, oidc] = await Promise.all([getConsoleConfig(api), loadOidc()])
        const endpoints = await oidc.discover(config.oidc.issuer)
        const token = await oidc.exchangeCode(endpoints, {
          clientId: config.oidc.client_id,
          code,
          verifier: pending.verifier,
          redirectUri,
        })
        return { token }
      }),
      checkToken: fromPromise<void>(() => checkToken(api)),
    },
  })
}
