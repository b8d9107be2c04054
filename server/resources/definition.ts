import * as v from 'valibot'
import { Timestamp } from '../../src/domain/common.ts'
import {
  bodySchema as domainBodySchema,
  fieldEntries,
  sortablePaths as sortablePathsOf,
} from '../../src/domain/resource-body.ts'
import { getPath } from '../../src/domain/resource-ui.ts'
import type { AuditActor } from '../audit.ts'
import type { Principal } from '../base/principal.ts'
import type { ServiceName } from '../base/service-name.ts'
import type { Db } from '../db/client.ts'
import type { FleetDelays } from '../platform/fleet.ts'

/**
 * Who asks for a change: the permissions checked, and the name the audit log gives it; with `deadline`
 * (a time as `Date.now()` gives it), the change commits before then or not at all (server/resources/deadline.ts).
 */
export type Caller = { principal: Principal; actor: AuditActor; deadline?: number }

export type ResourceData = Record<string, unknown>
type FieldsSchema = v.GenericSchema<unknown, ResourceData>

/** A stored resource as the API returns it: common fields plus the type's own. */
export type ResourceRecord = {
  name: string
  display_name: string | null
  revision: number
  created_at: string
  created_by: string
  updated_at: string
  updated_by: string
} & ResourceData

export type WriteArgs = {
  db: Db
  scope: string
  name: string
  data: ResourceData
  existing: ResourceRecord | null
  principal: Principal
  /**
   * Whether other connections may write at the same time (a PostgreSQL server): then a check that must
   * hold across concurrent writes takes a lock. On PGlite's one connection transactions run one by one.
   */
  concurrent?: boolean
}

export type DeleteArgs = { db: Db; scope: string; name: string; caller: Caller }

/**
 * Everything the generic mechanism needs to serve a resource type: adding a type is one of these and a
 * `registerResource` call, not a new router.
 */
export type ResourceDefinition = {
  /** Path segment and permission resource name, e.g. `websites` (API.md table). */
  type: string
  /** Singular, human: "website". */
  label: string
  service: ServiceName
  scope: 'project' | 'platform'
  permissionService: 'wadp' | 'auth'
  fields: FieldsSchema
  /** Users are keyed by e-mail: the name comes from this field instead of a slug `name`. */
  key?: { field: string; schema: v.GenericSchema<unknown, string> }
  /**
   * Data fields that name other resources, and the type they name (checked on write and delete). A key
   * is a field or a dotted path into nested objects (`action.director`); the value there is a name or a
   * list of names, and a null or absent one names nothing.
   */
  references?: Record<string, string>
  /**
   * Reference fields that name what a resource belongs to or is for (a page rule's website, an access
   * token's websites), not what it uses: the resource shows in the other's `referenced_by`, but no chain of
   * `referenced_by` or `uses` goes on through it (`server/resources/links.ts`). From the screen's
   * `owner` references (`ownerFieldsOf`).
   */
  owners?: string[]
  /**
   * Data fields a list filters by, as query parameters of the same name (`GET /tokens?owner=…`): a value
   * matches a field holding it, or a list field holding it among others (a user's `roles`).
   */
  listFilters?: string[]
  /**
   * Fields read through a reference: `organization: { reference: 'customer', holds: 'organization' }`
   * shows a project's organization (its customer's) in lists and GETs, read-only, and lets the list
   * filter by it. Answers that carry one are cached with the referenced type.
   */
  filterThrough?: Record<string, { reference: string; holds: string }>
  /** Extra values the global search matches besides name and display name. */
  searchable?: (data: ResourceData) => string[]
  /** Whether a change here is configuration the nodes must apply (bumps the scope's revision). */
  configuration: boolean
  /**
   * Whether a project's backups hold this type and a restore puts it back; by default every per-project
   * configuration type does.
   */
  backedUp?: boolean
  /**
   * Write-only fields: never returned (the API says `<field>_set` instead; list the `_set` field in
   * readOnlyFields so a body holding it is accepted), never in the audit log, and kept when a write
   * leaves them out.
   */
  secretFields?: string[]
  /**
   * Types whose resources naming this one are deleted with it when the delete asks for it
   * (`DELETE …?cascade=true`); without it they make the delete a 409 as any referrer does.
   */
  cascadesTo?: string[]
  /** Whether `POST …/{name}/revoke` sets `status: revoked` (API tokens, access tokens). */
  revocable?: boolean
  /**
   * Fields the server maintains in `data` (a token's prefix…): ignored in bodies, kept across updates
   * unless `beforeWrite` sets them again (an IP list's entry count).
   */
  readOnlyFields?: string[]
  /**
   * The fields the server keeps or adds besides those a body sets (the read-only fields, what `present` or
   * `derive` add), as openapi.json describes them in the records: every field an answer carries is there.
   */
  derivedFields?: v.ObjectEntries
  /** What a create answers once besides the record (`issueSecret`'s reveal: a token's secret). */
  revealedFields?: v.ObjectEntries
  hooks?: {
    /** Type-specific rules checked before a create or update is stored; may adjust the data. */
    beforeWrite?(args: WriteArgs): Promise<ResourceData | undefined>
    /**
     * On create: the secret's hash to store, the data to store with it, and what to return once
     * (undefined: this one has none, such as a simulated node).
     */
    issueSecret?(
      args: WriteArgs,
    ): Promise<{ hash: string; data: ResourceData; reveal: Record<string, unknown> } | undefined>
    /**
     * Runs in the delete's transaction before the referrers are checked, e.g. a project's resources go
     * with it and the tokens limited to it let go of it. Returns the platform types it changed besides
     * (their caches are dropped and their audit entries are the hook's to write).
     */
    beforeDelete?(args: DeleteArgs): Promise<string[] | undefined>
    /** Adds derived read-only fields to what the API returns. */
    present?(record: ResourceRecord): ResourceRecord
    /**
     * Adds derived read-only fields that need the database (a node's sync state reads the platform's
     * revision, a pool lists the nodes naming it), to a page of records at once. Like `present`, a type
     * with it is computed at every read, never cached: the answer follows the clock and other types.
     */
    derive?(db: Db, records: ResourceRecord[]): Promise<ResourceRecord[]>
  }
}

