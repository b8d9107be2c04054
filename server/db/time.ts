/** PostgreSQL's text form of a timestamp (`2026-11-21 05:52:38.837+00`) as ISO 8601. */
export function isoTimestamp(value: string): string {
  return new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}`.replace(/\+00$/, 'Z')).toISOString()
}
