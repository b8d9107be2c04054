import * as v from 'valibot'
import type { BlocklistImportInput } from '../types/blocklist/import.ts'
import type { ApiClients } from './http.ts'

const ImportReport = v.object({
  added: v.number(),
  duplicates: v.number(),
  invalid: v.array(v.object({ line: v.number(), text: v.string(), message: v.string() })),
  names: v.array(v.string()),
})
export type BlocklistImportReport = v.InferOutput<typeof ImportReport>

/** Pasted values into the blocklist (`POST /api/core/v0/access-list/import`): one entry per valid line. */
export async function importBlocklist(api: ApiClients, request: BlocklistImportInput): Promise<BlocklistImportReport> {
  // Thousands of lines take a moment to check and store.
  const body = await api.core('/access-list/import', { method: 'POST', body: request, timeout: 60_000 })
  return v.parse(v.object({ data: ImportReport }), body).data
}
