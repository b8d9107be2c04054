/**
 * index.html carries its own copy of the sign-in page (src/prerender.tsx), which a visitor on a slow
 * network may type into before the JavaScript runs. What they did there is read once, right before
 * React's first render replaces that copy, and the console's sign-in form goes on from it.
 */

/** The attribute of the element that holds index.html's copy of the sign-in page. */
export const PRERENDERED_SIGN_IN = 'data-signin'
/**
 * Put on that copy's form by index.html's inline script when it refuses the browser's own submit (which
 * would send the token in the address): the visitor asked to sign in before the JavaScript ran.
 */
export const SUBMITTED_EARLY = 'data-submitted'
/** The attribute of the copy's "Sign in with SSO" button. */
export const SSO_BUTTON = 'data-sso'
/**
 * Put on the copy (the element with PRERENDERED_SIGN_IN) by index.html's inline script when its "Sign in
 * with SSO" button is clicked: a button with no script of its own, which would otherwise do nothing.
 */
export const SSO_ASKED_EARLY = 'data-sso-asked'

/**
 * The token typed, whether the field had the focus, whether they asked to sign in (Enter or the button),
 * and whether they asked to sign in with SSO.
 */
export type EarlySignIn = { token: string; focused: boolean; submitted: boolean; sso: boolean }

const NOTHING: EarlySignIn = { token: '', focused: false, submitted: false, sso: false }
let field: HTMLInputElement | null = null
let focused = false

/**
 * Finds the copy's token field: the sign-in page's module calls it as it loads, before React's first render
 * where the copy is shown (routes/-shell/SignInScreen.tsx). The field is read
 * when the console's form takes it, so what is typed until React removes the copy counts too.
 */
export function keepEarlySignIn(): void {
  const found = document.querySelector<HTMLInputElement>(`[${PRERENDERED_SIGN_IN}] input[name="token"]`)
  field = found
  focused = found !== null && document.activeElement === found
  found?.addEventListener('focus', () => {
    focused = true
  })
  // The browser blurs the field as React removes the copy, while it is still in the page: only a blur
  // that leaves it in the page (the visitor moved on) counts.
  found?.addEventListener('blur', () =>
    queueMicrotask(() => {
      if (found.isConnected) focused = false
    }),
  )
}

/** What the copy held, once: the first sign-in form takes it, a later one (after a sign-out) starts empty. */
export function takeEarlySignIn(): EarlySignIn {
  const taken = field
    ? {
        token: field.value,
        focused,
        submitted: field.form?.hasAttribute(SUBMITTED_EARLY) ?? false,
        sso: field.closest(`[${PRERENDERED_SIGN_IN}]`)?.hasAttribute(SSO_ASKED_EARLY) ?? false,
      }
    : NOTHING
  field = null
  focused = false
  return taken
}
