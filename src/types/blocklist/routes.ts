import * as v from 'valibot'
import { recordAudit } from '../../../server/audit.ts'
import { badRequest, conflict } from '../../../server/base/errors.ts'
import type { ServerContext } from '../../../server/context.ts'
import type { Db } from '../../../server/db/client.ts'
import { cacheGroup } from '../../../server/db/generations.ts'
import { callerOf } from '../../../server/http/resource-router.ts'
import type { ServiceRouter } from '../../../server/http/service.ts'
import type { TypeRoutes } from '../../../server/http/type-routes.ts'
import { bumpRevision } from '../../../server/platform/revisions.ts'
import type { ResourceDefinition } from '../../../server/resources/definition.ts'
import { insertResource, searchTextOf } from '../../../server/resources/store.ts'
import type { BlocklistData } from './fields.ts'
import { BlocklistImportBody, blocklistNameOf, MAX_BLOCKLIST_IMPORT, parseBlocklistLines } from './import.ts'
import { BLOCKLIST, keyOf, storedKeys } from './server.ts'

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
          // The revision before the generation, as every writer (ResourceService.afterWrite).
          await bumpRevision(db, '')
          await ctx.generations.bump(db, [cacheGroup(BLOCKLIST, '')])
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

export const routes: TypeRoutes = (router, ctx, definition) => registerBlocklistImport(router, ctx, definition)
