import type { BlocklistData } from './fields.ts'

/** What of a blocklist entry a Varnish node does not do (EDGE.md: said, never pretended). */
export function blocklistNotEnforced(entry: BlocklistData): string[] {
  if (entry.target === 'asn' || entry.target === 'country')
    return [`an entry by ${entry.target === 'asn' ? 'AS number' : 'country'} (no GeoIP database on Varnish nodes)`]
  if (entry.action === 'challenge') return ['a challenge (Varnish nodes cannot show a captcha)']
  return []
}
