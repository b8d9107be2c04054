import type { Attention, Draft, FieldSpec, Option } from '../../domain/resource-ui.ts'

// What API tokens and access tokens share on screen: their status in words and when to draw attention.

const DAY_MS = 86_400_000
/** A token that stops within this many days is shown as expiring soon. */
export const EXPIRING_SOON_DAYS = 14

/** What a token's status says in words (the server shows an active token past its expiry as expired). */
export const TOKEN_STATUS_OPTIONS: Option[] = [
  { value: 'active', label: 'Active' },
  { value: 'revoked', label: 'Revoked' },
  { value: 'expired', label: 'Expired' },
]

/**
 * An active token that stops within `EXPIRING_SOON_DAYS` (a script using it is about to fail), or one
 * that has expired. A revoked token needs nothing more.
 */
export function tokenAttention(record: Draft, now: number): Attention | null {
  if (record.status === 'expired') return { tone: 'danger', text: 'Expired' }
  if (record.status !== 'active' || typeof record.expires_at !== 'string') return null
  const left = Date.parse(record.expires_at) - now
  if (left <= 0) return { tone: 'danger', text: 'Expired' }
  if (left > EXPIRING_SOON_DAYS * DAY_MS) return null
  const days = Math.ceil(left / DAY_MS)
  return { tone: 'warning', text: days === 1 ? 'Expires within a day' : `Expires in ${days} days` }
}

/** Revoking is final: a revoked token offers no Edit (the server would refuse the save). */
export const tokenEditable = (record: Draft): boolean => record.status !== 'revoked'

/** A token's read-only state, the same on API tokens and access tokens: its status and its secret's prefix. */
export const TOKEN_STATE_FIELDS: FieldSpec[] = [
  { kind: 'select', path: 'status', label: 'Status', options: TOKEN_STATUS_OPTIONS, readOnly: true },
  { kind: 'text', path: 'prefix', label: 'Prefix', readOnly: true, help: 'The first 6 characters of the secret.' },
]
