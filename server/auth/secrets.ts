import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A new API token secret: 32 random bytes, base64url (43 characters). */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens are stored only as this SHA-256 hash (hex); a look-up hashes the presented token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(hashSecret(a), 'hex')
  const right = Buffer.from(hashSecret(b), 'hex')
  return timingSafeEqual(left, right)
}
