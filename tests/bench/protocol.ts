/** Messages between the benchmark (parent) and the server it runs in a child process. */

/** Printed by the child as one JSON line on stdout once the server listens. */
export type ReadyLine = { url: string; rows: number }

/** Parent → child over the IPC channel: top the database up to `total` resources. */
export type FillRequest = { type: 'fill'; total: number; projects: number }

/** Child → parent once the fill is done (or failed). */
export type FillReply =
  | { type: 'filled'; rows: number; projects: number; directors: number; websites: number; ms: number }
  | { type: 'fill-failed'; message: string }

export function isFillRequest(value: unknown): value is FillRequest {
  if (typeof value !== 'object' || value === null) return false
  const message = value as Record<string, unknown>
  return message.type === 'fill' && typeof message.total === 'number' && typeof message.projects === 'number'
}

export function isFillReply(value: unknown): value is FillReply {
  if (typeof value !== 'object' || value === null) return false
  const type = (value as Record<string, unknown>).type
  return type === 'filled' || type === 'fill-failed'
}

/** Name prefixes of the bulk websites, so a query such as `site-0424` matches a handful of rows, not all. */
export const WEBSITE_PREFIXES = ['site', 'shop', 'app', 'api', 'blog', 'docs', 'static', 'media', 'www', 'portal']

export const TENANT_PREFIX = 'tenant-'
