import type { ReactNode } from 'react'
import type { StoredRecord } from '../../src/api/resources.ts'
import type { ResourcePage } from './useResourcePage.ts'

/**
 * What a type adds to its detail page: actions beside Edit, content after the summary, and how often
 * to read the record again while the server is still moving it on (a certificate being issued).
 */
export type DetailAddons = {
  actions?: (record: StoredRecord, context: AddonContext) => ReactNode
  content?: (record: StoredRecord, context: AddonContext) => ReactNode
  refetchInterval?: (record: StoredRecord) => number | false
}
export type AddonContext = {
  project: string
  can: ResourcePage['can']
  page: ResourcePage
}
