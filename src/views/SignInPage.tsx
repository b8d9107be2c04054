import { type FormEvent, useEffect, useRef, useState } from 'react'
import { SESSION_MESSAGES } from '../domain/session.ts'
import { Button } from '../ui/Button.tsx'
import { SSO_BUTTON, takeEarlySignIn } from '../ui/early-sign-in.ts'
import { TextField } from '../ui/TextField.tsx'
import { usePageTitle } from '../ui/usePageTitle.ts'

export type SignInPageProps = {
  onTokenSignIn: (token: string) => void
  onSsoSignIn: () => void
  /** A sign-in failure to show, e.g. 'Login failed. Your credentials or permissions are incorrect.' */
  error?: string
  /** A sign-in is in progress: the button pressed is busy, the other disabled. */
  busy?: boolean
}

export function SignInPage({ onTokenSignIn, onSsoSignIn, error, busy = false }: SignInPageProps) {
  usePageTitle('Sign in')
  // What the visitor typed into index.html's copy of this page before the JavaScript ran.
  const [early] = useState(takeEarlySignIn)
  // Kept here, not in the machine: what the user typed survives a failed attempt.
  const [token, setToken] = useState(early.token)
  const [emptyToken, setEmptyToken] = useState(false)
  // The error is the field's description, read out as the focus moves there (from the button). Enter in the
  // field moves nothing: the live region says it then, in a node of its own each time (`refusals` its key),
  // so that a second refusal, the same words, is read again; as the focus moving reads it, it says nothing.
  const [said, setSaid] = useState({ refusals: 0, text: '' })
  const [pressed, setPressed] = useState<'token' | 'sso' | null>(null)
  const form = useRef<HTMLFormElement>(null)

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault()
    if (busy) return
    // Pasted tokens often carry a trailing newline or space.
    const trimmed = token.trim()
    if (trimmed === '') {
      setEmptyToken(true)
      const field = form.current?.querySelector('input')
      const text = document.activeElement === field ? SESSION_MESSAGES.tokenEmpty : ''
      setSaid((previous) => ({ refusals: previous.refusals + 1, text }))
      // To the field, whose error is then read out with it.
      field?.focus()
      return
    }
    setPressed('token')
    onTokenSignIn(trimmed)
  }

  function signInWithSso() {
    if (busy) return
    setPressed('sso')
    onSsoSignIn()
  }

  // A sign-in asked for before the JavaScript ran (Enter or a button) goes ahead now, once.
  const earlyPending = useRef<'token' | 'sso' | null>(early.submitted ? 'token' : early.sso ? 'sso' : null)
  useEffect(() => {
    const pending = earlyPending.current
    earlyPending.current = null
    if (pending === 'token') submit()
    if (pending === 'sso') signInWithSso()
  })

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="flex w-full max-w-sm flex-col gap-6 rounded-lg border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">WADP Console</p>
        </header>
        {error && (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {error}
          </p>
        )}
        <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <TextField
            label="API token"
            type="password"
            name="token"
            autoComplete="off"
            spellCheck={false}
            autoFocus={early.focused}
            value={token}
            onChange={(event) => {
              setToken(event.target.value)
              setEmptyToken(false)
              // Said once: the copy goes as the user types (browse mode would read it again).
              setSaid((previous) => ({ ...previous, text: '' }))
            }}
            error={emptyToken ? SESSION_MESSAGES.tokenEmpty : undefined}
          />
          <p aria-live="polite" className="sr-only">
            {said.text && <span key={said.refusals}>{said.text}</span>}
          </p>
          {/* The pressed one is busy, not disabled: it keeps the focus (src/ui/Button.tsx). */}
          <Button type="submit" busy={busy && pressed === 'token'} disabled={busy && pressed !== 'token'}>
            Sign in with token
          </Button>
        </form>
        <div
          className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400 uppercase"
          aria-hidden="true"
        >
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
          or
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        </div>
        <Button
          variant="secondary"
          onClick={signInWithSso}
          busy={busy && pressed === 'sso'}
          disabled={busy}
          {...{ [SSO_BUTTON]: '' }}
        >
          Sign in with SSO
        </Button>
      </div>
    </main>
  )
}
