import { and, eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { conflict } from '../../../server/base/errors.ts'
import type { Db } from '../../../server/db/client.ts'
import { resources } from '../../../server/db/schema.ts'
import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { type BlocklistData, BlocklistFields, isExpired, normaliseBlocklistValue } from './fields.ts'
import { accessListUi } from './screen.ts'

export const BLOCKLIST = 'access-list'

/** What makes an entry unique (RESOURCES.md): its scope (and project), target and value. */
export const keyOf = (entry: Pick<BlocklistData, 'scope' | 'project' | 'target' | 'value'>) =>
  `${entry.scope === 'project' ? `project:${entry.project}` : 'platform'}|${entry.target}|${entry.value}`

/**
 * Every stored entry's key and name. Writers take one transaction-scoped advisory lock first, so two
 * writers of the same value (on any process) take turns and the second one sees the first.
 */
export async function storedKeys(db: Db): Promise<Map<string, string>> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${BLOCKLIST}))`)
  const rows = await db
    .select({ name: resources.name, data: resources.data })
    .from(resources)
    .where(and(eq(resources.type, BLOCKLIST), eq(resources.scope, '')))
  return new Map(rows.map((row) => [keyOf(row.data as BlocklistData), row.name]))
}

const describeEntry = (entry: Pick<BlocklistData, 'scope' | 'project' | 'target' | 'value'>) =>
  `${entry.target} ${entry.value} ${entry.scope === 'project' ? `in project ${entry.project}` : 'on the platform'}`

/**
 * Blocklist entries (`/api/core/v0/access-list`): platform configuration, so every change bumps the
 * platform revision the admin sync view follows. `status` (active or expired) is derived from
 * `expires_at` and the clock on every read; an expired entry stays until someone deletes it.
 */
export function blocklistEntries(now: () => number): ResourceDefinition {
  return {
    type: BLOCKLIST,
    label: 'blocklist entry',
    service: 'core',
    scope: 'platform',
    permissionService: 'wadp',
    fields: BlocklistFields,
    references: referenceFieldsOf(accessListUi),
    owners: ownerFieldsOf(accessListUi),
    listFilters: ['target', 'action', 'scope', 'project'],
    searchable: (data) => [String(data.value ?? ''), String(data.notes ?? '')],
    configuration: true,
    readOnlyFields: ['status'],
    derivedFields: {
      status: v.pipe(v.picklist(['active', 'expired']), v.description('active, or expired once past expires_at')),
    },
    hooks: {
      async beforeWrite({ db, name, data }) {
        const given = data as BlocklistData
        const normalised = normaliseBlocklistValue(given.target, given.value)
        // The schema checked the value; stored normalised, a platform entry names no project.
        const entry: BlocklistData = {
          ...given,
          value: 'value' in normalised ? normalised.value : given.value,
          project: given.scope === 'project' ? given.project : null,
        }
        const holder = (await storedKeys(db)).get(keyOf(entry))
        if (holder !== undefined && holder !== name) {
          const message = `blocklist entry ${holder} already holds ${describeEntry(entry)}`
          throw conflict(message, undefined, [{ field: 'value', message: `already held by blocklist entry ${holder}` }])
        }
        return entry
      },
      present: (record) => ({
        ...record,
        status: isExpired({ expires_at: record.expires_at }, now()) ? 'expired' : 'active',
      }),
    },
  }
}

export const server: TypeServer = { definition: (clock) => blocklistEntries(() => clock.now()) }
