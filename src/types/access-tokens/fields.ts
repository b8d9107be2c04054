import * as v from 'valibot'
import { IsoDateTime, Slug, uniqueItems } from '../../domain/common.ts'

/** How a visitor's request carries the token to the edge. */
export const ACCESS_TOKEN_TRANSPORTS = ['header', 'query', 'cookie'] as const
/** The protections a request carrying a valid token skips. */
export const ACCESS_TOKEN_BYPASSES = ['challenge', 'rate_limit', 'waf'] as const
export const ACCESS_TOKEN_STATUSES = ['active', 'revoked'] as const

/** An HTTP header or cookie name is an RFC 9110 token; a query parameter name stays URL-safe unescaped. */
const HEADER_OR_COOKIE_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/
const QUERY_NAME = /^[A-Za-z0-9._~-]+$/

/**
 * An access token (`/api/core/v0/projects/{p}/access-tokens`): a secret the project hands to some of
 * its visitors (a partner's monitoring, a QA team) so that the edge lets their requests to `websites`
 * (none listed = every website of the project) skip the protections in `bypass`. The secret is issued by
 * the server and returned once; only its hash is kept.
 */
export const AccessTokenFields = v.pipe(
  v.object({
    websites: v.optional(
      v.pipe(
        v.array(Slug, 'must be a list of website names'),
        v.maxLength(100, 'at most 100 websites'),
        uniqueItems<string>(),
        v.description('The project’s websites it opens; none for every website of the project'),
      ),
      [],
    ),
    transport: v.optional(
      v.pipe(
        v.picklist(ACCESS_TOKEN_TRANSPORTS, 'must be header, query or cookie'),
        v.description('How a visitor’s request carries it: a header, a query parameter or a cookie'),
      ),
      'header',
    ),
    parameter_name: v.optional(
      v.pipe(
        v.string('must be a string'),
        v.trim(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(64, 'at most 64 characters'),
        v.description('The name of that header, query parameter or cookie'),
      ),
      'X-Access-Token',
    ),
    bypass: v.optional(
      v.pipe(
        v.array(
          v.picklist(ACCESS_TOKEN_BYPASSES, 'must be challenge, rate_limit or waf'),
          'must be a list of challenge, rate_limit or waf',
        ),
        uniqueItems<(typeof ACCESS_TOKEN_BYPASSES)[number]>(),
        v.description('Protections its holders skip: challenge, rate_limit, waf'),
      ),
      [],
    ),
    expires_at: v.optional(
      v.pipe(v.nullable(IsoDateTime), v.description('When it stops working; none for never')),
      null,
    ),
    enabled: v.optional(v.pipe(v.boolean('must be true or false'), v.description('false pauses it')), true),
    status: v.optional(
      v.pipe(
        v.picklist(ACCESS_TOKEN_STATUSES, 'must be active or revoked'),
        v.description('revoked for good (POST …/revoke); shown expired once past expires_at'),
      ),
      'active',
    ),
  }),
  v.forward(
    v.partialCheck(
      [['transport'], ['parameter_name']],
      (token) => (token.transport === 'query' ? QUERY_NAME : HEADER_OR_COOKIE_NAME).test(token.parameter_name),
      "use letters, digits and - . _ ~ (a header or cookie name may also hold ! # $ % & ' * + ^ ` |)",
    ),
    ['parameter_name'],
  ),
)
export type AccessTokenData = v.InferOutput<typeof AccessTokenFields>

/** What is wrong with a new expiry (the server checks one that changed; the form before sending). */
export function accessTokenExpiryProblem(expiresAt: string, now: Date): string | null {
  return Date.parse(expiresAt) <= now.getTime() ? 'must be in the future' : null
}
