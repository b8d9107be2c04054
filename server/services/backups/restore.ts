import { and, eq } from 'drizzle-orm'
import { type BackupDocument, type ComparableEntry, planRestore, type RestorePlan } from '../../../src/domain/backup.ts'
import { recordAudit } from '../../audit.ts'
import { ApiError, badRequest, conflict, notFound } from '../../base/errors.ts'
import type { ServerContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { resources } from '../../db/schema.ts'
import { currentRevision } from '../../platform/revisions.ts'
import type { Caller, ResourceData, ResourceDefinition, ResourceRecord } from '../../resources/definition.ts'
import {
  deleteResource,
  insertResource,
  listResources,
  lockResource,
  searchTextOf,
  updateResource,
} from '../../resources/store.ts'
import { BACKUP_TYPE, backupTypes, entryFields, openSecrets } from './snapshots.ts'

type Stored = { definition: ResourceDefinition; record: ResourceRecord; entry: ComparableEntry }
type Wanted = { definition: ResourceDefinition; displayName: string | null; data: ResourceData; entry: ComparableEntry }

/** Far more than a project holds of one type; a restore reads each type whole. */
const ALL = 1_000_000

async function storedEntries(db: Db, definitions: ResourceDefinition[], project: string) {
  const stored = new Map<string, Map<string, Stored>>()
  for (const definition of definitions) {
    const { rows } = await listResources(db, definition.type, project, { page: 1, items: ALL })
    const byName = new Map<string, Stored>()
    for (const record of rows) {
      const { display_name, data, secrets } = entryFields(definition, record)
      byName.set(record.name, { definition, record, entry: { display_name, data, secrets } })
    }
    stored.set(definition.type, byName)
  }
  return stored
}

/**
 * The backup's resources with their sealed secrets opened. A secret sealed by another platform's key
 * cannot be opened: the stored one is kept, so it shows as unchanged.
 */
async function wantedEntries(
  db: Db,
  definitions: ResourceDefinition[],
  document: BackupDocument,
  stored: Map<string, Map<string, Stored>>,
) {
  const secrets = await openSecrets(db)
  const byType = new Map(definitions.map((definition) => [definition.type, definition]))
  const wanted = new Map<string, Map<string, Wanted>>()
  for (const [index, resource] of document.resources.entries()) {
    const definition = byType.get(resource.type)
    if (!definition) {
      throw badRequest(`the backup holds resources of type ${resource.type}, which backups do not restore`, [
        { field: `resources.${index}.type`, message: 'is not a type a backup holds' },
      ])
    }
    const byName = wanted.get(resource.type) ?? new Map<string, Wanted>()
    if (byName.has(resource.name)) {
      throw badRequest(`the backup holds ${definition.label} ${resource.name} twice`, [
        { field: `resources.${index}.name`, message: 'appears twice' },
      ])
    }
    const current = stored.get(resource.type)?.get(resource.name)
    const opened: Record<string, string> = {}
    for (const field of definition.secretFields ?? []) {
      const sealed = resource.sealed?.[field]
      const text = sealed ? secrets.unseal(sealed) : null
      const kept = current?.entry.secrets[field]
      if (text !== null) opened[field] = text
      else if (sealed && kept !== undefined) opened[field] = kept
    }
    byName.set(resource.name, {
      definition,
      displayName: resource.display_name,
      data: resource.data,
      entry: { display_name: resource.display_name, data: resource.data, secrets: opened },
    })
    wanted.set(resource.type, byName)
  }
  return wanted
}

const entriesOf = <T extends { entry: ComparableEntry }>(map: Map<string, Map<string, T>>) =>
  new Map([...map].map(([type, byName]) => [type, new Map([...byName].map(([name, item]) => [name, item.entry]))]))

/** What restoring the document would change in the project now, and the revision that plan is for. */
export async function planFor(ctx: ServerContext, project: string, document: BackupDocument, db: Db = ctx.db) {
  const definitions = backupTypes(ctx.resources)
  const stored = await storedEntries(db, definitions, project)
  const wanted = await wantedEntries(db, definitions, document, stored)
  const types = definitions.map((definition) => definition.type)
  return { changes: planRestore(types, entriesOf(stored), entriesOf(wanted)), stored, wanted }
}

/** An error about one resource of the backup, named so the user knows which one. */
function about(definition: ResourceDefinition, name: string, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error
  const message = `${definition.label} ${name} in the backup: ${error.message}`
  return new ApiError(error.status === 409 ? 409 : 400, message, error.errors)
}

/**
 * Holds the project alone for the transaction and reads its revision: its row locked `for update`, the
 * first lock taken, as every write into the project takes it first (`key share`, `holdScope`). Writes
 * already under way finish first, later ones wait for the restore, and nothing moves the revision
 * meanwhile. (Locking the revision row first, as before, took the locks in another order than a write,
 * which locks its rows first and the revision last: the two deadlocked on PostgreSQL.)
 */
async function lockedRevision(tx: Db, project: string): Promise<number> {
  if (!(await lockResource(tx, 'projects', '', project, 'update'))) throw notFound(`project ${project}`)
  return (await currentRevision(tx, project)).revision
}

/** Ends a dry run's transaction once every check has passed: nothing it wrote is kept. */
class TriedOnly extends Error {
  constructor(readonly plan: RestorePlan) {
    super('dry run')
  }
}

/**
 * Puts the project's configuration back as the document holds it, in one transaction: every change of
 * the plan, or none. `planRevision` is the revision a dry run showed; a project changed since is a 409
 * carrying the fresh plan. Rules that involve other resources (references, a domain used once, a page
 * rule's priority) are checked on the state the restore leaves, so the order of the writes cannot make
 * a consistent backup fail. A dry run (`dryRun`) makes the same writes and checks and then undoes them
 * all: its plan says why applying it would be refused (`refused`: a domain another project uses, a
 * reference to nothing), which reading the plan alone could not, instead of the apply refusing after a
 * plan that looked fine.
 */
export async function applyRestore(
  ctx: ServerContext,
  project: string,
  backup: string,
  document: BackupDocument,
  planRevision: number | undefined,
  caller: Caller,
  dryRun = false,
): Promise<RestorePlan> {
  const service = ctx.resources
  // The plan as a dry run found it, once made: what it says when one of the checks refuses it.
  const dry: { plan: RestorePlan | null } = { plan: null }
  const result = await ctx.db
    .transaction(async (transaction) => {
      const tx = transaction as Db
      const revision = await lockedRevision(tx, project)
      const { changes, stored, wanted } = await planFor(ctx, project, document, tx)
      if (dryRun) dry.plan = { changes, plan_revision: revision }
      else if (planRevision !== undefined && planRevision !== revision) {
        throw conflict(
          `the project changed since the dry run (revision ${planRevision}, now ${revision}); nothing was restored: review the new plan`,
          { changes, plan_revision: revision },
        )
      }
      // Every step resolved up front: what is stored now, what the backup wants, and the checked body.
      const steps = changes.map((change) => {
        const current = stored.get(change.type)?.get(change.name) ?? null
        const target = wanted.get(change.type)?.get(change.name) ?? null
        const definition = (target ?? current)?.definition
        if (!definition) throw new Error(`restore plan names an unknown ${change.type} ${change.name}`)
        let body: { displayName: string | null; data: ResourceData } | null = null
        if (target) {
          try {
            const parsed = service.parseBody(
              definition,
              { ...target.data, ...target.entry.secrets, name: change.name, display_name: target.displayName },
              'create',
            )
            body = { displayName: parsed.displayName, data: parsed.data }
          } catch (error) {
            throw about(definition, change.name, error)
          }
        }
        return { change, definition, before: current?.record ?? null, body, after: null as ResourceRecord | null }
      })
      // Deletes first (those naming others before what they name), then updates and creates in order.
      for (const step of steps.filter((s) => !s.body).reverse()) {
        await deleteResource(tx, step.definition.type, project, step.change.name, step.before?.revision ?? 0)
      }
      for (const step of steps) {
        if (!step.body) continue
        const { definition, change, before } = step
        const { displayName, data } = step.body
        const fields = {
          type: definition.type,
          scope: project,
          name: change.name,
          displayName,
          data: { ...data },
          searchText: searchTextOf(definition, change.name, displayName, data),
          actor: caller.principal.email,
        }
        step.after = before
          ? await updateResource(tx, { ...fields, expectedRevision: before.revision })
          : await insertResource(tx, fields)
        if (!step.after) throw conflict(`${definition.label} ${change.name} changed while it was being restored`)
      }
      // The state is complete: check it as each write would have been checked.
      for (const step of steps) {
        const { change, definition, before, body } = step
        try {
          if (!body) {
            const referrers = await service.referrersOf(tx, definition, project, change.name)
            if (referrers.length > 0) {
              const list = referrers.map((r) => `${r.label} ${r.name}`).join(', ')
              throw conflict(`it is left out of the backup but still used by ${list}`)
            }
            continue
          }
          await service.checkReferences(tx, definition, project, body.data)
          const adjusted = await definition.hooks?.beforeWrite?.({
            db: tx,
            scope: project,
            name: change.name,
            data: body.data,
            existing: before,
            principal: caller.principal,
          })
          if (adjusted && step.after) {
            await tx
              .update(resources)
              .set({ data: adjusted })
              .where(
                and(eq(resources.type, definition.type), eq(resources.scope, project), eq(resources.name, change.name)),
              )
            step.after = { ...step.after, ...adjusted }
          }
        } catch (error) {
          throw about(definition, change.name, error)
        }
      }
      if (dry.plan) throw new TriedOnly(dry.plan)
      for (const { change, definition, before, after } of steps) {
        await service.afterWrite(tx, definition, project, caller, change.action, before, after)
      }
      await recordAudit(tx, {
        actor: caller.actor,
        action: 'backups.restore',
        result: 'success',
        resource: { type: BACKUP_TYPE, name: backup },
        project,
        changes: { before: { revision }, after: { changes } },
      })
      return { changes, types: new Set(steps.map((step) => step.definition)) }
    })
    .catch((error: unknown) => {
      if (error instanceof TriedOnly) return error.plan
      // Refused by a rule the dry run's writes met: the plan, and why applying it would be refused.
      if (dry.plan && error instanceof ApiError && (error.status === 400 || error.status === 409))
        return { ...dry.plan, refused: error.message }
      throw error
    })
  if (!('types' in result)) return result
  for (const definition of result.types) service.changed(definition, project)
  return { changes: result.changes, plan_revision: (await currentRevision(ctx.db, project)).revision, applied: true }
}
