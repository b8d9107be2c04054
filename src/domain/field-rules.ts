import type * as v from 'valibot'

/**
 * Small rules several resource types share. They live apart from any one type so that a type's screens
 * load its own schema without another's (the security types used to pull in page rules and directors).
 */

/** HTTP methods a rule can match. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const

/** TLS versions, oldest first. */
export const TLS_PROTOCOLS = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const

/**
 * The message of a nested object's own issues: a missing key says `is required` (on the key's path),
 * anything else that is not an object says so.
 */
export function objectMessage(issue: v.BaseIssue<unknown>): string {
  return issue.input === undefined && issue.path ? 'is required' : 'must be an object'
}

/** Whether a pattern compiles as a JavaScript regular expression. */
export function isRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern)
    return true
  } catch {
    return false
  }
}
