import * as v from 'valibot'
import { SearchResult } from '../domain/project.ts'
import type { ApiClients } from './http.ts'

/** Spec section 9: the global search may take up to 45 s. */
export const SEARCH_TIMEOUT_MS = 45_000

export async function searchResources(api: ApiClients, query: string): Promise<SearchResult[]> {
  const body = await api.core('/search', { query: { query }, timeout: SEARCH_TIMEOUT_MS })
  return v.parse(v.object({ data: v.array(SearchResult) }), body).data
}
