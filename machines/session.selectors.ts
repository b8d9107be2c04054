import type { SnapshotFrom } from 'xstate'
import type { AuthType, SessionUser } from '../src/domain/session.ts'
import type { sessionMachine } from './session.ts'

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

export const selectIsSignedIn = (state: SessionSnapshot): boolean => state.hasTag('signedIn')
/** Still finding out whether a stored session is usable: show neither the console nor the sign-in page. */
export const selectIsResolving = (state: SessionSnapshot): boolean =>
  state.matches('checkingSession') || state.matches('restoring')
export const selectIsBusy = (state: SessionSnapshot): boolean => state.hasTag('busy')
/** The message the sign-in page shows, from SESSION_MESSAGES. */
export const selectSignInError = (state: SessionSnapshot): string | null => state.context.error
export const selectUser = (state: SessionSnapshot): SessionUser | null => state.context.user
export const selectPermissions = (state: SessionSnapshot): string[] => state.context.permissions
export const selectAuthType = (state: SessionSnapshot): AuthType | null =>
  state.hasTag('signedIn') ? (state.context.credentials?.authType ?? null) : null
/** A session check or restore got no answer from the platform (issue 25): the console says so while it retries. */
export const selectIsPlatformUnavailable = (state: SessionSnapshot): boolean => state.hasTag('platformUnavailable')
