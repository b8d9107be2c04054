import * as v from 'valibot'
import { toFieldErrors } from '../../src/domain/common.ts'
import type { ResourceLink } from '../../src/domain/resource-links.ts'
import { META_FIELDS } from '../../src/domain/resource-ui.ts'
import { recordAudit, redact } from '../audit.ts'
import { ApiError, badRequest, conflict, notFound } from '../base/errors.ts'
import type { Db } from '../db/client.ts'
import { cacheGroup, Generations } from '../db/generations.ts'
import { bumpRevision } from '../platform/revisions.ts'
import { transactionBefore } from './deadline.ts'
import {
  bodySchema,
  type Caller,
  type ResourceData,
  type ResourceDefinition,
  type ResourceRecord,
  referencedNames,
} from './definition.ts'
import { typesUsed, typesUsing, usedBy, usesOf } from './links.ts'
import { type CachedResponse, type ResourceLinks, ResponseCache } from './response-cache.ts'
import {
  deleteResource,
  existingNames,
  findReferrers,
  getResource,
  heldBy,
  insertResource,
  type ListQuery,
  listResources,
  lockResource,
  searchTextOf,
  updateResource,
} from './store.ts'

/** The platform itself acting with every permission (seeding, bulk loads), named in audit entries. */
export function systemCaller(email: string, agent: string): Caller {
  return {
    principal: {
      authType: 'token',
      email,
      firstName: 'System',
      lastName: '',
      roles: ['admin'],
      permissions: ['wadp.*.*'],
      projects: null,
      expiresAt: new Date(8.64e15),
    },
    actor: { type: 'system', email: null, token_prefix: null, ip: 'local', user_agent: agent },
  }
}
export type Precondition = number | '*'

/** A 409: the resource's revision moved between the read a write started from and the write itself. */
class StaleWrite extends ApiError {}

/**
 * How many times a write with `If-Match: *` is made at most, each on what the one it lost to left: of the
 * writers of one resource at one moment one wins each round, so as many as there are writers (and the
 * write deadline, when the caller has one, ends it sooner: a 503 that says nothing was stored).
 */
const ANY_REVISION_ATTEMPTS = 50

/** Parses `If-Match: "3"` (or `*`); a write without it is refused with 412 (API.md). */
export function parseIfMatch(header: string | undefined): Precondition {
  if (header === undefined || header.trim() === '') {
    throw new ApiError(412, 'If-Match header required: send the revision you last read, e.g. If-Match: "3"')
  }
  const value = header.trim()
  if (value === '*') return '*'
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(value)
  if (!match?.[1]) throw badRequest('If-Match must be a revision in quotes, e.g. "3"')
  return Number(match[1])
}

/**
 * Told of every change: the type, the scope and, when known, the names of the resources that changed
 * and the generation their transaction moved the group to (shared databases).
 */
type Listener = (type: string, scope: string, names?: readonly string[], generation?: number) => void

/** A committed change to tell the listeners of: type, scope, and the name and generation when known. */
type Changed = [ResourceDefinition, string, string?, number?]

export class ResourceService {
  private readonly definitions = new Map<string, ResourceDefinition>()
  private readonly listeners: Listener[] = []

  constructor(
    private readonly db: Db,
    private readonly cache: ResponseCache,
    private readonly generations: Generations,
  ) {}

  /**
   * The same types written through `db`, one transaction (the demo seed, all or nothing): a cache of its
   * own and no listeners, since nothing it writes is seen before the transaction commits; whoever opened
   * the transaction tells this service's listeners afterwards (`changed`).
   */
  within(db: Db): ResourceService {
    const service = new ResourceService(db, new ResponseCache(), new Generations(db, this.generations.shared))
    for (const definition of this.definitions.values()) service.register(definition)
    return service
  }

  register(definition: ResourceDefinition): void {
    this.definitions.set(definition.type, definition)
    this.linkedTypes.clear()
  }

