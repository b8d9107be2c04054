import type { FormStart } from './useFormActor.ts'

/**
 * What a form held when the session expired under it (the Session Expired dialog over it: its save met
 * an expired token, or the 30-second check found one), given back to the same user's same form once they
 * signed in again. In memory only: Continue, the sign-in and the way back to the form reload nothing. The
 * form's page is named by `key` (the type, the project, the record or none).
 */
let kept: { key: string; user: string; start: FormStart } | null = null

/** A form's page: its type, its project and its record (none for an add form). */
export const draftKey = (type: string, project: string, name: string | null) => JSON.stringify([type, project, name])

export function keepDraft(key: string, user: string, start: FormStart): void {
  kept = { key, user, start }
}

/** The kept draft of this page, once, and only for the user who typed it (React's strict mode uses its first call). */
export function takeDraft(key: string, user: string): FormStart | null {
  const found = kept?.key === key ? kept : null
  if (found) kept = null
  return found && found.user === user ? found.start : null
}
