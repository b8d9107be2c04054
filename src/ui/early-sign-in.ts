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

/** The token typed, whether the field had the focus, whether they asked to sign in (Enter or the button). */
export type EarlySignIn = { token: string; focused: boolean; submitted: boolean }

const NOTHING: EarlySignIn = { token: '', focused: false, submitted: false }
let kept: EarlySignIn = NOTHING

/** Reads index.html's copy of the sign-in page: the boot module calls it right before React's first render. */
export function keepEarlySignIn(): void {
  const field = document.querySelector<HTMLInputElement>(`[${PRERENDERED_SIGN_IN}] input[name="token"]`)
  kept = field
    ? {
        token: field.value,
        focused: document.activeElement === field,
        submitted: field.form?.hasAttribute(SUBMITTED_EARLY) ?? false,
      }
    : NOTHING
}

/** What keepEarlySignIn read, once: the first sign-in form takes it, a later one (after a sign-out) starts empty. */
export function takeEarlySignIn(): EarlySignIn {
  const taken = kept
  kept = NOTHING
  return taken
}
