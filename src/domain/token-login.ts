import * as v from 'valibot'

/**
 * The token sign-in's request (`POST /api/auth/v0/login`), apart from the other requests
 * (`requests.ts`, which re-exports it): the session machine checks it before any page, so this module
 * starts with the console, and whatever its module imports goes up front with it.
 */

/**
 * The console and the server both drop a pasted `Bearer ` prefix (spec section 7): a paste of the prefix
 * alone is an empty token, not the token "Bearer".
 */
export function stripBearer(value: string): string {
  return value
    .trim()
    .replace(/^bearer(\s+|$)/i, '')
    .trim()
}

export const TOKEN_EMPTY_MESSAGE = 'Token cannot be empty.'

/** `POST /api/auth/v0/login` body. */
export const TokenLogin = v.object({
  token: v.pipe(
    v.string('must be a string'),
    // Before the transform: openapi.json describes the input, which ends where a transform starts.
    v.description('An API token or an OpenID Connect access token; a Bearer prefix is dropped'),
    v.transform(stripBearer),
    v.minLength(1, TOKEN_EMPTY_MESSAGE),
  ),
})
