import * as v from 'valibot'
import { BackendHealthAnswer, type BackendHealthFilters } from '../domain/backend-health.ts'
import type { ApiClients } from './http.ts'

/** `GET /api/core/v0/backend-health`: one row per director backend, filtered by project and director. */
export async function listBackendHealth(api: ApiClients, filters: BackendHealthFilters, signal?: AbortSignal) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value))
  return v.parse(BackendHealthAnswer, await api.core('/backend-health', { query, signal })).data
}
