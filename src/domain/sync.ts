/** One node's line in a sync response (spec section 3, "Sync detail row"). */
export type SyncDetail = {
  endpoint: string
  status_source: string
  updated: boolean
  maintenance: boolean
  available: boolean
}

export type SyncState = { error: string | null; updated: boolean; finished: boolean; details: SyncDetail[] }

/** The country of a node endpoint such as `pop-fr-par-1`: its second segment, 'uk' shown as 'gb'. */
export function countryOfEndpoint(endpoint: string): string | null {
  const code = endpoint.split('-')[1]?.toLowerCase()
  if (!code) return null
  return code === 'uk' ? 'gb' : code
}
