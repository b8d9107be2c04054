import type { SnapshotFrom } from 'xstate'
import type { sessionMachine } from './session.ts'

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/**
 * The first 6 characters of the API token the session signed in with, as a token record keeps them
 * (`prefix`), or null (signed in with SSO, or not at all): the token pages say which token is yours. In
 * a module of its own, apart from the session's other selectors, which the console's start loads.
 */
export const selectTokenPrefix = (state: SessionSnapshot): string | null => {
  const credentials = state.context.credentials
  return state.hasTag('signedIn') && credentials?.authType === 'token' ? credentials.token.slice(0, 6) : null
}
