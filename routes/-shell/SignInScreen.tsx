import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectIsBusy, selectSignInError } from '../../machines/session.selectors.ts'
import { SignInPage } from '../../src/views/SignInPage.tsx'

const root = getRouteApi('__root__')

/** The sign-in page, shown on any path while signed out (the path is where sign-in returns to). */
export function SignInScreen() {
  const { actors } = root.useRouteContext()
  const error = useSelector(actors.session, selectSignInError)
  const busy = useSelector(actors.session, selectIsBusy)
  return (
    <SignInPage
      error={error ?? undefined}
      busy={busy}
      onTokenSignIn={(token) => actors.session.send({ type: 'session.signInWithToken', token })}
      onSsoSignIn={() => actors.session.send({ type: 'session.signInWithSso' })}
    />
  )
}