  /**
   * Per type, the types its GET of one reads for `referenced_by` and `uses` (see `./links.ts`): its cached
   * answer depends on them, and a change to any of them drops it. Known once every type is registered.
   */
  private readonly linkedTypes = new Map<string, { usedBy: Set<string>; uses: Set<string> }>()

  private linked(type: string) {
    let found = this.linkedTypes.get(type)
    if (!found) {
      found = { usedBy: typesUsing(this.definitions, type), uses: typesUsed(this.definitions, type) }
      this.linkedTypes.set(type, found)
    }
    return found
  }

  definition(type: string): ResourceDefinition | undefined {
    return this.definitions.get(type)
  }

  /** A type the server was given (src/types' registry): one it was not given is a fault of the code. */
  registered(type: string): ResourceDefinition {
    const found = this.definitions.get(type)
    if (!found) throw new Error(`resource type ${type} is not registered`)
    return found
  }

  all(): ResourceDefinition[] {
    return [...this.definitions.values()]
  }

  onChange(listener: Listener): void {
    this.listeners.push(listener)
  }

  present(definition: ResourceDefinition, record: ResourceRecord): ResourceRecord {
    const shown: ResourceRecord = { ...record }
    // A write-only field is never returned: the API says whether one is set (`secret` -> `secret_set`).
    for (const field of definition.secretFields ?? []) {
      shown[`${field}_set`] = typeof record[field] === 'string' && record[field] !== ''
      delete shown[field]
    }
    return definition.hooks?.present ? definition.hooks.present(shown) : shown
  }

  /**
   * A response body from the cache, or computed and cached until the type changes in that scope.
   * Types presented with time-dependent fields (a token turns `expired`) are never cached.
   */
  private async cached(
    definition: ResourceDefinition,
    scope: string,
    key: string,
    compute: () => Promise<CachedResponse>,
    alsoDependsOn: readonly string[] = [],
  ): Promise<CachedResponse> {
    if (definition.hooks?.present || definition.hooks?.derive) return compute()
    const group = cacheGroup(definition.type, scope)
    // A project's resources go when the project goes, and its name may be taken again.
    const groups = scope === '' ? [group] : [group, cacheGroup('projects', '')]
    for (const type of alsoDependsOn) groups.push(cacheGroup(type, scope))
    // The database's generations (several processes) and this process's own invalidations, both read
    // before computing: a change landing meanwhile makes the next look-up's stamp differ.
    const stamp = `${await this.generations.stamp(groups)}/${this.cache.version(group)}`
    const hit = this.cache.get(group, key, stamp)
    if (hit !== undefined) return hit
    const body = await compute()
    this.cache.set(group, key, body, stamp)
    return body
  }

  /** The records with the type's database-derived fields (`derive`), as the API returns them. */
  async derived(definition: ResourceDefinition, records: ResourceRecord[]): Promise<ResourceRecord[]> {
    return definition.hooks?.derive ? definition.hooks.derive(this.db, records) : records
  }

  /** The referenced types a type's through fields read (`filterThrough`). */
  private throughTypes(definition: ResourceDefinition): string[] {
    return Object.values(definition.filterThrough ?? {}).map(
      ({ reference }) => definition.references?.[reference] ?? '',
    )
  }

  /** Adds the through fields (a project's organization) to records, with one query per referenced type. */
  private async withThrough(definition: ResourceDefinition, scope: string, records: ResourceRecord[]) {
    for (const [field, { reference, holds }] of Object.entries(definition.filterThrough ?? {})) {
      const type = definition.references?.[reference]
      const target = type ? this.definitions.get(type) : undefined
      if (!type || !target) continue
      const names = [...new Set(records.map((record) => record[reference]).filter((name) => typeof name === 'string'))]
      const held = await heldBy(this.db, type, target.scope === 'project' ? scope : '', names as string[], holds)
      for (const record of records) record[field] = held.get(String(record[reference])) ?? null
    }
    return records
  }

