import { createLocalJWKSet, createRemoteJWKSet, errors, type JSONWebKeySet, jwtVerify } from 'jose'

export type VerifiedAccessToken = { email: string; groups: string[]; expiresAt: Date }

export class AccessTokenError extends Error {
  constructor(
    message: string,
    readonly expired: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = 'AccessTokenError'
  }
}

export type AccessTokenVerifierOptions =
  | { issuer: string; audience: string; jwks: JSONWebKeySet }
  | { issuer: string; audience: string; jwksUri: string }

// Asymmetric algorithms only: accepting HS* would let anyone holding the public JWKS forge tokens.
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']

/**
 * Verifies signature, iss, aud and exp with jose, and that the token names an e-mail its issuer does not
 * call unverified (`email_verified: false`). Expired → AccessTokenError('token expired', true); anything
 * else → AccessTokenError('invalid token', false).
 *
 * The `typ` header is not enforced: external issuers do not all use RFC 9068's `at+jwt`, and the audience
 * check already keeps ID tokens (aud = client id) out.
 */
export function createAccessTokenVerifier(
  options: AccessTokenVerifierOptions,
): (token: string) => Promise<VerifiedAccessToken> {
  const keys = 'jwks' in options ? createLocalJWKSet(options.jwks) : createRemoteJWKSet(new URL(options.jwksUri))
  const { issuer, audience } = options

  return async (token) => {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload']
    try {
      ;({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp'],
      }))
    } catch (cause) {
      // jose checks the signature before the claims, so JWTExpired implies an authentic token.
      if (cause instanceof errors.JWTExpired) throw new AccessTokenError('token expired', true, { cause })
      throw new AccessTokenError('invalid token', false, { cause })
    }

    const email = payload.email
    // The e-mail names the user: one its issuer says it has not verified names no one (access tokens
    // often leave the claim out, which is taken as the issuer's word that the address is its user's).
    if (
      typeof email !== 'string' ||
      email === '' ||
      payload.email_verified === false ||
      typeof payload.exp !== 'number'
    ) {
      throw new AccessTokenError('invalid token', false)
    }
    const groups = Array.isArray(payload.groups)
      ? payload.groups.filter((group): group is string => typeof group === 'string')
      : []
    return { email, groups, expiresAt: new Date(payload.exp * 1000) }
  }
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

/** Three base64url segments: tells a JWT apart from an opaque token without verifying it. */
export function looksLikeJwt(token: string): boolean {
  return JWT_SHAPE.test(token)
}
