import type { SyncDetail } from '../../src/domain/sync.ts'

/** A simulated node of a sync answer: not updated yet, nothing unusual, unless `fields` says otherwise. */
export const syncNode = (endpoint: string, fields: Partial<SyncDetail> = {}): SyncDetail => ({
  endpoint,
  status_source: 'simulated',
  updated: false,
  maintenance: false,
  available: true,
  ...fields,
})