/** How a type's routes differ from the generic ones (`registerResource`). */
export type ResourceRouteOptions = {
  /** Who may read one without the get permission: a user themself, a token itself, a project's members. */
  alsoReadableBy?: (principal: Principal, name: string) => boolean
  /** Methods that change a resource; a type changed only by PATCH (LE certificates) has no PUT. */
  updates?: readonly ('put' | 'patch')[]
}

/** What a type's definition may need of the server to be built: the clock and the simulations' pace. */
export type DefinitionClock = { now(): number; config: { syncDelays: FleetDelays; acmeStepMs: number } }

/**
 * A type's server half, exported as `server` by `src/types/<type>/server.ts` and listed by the generated
 * `src/platform/resource-types.ts`: its definition (or how to build it with the clock) and its routes'
 * options. The service named by the definition registers it.
 */
export type TypeServer = {
  definition: ResourceDefinition | ((clock: DefinitionClock) => ResourceDefinition)
  routes?: ResourceRouteOptions
}

/** The names a reference path (`page_rules`, `default_rules.custom_vcl_recv`) holds in `data`. */
export function referencedNames(data: ResourceData, path: string): string[] {
  const value = getPath(data, path)
  if (value === null || value === undefined) return []
  return Array.isArray(value) ? value.map(String) : [String(value)]
}

/** The data fields a list sorts by, nested one-value fields as dotted paths (`match.path`). */
export function sortablePaths(definition: ResourceDefinition): string[] {
  return sortablePathsOf(definition.fields)
}

/** The request body of a create or an update: the one the console's forms validate with too. */
type BodySchema = ReturnType<typeof domainBodySchema>
const bodySchemas = new WeakMap<ResourceDefinition, Partial<Record<'create' | 'update', BodySchema>>>()