  async listBody(definition: ResourceDefinition, scope: string, query: ListQuery): Promise<CachedResponse> {
    const through = Object.fromEntries(
      Object.entries(definition.filterThrough ?? {}).map(([filter, { reference, holds }]) => [
        filter,
        { reference, holds, type: definition.references?.[reference] ?? '' },
      ]),
    )
    return this.cached(
      definition,
      scope,
      `list|${query.page}|${query.items}|${query.q ?? ''}|${query.sort ?? ''}|${JSON.stringify(query.filters ?? {})}`,
      async () => {
        const { rows, total } = await listResources(this.db, definition.type, scope, { ...query, through })
        const data = await this.withThrough(
          definition,
          scope,
          await this.derived(
            definition,
            rows.map((row) => this.present(definition, row)),
          ),
        )
        return { body: JSON.stringify({ data, meta: { total, page: query.page, items: query.items } }) }
      },
      // Through fields read the referenced type: the answer changes with it.
      this.throughTypes(definition),
    )
  }

  /**
   * One resource's response body, with its revision as the ETag. A type that others can name adds
   * `referenced_by` (what uses it, directly or through others), and a type that names others `uses` (what
   * it uses, the same way): its cached answer also depends on the types those read.
   */
  async getBody(definition: ResourceDefinition, scope: string, name: string): Promise<CachedResponse> {
    const linked = this.linked(definition.type)
    return this.cached(
      definition,
      scope,
      `get|${name}`,
      async () => {
        const record = await this.get(definition, scope, name)
        const [shown] = (await this.withThrough(
          definition,
          scope,
          await this.derived(definition, [this.present(definition, record)]),
        )) as [ResourceRecord]
        const links: ResourceLinks = {}
        if (linked.usedBy.size > 0)
          links.referenced_by = await usedBy(this.db, this.definitions, definition, scope, name)
        if (linked.uses.size > 0) links.uses = await usesOf(this.db, this.definitions, definition, scope, name, record)
        return { body: JSON.stringify({ data: shown }), etag: `"${record.revision}"`, links }
      },
      [...linked.usedBy, ...linked.uses, ...this.throughTypes(definition)],
    )
  }

  /**
   * A GET of one's body with its links, those a caller may see: a link (or a resource on its way) of a
   * type the caller may not get is left out, as the inventory's references are (`mayGet` says).
   */
  withLinks({ body, links }: CachedResponse, mayGet: (definition: ResourceDefinition) => boolean): string {
    if (!links || Object.keys(links).length === 0) return body
    const visible = (link: ResourceLink) =>
      [link, ...(link.through ?? [])].every((step) => {
        const type = this.definitions.get(step.type)
        return type !== undefined && mayGet(type)
      })
    const shown = Object.entries(links).map(
      ([field, list]) => `,${JSON.stringify(field)}:${JSON.stringify(list.filter(visible))}`,
    )
    // The body is `{"data":{…}}`: the links go at the end of the record.
    return `${body.slice(0, -2)}${shown.join('')}}}`
  }

  async get(definition: ResourceDefinition, scope: string, name: string): Promise<ResourceRecord> {
    const record = await getResource(this.db, definition.type, scope, name)
    if (!record) throw notFound(`${definition.label} ${name}`)
    return record
  }

