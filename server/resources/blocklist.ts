import { and, eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import {
  type BlocklistData,
  BlocklistFields,
  isExpired,
  normaliseBlocklistValue,
} from '../../src/domain/resources/blocklist.ts'
import {
  BlocklistImportBody,
  blocklistNameOf,
  MAX_BLOCKLIST_IMPORT,
  parseBlocklistLines,
} from '../../src/domain/resources/blocklist-import.ts'
import { recordAudit } from '../audit.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { cacheGroup } from '../db/generations.ts'
import { resources } from '../db/schema.ts'
import { badRequest, conflict } from '../http/errors.ts'
import type { ServiceRouter } from '../http/service.ts'
import { bumpRevision } from '../platform/revisions.ts'
import type { ResourceDefinition } from './definition.ts'
import { callerOf } from './router.ts'
import { insertResource, searchTextOf } from './store.ts'

export const BLOCKLIST = 'access-list'

/** What makes an entry unique (RESOURCES.md): its scope (and project), target and value. */
const keyOf = (entry: Pick<BlocklistData, 'scope' | 'project' | 'target' | 'value'>) =>
  `${entry.scope === 'project' ? `project:${entry.project}` : 'platform'}|${entry.target}|${entry.value}`

/**
 * Every stored entry's key and name. Writers take one transaction-scoped advisory lock first, so two
 * writers of the same value (on any process) take turns and the second one sees the first.
 */
async function storedKeys(db: Db): Promise<Map<string, string>> {
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
    references: { project: 'projects' },
    listFilters: ['target', 'action', 'scope', 'project'],
    searchable: (data) => [String(data.value ?? ''), String(data.notes ?? '')],
    configuration: true,
    readOnlyFields: ['status'],
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

const ImportResult = v.object({
  data: v.object({
    added: v.pipe(v.number(), v.description('Entries created')),
    duplicates: v.pipe(v.number(), v.description('Lines whose entry existed already or came earlier in the paste')),
    invalid: v.pipe(
      v.array(v.object({ line: v.number(), text: v.string(), message: v.string() })),
      v.description('Lines that are no value of any target, with their line number and the reason'),
    ),
    names: v.pipe(v.array(v.string()), v.description('The names of the entries created')),
  }),
})

/**
 * `POST /access-list/import`: pasted values, one per line, each an entry with the body's action, scope
 * and expiry. Invalid lines are reported and never block the valid ones; values already listed (or
 * pasted twice) are counted as duplicates. All of it is one transaction, one audit entry and one bump
 * of the platform revision; past the limit nothing is written.
 */
export function registerBlocklistImport(router: ServiceRouter, ctx: ServerContext, definition: ResourceDefinition) {
  router.route({
    method: 'post',
    path: `/${BLOCKLIST}/import`,
    tag: BLOCKLIST,
    summary: 'Add pasted values to the blocklist, one entry per line',
    description:
      'Each line is read as an address, a network (CIDR), an AS number or a country code. Invalid lines are reported with their line number, the valid ones added; values already listed count as duplicates.',
    access: { permission: 'wadp.access-list.create' },
    body: BlocklistImportBody,
    status: 200,
    response: ImportResult,
    handler: async ({ c, body, principal }) => {
      if (body.scope === 'project' && !body.project) {
        throw badRequest('choose the project the entries apply to', [
          { field: 'project', message: 'choose the project it applies to' },
        ])
      }
      const project = body.scope === 'project' ? body.project : null
      const pasted = parseBlocklistLines(body.text)
      if (pasted.entries.length > MAX_BLOCKLIST_IMPORT) {
        const message = `${pasted.entries.length.toLocaleString('en-US')} values pasted, more than ${MAX_BLOCKLIST_IMPORT.toLocaleString('en-US')}; nothing was imported`
        throw badRequest(message, [{ field: 'text', message }])
      }
      const caller = callerOf(c, principal)
      const result = await ctx.db.transaction(async (tx) => {
        const db = tx as Db
        if (project !== null) await ctx.resources.checkReferences(db, definition, '', { project })
        const held = await storedKeys(db)
        const taken = new Set(held.values())
        const names: string[] = []
        let duplicates = 0
        for (const line of pasted.entries) {
          const data: BlocklistData = {
            target: line.target,
            value: line.value,
            action: body.action,
            notes: line.notes,
            expires_at: body.expires_at,
            scope: body.scope,
            project,
          }
          const key = keyOf(data)
          if (held.has(key)) {
            duplicates += 1
            continue
          }
          const name = freeName(blocklistNameOf(line.target, line.value), taken)
          taken.add(name)
          held.set(key, name)
          const record = await insertResource(db, {
            type: BLOCKLIST,
            scope: '',
            name,
            displayName: null,
            data,
            searchText: searchTextOf(definition, name, null, data),
            actor: principal.email,
          })
          if (!record) throw conflict(`blocklist entry ${name} was created meanwhile; import again`)
          names.push(name)
        }
        if (names.length > 0) {
          await recordAudit(db, {
            actor: caller.actor,
            action: `${BLOCKLIST}.import`,
            result: 'success',
            resource: { type: BLOCKLIST, name: names.length === 1 ? (names[0] as string) : `${names.length} entries` },
            project,
            changes: {
              before: null,
              after: { added: names, action: body.action, scope: body.scope, expires_at: body.expires_at },
            },
          })
          await ctx.generations.bump(db, [cacheGroup(BLOCKLIST, '')])
          await bumpRevision(db, '')
        }
        return { added: names.length, duplicates, invalid: pasted.invalid, names }
      })
      if (result.added > 0) ctx.resources.changed(definition, '')
      return c.json({ data: result })
    },
  })
}

/** `base`, or `base-2`, `base-3`… when taken. */
function freeName(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base
  for (let suffix = 2; ; suffix += 1) {
    const name = `${base}-${suffix}`
    if (!taken.has(name)) return name
  }
}
