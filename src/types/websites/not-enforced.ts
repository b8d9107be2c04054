import type { WebsiteData } from './fields.ts'

/** What a website asks for that Varnish nodes do not do (EDGE.md: said, never pretended). */
export function websiteNotEnforced(website: WebsiteData): string[] {
  const notes: string[] = []
  if (website.ssl_policies.length > 0) notes.push('its TLS policies (Varnish Cache does not terminate TLS)')
  if (website.default_rules.geoip_lookup_country_enabled || website.default_rules.geoip_lookup_continent_enabled)
    notes.push('GeoIP lookups (no GeoIP database on Varnish nodes)')
  if (website.challenges.length > 0) notes.push('its captchas (Varnish nodes cannot show a challenge)')
  return notes
}
