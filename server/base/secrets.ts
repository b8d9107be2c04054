import { createHash, randomBytes } from 'node:crypto'

/** A new API token secret: 32 random bytes, base64url (43 characters). */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens are stored only as this SHA-256 hash (hex); a look-up hashes the presented token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}