/** The schema of a create or update body, built once per type (every write validates against it). */
export function bodySchema(definition: ResourceDefinition, mode: 'create' | 'update'): BodySchema {
  let built = bodySchemas.get(definition)
  if (!built) {
    built = {}
    bodySchemas.set(definition, built)
  }
  built[mode] ??= domainBodySchema(definition.fields, mode, definition.key)
  return built[mode]
}

export function permissionOf(definition: ResourceDefinition, action: 'list' | 'get' | 'create' | 'update' | 'delete') {
  return `${definition.permissionService}.${definition.type}.${action}`
}

/** The type's name in the plural, for the API docs: "page rules", "TLS policies". */
export function pluralOf(definition: ResourceDefinition): string {
  return definition.label.replace(/y$/, 'ie').concat('s')
}

/** "a website", "an organization", "an IP list": the article follows how the label is spoken. */
export function withArticle(label: string): string {
  const spokenVowel = /^[A-Z]{2}/.test(label)
    ? /^[AEFHILMNORSX]/.test(label)
    : /^[aeiou]/i.test(label) && !/^(u[bcdfgklmnprstvz][aeiou]|eu)/i.test(label)
  return `${spokenVowel ? 'an' : 'a'} ${label}`
}

const text = (description: string) => v.pipe(v.string(), v.description(description))

/**
 * A stored resource as the API returns it, for openapi.json: the common fields, then the type's own,
 * write-only fields replaced by whether they are set.
 */
export function recordSchema(definition: ResourceDefinition) {
  const own = { ...fieldEntries(definition.fields) }
  const secrets = Object.fromEntries(
    (definition.secretFields ?? []).map((field) => {
      delete own[field]
      return [`${field}_set`, v.pipe(v.boolean(), v.description(`Whether a ${field} is set (it is never returned)`))]
    }),
  )
  const step = {
    type: text('Resource type'),
    name: text('Resource name'),
    field: text('Its field naming the next resource on the way (or the one at the end)'),
  }
  const link = v.object({
    ...step,
    through: v.optional(
      v.pipe(
        v.array(v.object(step)),
        v.description('The resources in between, in order, when it is not named directly (a website’s director)'),
      ),
    ),
  })
  const links: v.ObjectEntries = {
    referenced_by: v.optional(
      v.pipe(
        v.array(link),
        v.description(
          `GET of one, for a type others can name: the resources that use this ${definition.label}, directly or through others`,
        ),
      ),
    ),
    uses: v.optional(
      v.pipe(
        v.array(link),
        v.description(
          `GET of one, for a type that names others: what this ${definition.label} uses, directly or through others`,
        ),
      ),
    ),
  }
  const key = definition.key?.field ?? 'name'
  return v.object({
    name: text(key === 'name' ? 'Unique name in its scope, fixed at creation' : `The ${key}, which names it`),
    ...(key === 'name' ? {} : { [key]: text(`The ${key}, the same as name`) }),
    display_name: v.pipe(v.nullable(v.string()), v.description('Name shown in the console, if any')),
    revision: v.pipe(v.number(), v.description('Increases with every change; its ETag is "<revision>"')),
    created_at: v.pipe(Timestamp, v.description('When it was created')),
    created_by: text('Who created it'),
    updated_at: v.pipe(Timestamp, v.description('When it last changed')),
    updated_by: text('Who changed it last'),
    ...own,
    ...(definition.derivedFields ?? {}),
    ...secrets,
    ...links,
  })
}

/** `{ data: record }` and `{ data: [record], meta }`: the answers of a type's endpoints. */
export function responseSchemas(definition: ResourceDefinition) {
  const record = recordSchema(definition)
  const revealed = definition.revealedFields
  return {
    one: v.object({ data: record }),
    /** A create's answer: the record, and what it shows this once. */
    created: revealed ? v.object({ data: v.object({ ...record.entries, ...revealed }) }) : v.object({ data: record }),
    list: v.object({
      data: v.pipe(v.array(record), v.description(`The ${pluralOf(definition)} on this page`)),
      meta: v.object({
        total: v.pipe(v.number(), v.description('How many match, on every page')),
        page: v.pipe(v.number(), v.description('This page, from 1')),
        items: v.pipe(v.number(), v.description('Page size')),
      }),
    }),
  }
}
