import { unnamedHeader, VCL_HEADER_NAME } from '../../domain/vcl.ts'
import type { RateLimitData } from './fields.ts'

/** What of a rate limit a Varnish node does not do (EDGE.md: said, never pretended); nothing when it is off. */
export function rateLimitNotEnforced(limit: RateLimitData): string[] {
  if (!limit.enabled) return []
  const notes: string[] = []
  if (limit.keys.some((key) => key === 'country' || key.startsWith('country:')))
    notes.push('counting by country (no GeoIP database on Varnish nodes)')
  if (limit.counter_scope === 'global')
    notes.push('one counter for all nodes: each Varnish node counts its own requests')
  for (const key of limit.keys)
    if (key.startsWith('header:') && !VCL_HEADER_NAME.test(key.slice(7)))
      notes.push(`counting by ${unnamedHeader(key.slice(7))}`)
  if (limit.action === 'challenge') notes.push('a challenge (Varnish nodes cannot show a captcha): logged instead')
  return notes
}