  /** Validates a body against the type's schema; server-managed fields are ignored. */
  parseBody(definition: ResourceDefinition, body: unknown, mode: 'create' | 'update') {
    // A missing body, null or a list is no resource: taking it as {} would reset every field to its default.
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest(`the request body must be a JSON object holding the ${definition.label}'s fields`)
    }
    const input: Record<string, unknown> = { ...body }
    for (const field of [...META_FIELDS, ...(definition.readOnlyFields ?? [])]) delete input[field]
    const result = v.safeParse(bodySchema(definition, mode), input)
    if (!result.success) {
      const errors = toFieldErrors(result.issues)
      throw badRequest(
        `invalid ${definition.label}: ${errors.map((e) => `${e.field || 'body'} ${e.message}`).join('; ')}`,
        errors,
      )
    }
    const { name, display_name, ...data } = result.output as ResourceData & {
      name?: string
      display_name: string | null
    }
    const keyName = definition.key ? (data[definition.key.field] as string | undefined) : name
    return { name: keyName, displayName: display_name, data }
  }

  async create(definition: ResourceDefinition, scope: string, body: unknown, caller: Caller) {
    const parsed = this.parseBody(definition, body, 'create')
    const name = parsed.name ?? ''
    const result = await transactionBefore(this.db, caller.deadline, async (tx) => {
      await this.holdScope(tx as Db, definition, scope)
      const args = {
        db: tx as Db,
        scope,
        name,
        data: parsed.data,
        existing: null,
        principal: caller.principal,
        concurrent: this.generations.shared,
      }
      await this.checkReferences(tx as Db, definition, scope, parsed.data)
      const data = (await definition.hooks?.beforeWrite?.(args)) ?? parsed.data
      const secret = await definition.hooks?.issueSecret?.({ ...args, data })
      const record = await insertResource(tx as Db, {
        type: definition.type,
        scope,
        name,
        displayName: parsed.displayName,
        data: secret?.data ?? data,
        searchText: searchTextOf(definition, name, parsed.displayName, data),
        secretHash: secret?.hash,
        actor: caller.principal.email,
      })
      if (!record) {
        const field = definition.key?.field ?? 'name'
        throw conflict(`${definition.label} ${name} already exists`, undefined, [
          { field, message: 'is already taken' },
        ])
      }
      const generation = await this.afterWrite(tx as Db, definition, scope, caller, 'create', null, record)
      return { record, reveal: secret?.reveal ?? {}, generation }
    })
    this.changed(definition, scope, [result.record.name], result.generation)
    const [shown] = (await this.derived(definition, [this.present(definition, result.record)])) as [ResourceRecord]
    return { record: { ...shown, ...result.reveal }, revealed: result.reveal }
  }

  /** PUT replaces the fields; PATCH (`merge`) applies the given top-level fields to the current ones. */
  async update(
    definition: ResourceDefinition,
    scope: string,
    name: string,
    precondition: Precondition,
    body: unknown,
    caller: Caller,
    merge: boolean,
    /** Server-maintained fields this update sets (a certificate's new order); no body can. */
    maintained: ResourceData = {},
  ) {
    return this.anyRevision(precondition, async () => {
      const current = await this.get(definition, scope, name)
      this.checkPrecondition(definition, current, precondition)
      const keyField = definition.key?.field ?? 'name'
      const sent = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as ResourceData) : null
      if (sent && sent[keyField] !== undefined && sent[keyField] !== name) {
        throw badRequest(`${keyField} cannot be changed`, [
          { field: keyField, message: 'cannot be changed after creation' },
        ])
      }
      const source = merge && sent ? { ...this.editableFields(definition, current), ...sent } : body
      const parsed = this.parseBody(definition, source, 'update')
      // The field that names a resource (a user's e-mail) cannot change: a replacement that leaves it out keeps it.
      if (definition.key) parsed.data[definition.key.field] = name
      // A write that leaves a write-only field out keeps the stored one (a client never read it back).
      for (const field of definition.secretFields ?? []) {
        if (parsed.data[field] === undefined && current[field] !== undefined) parsed.data[field] = current[field]
      }
      const { record, generation } = await transactionBefore(this.db, caller.deadline, async (tx) => {
        await this.holdScope(tx as Db, definition, scope)
        await this.checkReferences(tx as Db, definition, scope, parsed.data)
        const args = {
          db: tx as Db,
          scope,
          name,
          data: parsed.data,
          existing: current,
          principal: caller.principal,
          concurrent: this.generations.shared,
        }
        const written = (await definition.hooks?.beforeWrite?.(args)) ?? parsed.data
        // Server-maintained fields carry over, unless the type's own rule just recomputed them.
        const data = { ...this.readOnlyOf(definition, current), ...written, ...maintained }
        const updated = await updateResource(tx as Db, {
          type: definition.type,
          scope,
          name,
          displayName: parsed.displayName,
          data,
          searchText: searchTextOf(definition, name, parsed.displayName, data),
          actor: caller.principal.email,
          expectedRevision: current.revision,
        })
        if (!updated) throw await this.staleConflict(tx as Db, definition, scope, name)
        const generation = await this.afterWrite(tx as Db, definition, scope, caller, 'update', current, updated)
        return { record: updated, generation }
      })
      this.changed(definition, scope, [name], generation)
      const [shown] = (await this.derived(definition, [this.present(definition, record)])) as [ResourceRecord]
      return shown
    })
  }

  /**
   * Deletes a resource in one transaction. With `cascade`, the resources of its `cascadesTo` types that
   * name it go first, each deleted as if asked for (its own hooks and audit entry): a customer takes its
   * projects, and each project its configuration. Anything failing on the way undoes all of it.
   */
  async remove(
    definition: ResourceDefinition,
    scope: string,
    name: string,
    precondition: Precondition,
    caller: Caller,
    options: { cascade?: boolean } = {},
  ) {
    return this.anyRevision(precondition, async () => {
      const current = await this.get(definition, scope, name)
      this.checkPrecondition(definition, current, precondition)
      const changed = await transactionBefore(this.db, caller.deadline, async (tx) => {
        // Made anew by each run of the transaction (a deadlock runs it again: retryContendedTransactions).
        const changed: Changed[] = []
        await this.holdScope(tx as Db, definition, scope)
        await this.removeIn(tx as Db, definition, scope, current, caller, options.cascade === true, changed)
        return changed
      })
      for (const [type, where, name, generation] of changed)
        this.changed(type, where, name === undefined ? undefined : [name], generation)
    })
  }

  private async removeIn(
    db: Db,
    definition: ResourceDefinition,
    scope: string,
    current: ResourceRecord,
    caller: Caller,
    cascade: boolean,
    changed: Changed[],
  ) {
    const name = current.name
    // Whatever writes into it meanwhile (a scheduled backup into a project) waits for this delete, or this
    // delete for it: nothing is left behind in a deleted scope.
    await lockResource(db, definition.type, scope, name, 'update')
    if (cascade) {
      for (const referrer of await this.referrersOf(db, definition, scope, name)) {
        const dependent = this.definitions.get(referrer.type)
        if (!dependent || !definition.cascadesTo?.includes(referrer.type)) continue
        const dependentScope = dependent.scope === 'project' ? scope : ''
        const record = await getResource(db, dependent.type, dependentScope, referrer.name)
        if (record) await this.removeIn(db, dependent, dependentScope, record, caller, cascade, changed)
      }
    }
    const touched = (await definition.hooks?.beforeDelete?.({ db, scope, name, caller })) ?? []
    const referrers = await this.referrersOf(db, definition, scope, name)
    if (referrers.length > 0) {
      const list = referrers.map((r) => `${r.label} ${r.name}`).join(', ')
      const hint = definition.cascadesTo ? ' (delete with cascade=true to remove them too)' : ''
      throw conflict(`${definition.label} ${name} is still used by ${list}${hint}`, { referrers })
    }
    if (!(await deleteResource(db, definition.type, scope, name, current.revision))) {
      throw await this.staleConflict(db, definition, scope, name)
    }
    const generation = await this.afterWrite(db, definition, scope, caller, 'delete', current, null)
    for (const type of touched) {
      const other = this.definitions.get(type)
      if (!other) continue
      await this.generations.bump(db, [cacheGroup(type, '')])
      changed.push([other, ''])
    }
    changed.push([definition, scope, name, generation])
  }

  /**
   * Sets `status: revoked` (an API token, an access token), audited as `<type>.revoke`. The resource
   * stops working at once: the authenticator's cache follows the type's generation. Revoking a revoked
   * one changes nothing.
   */
  async revoke(
    definition: ResourceDefinition,
    scope: string,
    name: string,
    precondition: Precondition,
    caller: Caller,
  ) {
    return this.anyRevision(precondition, async () => {
      const current = await this.get(definition, scope, name)
      this.checkPrecondition(definition, current, precondition)
      if (current.status === 'revoked') return this.present(definition, current)
      const { name: _name, display_name, revision, created_at, created_by, updated_at, updated_by, ...data } = current
      const revoked = { ...data, status: 'revoked' }
      const { record, generation } = await transactionBefore(this.db, caller.deadline, async (tx) => {
        await this.holdScope(tx as Db, definition, scope)
        const updated = await updateResource(tx as Db, {
          type: definition.type,
          scope,
          name,
          displayName: display_name,
          data: revoked,
          searchText: searchTextOf(definition, name, display_name, revoked),
          actor: caller.principal.email,
          expectedRevision: revision,
        })
        if (!updated) throw await this.staleConflict(tx as Db, definition, scope, name)
        const generation = await this.afterWrite(tx as Db, definition, scope, caller, 'revoke', current, updated)
        return { record: updated, generation }
      })
      this.changed(definition, scope, [name], generation)
      return this.present(definition, record)
    })
  }

  private readOnlyOf(definition: ResourceDefinition, record: ResourceRecord): ResourceData {
    return Object.fromEntries((definition.readOnlyFields ?? []).filter((f) => f in record).map((f) => [f, record[f]]))
  }

  private editableFields(definition: ResourceDefinition, record: ResourceRecord): ResourceData {
    const { revision, created_at, created_by, updated_at, updated_by, name, ...rest } = record
    // Keyed types (users) carry their key in the data; slug-named types send the name back as sent.
    return definition.key ? rest : { ...rest, name }
  }

  private checkPrecondition(definition: ResourceDefinition, current: ResourceRecord, precondition: Precondition) {
    if (precondition !== '*' && precondition !== current.revision) {
      throw conflict(
        `${definition.label} ${current.name} was changed by ${current.updated_by} (now at revision ${current.revision}); reload it before saving`,
        this.present(definition, current),
      )
    }
  }

  private async staleConflict(db: Db, definition: ResourceDefinition, scope: string, name: string) {
    const now = await getResource(db, definition.type, scope, name)
    if (!now) return notFound(`${definition.label} ${name}`)
    return new StaleWrite(
      409,
      `${definition.label} ${name} was changed meanwhile (now at revision ${now.revision})`,
      [],
      this.present(definition, now),
    )
  }

  /**
   * A write asked with `If-Match: *` (whatever the revision) that lost to another made at the same moment,
   * on this process or another, is made again on what that one left: the caller named no revision that
   * could be stale. A write that named one gets the 409 (`StaleWrite`) as before.
   */
  private async anyRevision<T>(precondition: Precondition, write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write()
      } catch (error) {
        if (precondition !== '*' || !(error instanceof StaleWrite) || attempt >= ANY_REVISION_ATTEMPTS) throw error
      }
    }
  }

  /**
   * Holds the project a write of a project's type goes into, first thing in its transaction (`key share`):
   * a delete of the project (which locks it `update`) waits for the write and then deletes what it wrote,
   * or the write waits for the delete and finds the project gone (404). Nothing is left in a deleted
   * project's scope for a later project of the same name to inherit.
   */
  async holdScope(db: Db, definition: ResourceDefinition, scope: string) {
    if (definition.scope !== 'project') return
    if (!(await lockResource(db, 'projects', '', scope, 'key share'))) throw notFound(`project ${scope}`)
  }

  /**
   * The resources `data` names exist; each found stays locked (`key share`) until the transaction ends, so
   * a delete of one at the same moment waits and then finds it named (409), or this write waits for the
   * delete and finds it gone (400).
   */
  async checkReferences(db: Db, definition: ResourceDefinition, scope: string, data: ResourceData) {
    const errors: { field: string; message: string }[] = []
    for (const [field, targetType] of Object.entries(definition.references ?? {})) {
      const target = this.definitions.get(targetType)
      const names = referencedNames(data, field)
      if (!target || names.length === 0) continue
      const found = await existingNames(db, targetType, target.scope === 'project' ? scope : '', names, 'key share')
      for (const missing of names.filter((n) => !found.has(n))) {
        errors.push({ field, message: `${target.label} ${missing} does not exist` })
      }
    }
    if (errors.length > 0) throw badRequest(errors.map((e) => e.message).join('; '), errors)
  }

  async referrersOf(db: Db, definition: ResourceDefinition, scope: string, name: string) {
    const referrers: { type: string; label: string; name: string; field: string }[] = []
    for (const other of this.definitions.values()) {
      if (other.scope === 'project' && definition.scope === 'platform') continue
      for (const [field, targetType] of Object.entries(other.references ?? {})) {
        if (targetType !== definition.type) continue
        for (const referrer of await findReferrers(
          db,
          other.type,
          other.scope === 'project' ? scope : '',
          field,
          name,
        )) {
          referrers.push({ type: other.type, label: other.label, name: referrer, field })
        }
      }
    }
    return referrers
  }

  async afterWrite(
    db: Db,
    definition: ResourceDefinition,
    scope: string,
    caller: Caller,
    verb: 'create' | 'update' | 'delete' | 'revoke',
    before: ResourceRecord | null,
    after: ResourceRecord | null,
  ) {
    const secret = definition.secretFields ?? []
    const name = after?.name ?? before?.name ?? ''
    await recordAudit(db, {
      actor: caller.actor,
      action: `${definition.type}.${verb}`,
      result: 'success',
      resource: { type: definition.type, name },
      project: definition.scope === 'project' ? scope : definition.type === 'projects' ? name : null,
      changes: { before: redact(before, secret), after: redact(after, secret) },
    })
    const group = cacheGroup(definition.type, scope)
    // The scope's revision before the generations, as every writer takes them (docs/architecture.md,
    // "Many processes, one database"): two writes of one scope take turns at the revision before either
    // holds a generation, so they cannot wait on each other.
    if (definition.configuration) await bumpRevision(db, definition.scope === 'project' ? scope : '')
    return (await this.generations.bump(db, [group])).get(group)
  }

  /**
   * After a change has committed: drops the cached answers it makes stale and tells the listeners
   * (`names`: the resources changed, when the caller knows them; otherwise any of the type in the scope).
   */
  changed(definition: ResourceDefinition, scope: string, names?: readonly string[], generation?: number) {
    if (definition.type === 'projects') this.cache.clear()
    else this.cache.invalidate(cacheGroup(definition.type, scope))
    // The answers that show this type among what uses them or what they use (`referenced_by`, `uses`).
    for (const other of this.definitions.values()) {
      const linked = this.linked(other.type)
      if (other.type === definition.type || !(linked.usedBy.has(definition.type) || linked.uses.has(definition.type)))
        continue
      // A platform type's change shows in projects' answers too (a project's resource may name it).
      if (other.scope === 'project' && definition.scope === 'platform') this.cache.clear()
      else this.cache.invalidate(cacheGroup(other.type, other.scope === 'project' ? scope : ''))
    }
    // Lists filtered through a reference to this type (projects by their customer's organization).
    for (const other of this.definitions.values()) {
      const through = Object.values(other.filterThrough ?? {})
      if (through.some(({ reference }) => other.references?.[reference] === definition.type))
        this.cache.invalidate(cacheGroup(other.type, scope))
    }
    this.notify(definition.type, scope, names, generation)
  }

  /**
   * Tells the change listeners (the search index, the tenancy and principal caches) of a committed
   * change to rows this service does not manage itself (backups); its own changes go through `changed`.
   */
  notify(type: string, scope: string, names?: readonly string[], generation?: number) {
    for (const listener of this.listeners) listener(type, scope, names, generation)
  }
}
