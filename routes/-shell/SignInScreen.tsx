import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectIsBusy, selectSignInError } from '../../machines/session.selectors.ts'
import { keepEarlySignIn } from '../../src/ui/early-sign-in.ts'
import { SignInPage } from '../../src/views/SignInPage.tsx'

const root = getRouteApi('__root__')

// This module is loaded before React's first render whenever index.html's copy of the sign-in page is the
// one shown (no stored session: SignInFrame.tsx), and that render replaces the copy: what was typed into
// it is kept from here. Loaded later, it finds no copy, and the form starts empty.
keepEarlySignIn()

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
