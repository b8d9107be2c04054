import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectTokenPrefix } from '../../machines/session-token.selectors.ts'
import type { StoredRecord } from '../../src/api/resources.ts'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'

const root = getRouteApi('__root__')

/**
 * The name of the API token this console is signed in with, when it is among these records of a type
 * (an API token's record keeps its first characters, `prefix`), else null: revoking or deleting it signs
 * the console out, which its question says.
 */
export function useSessionTokenName(ui: Pick<ResourceUi, 'type'>, records: readonly StoredRecord[]): string | null {
  const { actors } = root.useRouteContext()
  const prefix = useSelector(actors.session, selectTokenPrefix)
  if (ui.type !== 'tokens' || prefix === null) return null
  return records.find((record) => record.prefix === prefix)?.name ?? null
}
