import type * as v from 'valibot'

/**
 * How the console shows and edits a resource type: its API path and permission, list columns, form
 * sections and detail summary, all plain data over the type's one valibot schema. The generic list,
 * form and detail screens read nothing else, so a new type is one of these and four route files.
 */

/** A form's values: the request body being edited, nested like the schema's input. */
export type Draft = Record<string, unknown>

export type Option = { value: string; label: string }

/** Options that show each value as it is ('TLSv1.2', 'GET'). */
export const plainOptions = (values: readonly (string | number)[]): Option[] =>
  values.map((value) => ({ value: String(value), label: String(value) }))
/** Options that show each value capitalised ('block' -> 'Block'). */
export const capitalisedOptions = (values: readonly string[]): Option[] =>
  values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }))

type FieldBase = {
  /** Dotted path into the body (`probe.window`, `default_rules.api_path`). */
  path: string
  label: string
  help?: string
  /** Shown (and sent) only when this holds for the current values: sticky fields of some director types. */
  when?: (values: Draft) => boolean
  /** Spans the form's two columns (long texts, lists, editors). */
  wide?: boolean
  /** Maintained by the server (an IP list's entry count): shown on the detail page, never in a form or a body. */
  readOnly?: boolean
  /**
   * Chosen when the resource is created, fixed afterwards (a node's kind): the edit form shows it
   * disabled, saying it cannot change. The server refuses a change of it.
   */
  fixedOnceCreated?: boolean
}

/**
 * Which referenced resources a picker offers: those whose `field` holds `value` (a website's VCL hook
 * takes only snippets written for that hook), or the form's own value at `valueAt` (a website lists
 * only its own page rules).
 */
export type ReferenceWhere = { field: string } & ({ value: string } | { valueAt: string })

/** Whether a referenced resource passes a picker's `where` for the form's current values. */
export function allowedReference(where: ReferenceWhere | undefined, values: Draft, record: Draft): boolean {
  if (!where) return true
  const wanted = 'value' in where ? where.value : getPath(values, where.valueAt)
  return getPath(record, where.field) === wanted
}

export type FieldSpec = FieldBase &
  (
    | { kind: 'text'; placeholder?: string; nullable?: boolean; multiline?: boolean }
    | { kind: 'number'; min?: number; max?: number; unit?: string }
    | { kind: 'boolean' }
    | { kind: 'select'; options: readonly Option[]; nullable?: boolean }
    /** Any number of fixed options, as checkboxes. */
    | { kind: 'multiselect'; options: readonly Option[] }
    /** Names of another resource type of the project, picked from its list (those `where` allows). */
    | {
        kind: 'reference'
        type: string
        multiple?: boolean
        nullable?: boolean
        where?: ReferenceWhere
        /**
         * It names what this resource belongs to or is for (a page rule's website, an access token's
         * websites, a project's customer), not something it uses: the other lists this one in "Used by",
         * but "Used by" and "uses" do not go on through it (the server's `owners`).
         */
        owner?: true
      }
    /**
     * A long list of small records (an IP list's entries, up to 10,000), edited in a virtualised table:
     * only the rows in view are rendered. Its fields are text or boolean cells.
     */
    | { kind: 'rows'; itemLabel: string; fields: readonly FieldSpec[]; newItem: () => Draft; max?: number }
    /** A list of free-text items (host names, paths). */
    | { kind: 'strings'; itemLabel: string; placeholder?: string }
    /** A list of small records (backends, headers): add, remove, reorder. */
    | {
        kind: 'records'
        itemLabel: string
        fields: readonly FieldSpec[]
        newItem: () => Draft
        min?: number
        max?: number
      }
    /**
     * A list of typed choices stored as strings: a kind, and for the kinds with a `parameter` the name
     * after a colon (a rate limit's keys: `ip`, `header:X-Api-Key`).
     */
    | { kind: 'tagged'; itemLabel: string; choices: readonly TaggedChoice[]; max?: number }
    /** A write-only value: the form shows whether `setPath` says one is stored, and can replace it. */
    | { kind: 'secret'; setPath: string }
    | { kind: 'code'; language: 'vcl' }
    /**
     * A day, stored as the end of that day in UTC (an ISO date-time): an expiry. `nullable`: emptied means
     * none (never expires). `problem`: what the server refuses of a day the user sets (in the past, too far
     * ahead), the very function its type checks with: the form says it before sending (an unchanged day,
     * which may have passed since, is left alone, as the server does).
     */
    | { kind: 'date'; nullable?: boolean; problem?: (value: string, now: Date) => string | null }
    /**
     * Permissions picked from those the signed-in user holds (the `permissions` fact), grouped by service
     * and resource with the wildcard forms: what a token may do.
     */
    | { kind: 'permissions' }
    /** Buttons that fill several fields at once (the probe's Low / Medium / High). */
    | { kind: 'presets'; presets: readonly { label: string; values: Draft }[] }
  )

/** One kind of a `tagged` list; `parameter` labels the name it needs ('Header name'). */
export type TaggedChoice = { value: string; label: string; parameter?: string; placeholder?: string }

/** An item of a `tagged` list: `header:X-Api-Key` -> kind `header`, name `X-Api-Key`; `ip` -> no name. */
export function splitTagged(item: string): { kind: string; name: string | null } {
  const colon = item.indexOf(':')
  return colon === -1 ? { kind: item, name: null } : { kind: item.slice(0, colon), name: item.slice(colon + 1) }
}

/**
 * What a form knows of the platform beyond the resource: the fleet's size (for a per-node limit), the
 * signed-in user's permissions (what a token they create may hold).
 */
export type FormFacts = { nodeCount: number | null; permissions?: readonly string[] | null }

export type FormSection = {
  title: string
  /** A note under the title; a function sees the current values and the facts the type asks for. */
  description?: string | ((values: Draft, facts: FormFacts) => string | null)
  fields: readonly FieldSpec[]
}

/** `custom`: drawn by the page (`ListAddons.cells`), such as a node's flag. */
export type ColumnFormat = 'text' | 'boolean' | 'list' | 'count' | 'reference' | 'label' | 'custom'

/** The question a save asks before it goes: what it does, in a title, a sentence and the button's word. */
export type SaveConfirmation = { title: string; text: string; action: string }

/**
 * The width of a list column of times ('20-11-2026 21:22:23'): the whole date and time, never cut short.
 * Every column of a time (`…_at`, a certificate's `not_after`) takes it; a test holds the screens to it.
 */
export const TIME_COLUMN_WIDTH = '11rem'

export type ColumnSpec = {
  path: string
  label: string
  format?: ColumnFormat
  /** For `reference` columns: the API type named. For `label`: the values' labels. */
  reference?: string
  options?: readonly Option[]
  /** The server can sort by this top-level field. */
  sortable?: boolean
  width?: string
}

export type SummaryLine = {
  label: string
  value: string
  /**
   * `time`: an ISO 8601 time, shown as every date of the console. `message`: a text of several lines (a
   * compiler's), its line breaks kept. Either way plain text, never markup.
   */
  format?: 'time' | 'message'
}

/**
 * An exact-match filter of the list, done by the server (the type's `listFilters`): a dropdown beside
 * the name filter, its value kept in the URL under `param` (a users list by status). Its choices are
 * fixed `options`, or the names of another type (`optionsOf`: the projects list by customer).
 */
export type ListFilter = { param: string; label: string } & (
  | { options: readonly Option[]; optionsOf?: undefined }
  | { optionsOf: string; options?: undefined }
)

export type Attention = { tone: 'danger' | 'warning' | 'info'; text: string }

export type ResourceUi = {
  /** API path segment and permission resource name (API.md table): `websites`, `pagerules`. */
  type: string
  service: 'core' | 'auth' | 'acme' | 'purge'
  /**
   * `project` (the default): the selected project's, under `/projects/{p}/{type}`. `platform`: one for
   * the whole platform (organizations, customers, projects…), under `/{type}`, with the session's
   * permissions instead of the project's.
   */
  scope?: 'project' | 'platform'
  /** The permissions' service: `wadp` (the default) or `auth` for the tenancy and identity types. */
  permissionService?: 'wadp' | 'auth'
  /**
   * False for a type deleted elsewhere: no Delete on its list or detail (projects are deleted from
   * /management, after their name is typed again).
   */
  deletable?: boolean
  /** Where a save leads: the detail page (the default), or the list for a type with no detail page. */
  afterSave?: 'detail' | 'list'
  /** Console route base: /websites, /websites-add, /websites-detail/{name}, /websites-edit/{name}. */
  route: string
  /** The list page's title and the sidebar's label: 'Websites', 'VCL Snippets'. */
  title: string
  /** Several in a sentence, where the title is no plural noun: 'Manage Tokens' is 'tokens' (titleInSentence). */
  many?: string
  /** One of them, in a sentence: 'website', 'VCL snippet'. */
  one: string
  /** The type's fields schema from src/domain/resources (the server validates with the same one). */
  fields: v.GenericSchema<unknown, Draft>
  columns: readonly ColumnSpec[]
  sections: readonly FormSection[]
  /** Extra lines at the top of the detail page (a website's VCL hooks and options). */
  summary?: (record: Draft) => SummaryLine[]
  /** Values of a new one beyond the schema's defaults (a director starts with one empty backend). */
  newDraft?: () => Draft
  /** Route names where the spec breaks the pattern: IP lists live at /ipLists, /iplists-add, /iplist-detail. */
  routeNames?: { list: string; add: string; detail: string; edit: string }
  /** False for a type the spec gives no edit page (LE certificates): no Edit link anywhere. */
  editable?: boolean
  /** False for a record that can no longer change (a revoked token: revoking is final): no Edit link for it. */
  editableRecord?: (record: Draft) => boolean
  /** False for a type the spec gives no add page (users, invited from a dialog): no Add link. */
  addable?: boolean
  /** The list's dropdown filters beside the name filter; the route's search schema must keep their params. */
  listFilters?: readonly ListFilter[]
  /**
   * What needs the user's attention in a record now (a certificate failed or about to expire): the list
   * marks its row and says it in words, the detail shows it beside the title.
   */
  attention?: (record: Draft, now: number) => Attention | null
  /**
   * What of this record edge agent (Varnish) nodes do not enforce (EDGE.md: said, never pretended), from
   * the same function the VCL compiler uses; shown on its page.
   */
  notEnforced?: (record: Draft) => readonly string[]
  /** Facts its form reads beyond the resource (`nodeCount`: the number of nodes in the fleet). */
  facts?: readonly (keyof FormFacts)[]
  /**
   * A create whose answer carries a secret the server never gives again (an API token's, at `field`):
   * the form shows it once, with a copy button and a warning, then opens the detail page. It is kept in
   * the form's machine only: never in the query cache, a URL or storage, so a reload cannot show it.
   */
  secretOnCreate?: {
    field: string
    label: string
    usage: string
    /** What the server keeps of it, in a sentence, where that is not its first characters (a token's prefix). */
    kept?: string
  }
  /**
   * What a save of these values does that the user must agree to first (a node leaving traffic), or
   * null; the form asks in a dialog before sending anything.
   */
  confirmSave?: (values: Draft, initial: Draft) => SaveConfirmation | null
  /**
   * What the type's server refuses of these values beyond the schema (a node's name and country that
   * disagree), the very function its hook checks with, or null: the form says it on the field before
   * sending. `initial` is what the form started from (empty for an add).
   */
  writeProblem?: (values: Draft, initial: Draft) => { field: string; message: string } | null
  /** A save changes what the sync checks report (a node's status): cached answers derived from them go. */
  affectsSync?: boolean
  /** Types whose answers a save here changes (a pool lists its nodes): their cached lists and details go. */
  alsoChanges?: readonly string[]
}

/** A saved record without the secret its create revealed: what the query cache may hold. */
export function withoutSecret<T extends Draft>(ui: Pick<ResourceUi, 'secretOnCreate'>, record: T): T {
  const field = ui.secretOnCreate?.field
  if (!field || !(field in record)) return record
  const { [field]: _secret, ...rest } = record
  return rest as T
}

/** The secret a create revealed, or null. */
export function secretOf(ui: Pick<ResourceUi, 'secretOnCreate'>, record: Draft): string | null {
  const field = ui.secretOnCreate?.field
  const value = field ? record[field] : undefined
  return typeof value === 'string' && value !== '' ? value : null
}

export const resourcePermission = (
  ui: Pick<ResourceUi, 'type' | 'permissionService'>,
  action: 'list' | 'get' | 'create' | 'update' | 'delete',
) => `${ui.permissionService ?? 'wadp'}.${ui.type}.${action}`

/** A phrase at the start of a sentence: 'website' -> 'Website', 'VCL snippet' stays 'VCL snippet'. */
const NAME = /^[a-z0-9][a-z0-9-]{0,62}$/

/**
 * The values of the type's dropdown filters in a list's URL search, those it offers only (another type's
 * names are checked by the server: a name it does not hold matches nothing). A list page and its loader
 * (routes/-resources/listLoader.ts) both read them, so both ask for the same query.
 */
export function listFilterValues(
  ui: Pick<ResourceUi, 'listFilters'>,
  search: Record<string, unknown>,
): Record<string, string> {
  const values: Record<string, string> = {}
  for (const filter of ui.listFilters ?? []) {
    const value = search[filter.param]
    if (typeof value !== 'string') continue
    if (filter.optionsOf ? NAME.test(value) : (filter.options ?? []).some((option) => option.value === value))
      values[filter.param] = value
  }
  return values
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** The type's title in a sentence, acronyms kept: 'VCL Snippets' -> 'VCL snippets', 'Page Rules' -> 'page rules'. */
export function titleInSentence(ui: Pick<ResourceUi, 'title' | 'many'>): string {
  if (ui.many) return ui.many
  return ui.title
    .split(' ')
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(' ')
}

/**
 * The add and edit pages' heading: 'Add website', 'Edit website shop-example-com'. index.html shows the same
 * while a stored session is checked (src/early-pages.ts).
 */
export function formTitle(ui: Pick<ResourceUi, 'one'>, mode: 'create' | 'edit', name?: string): string {
  return mode === 'create' ? `Add ${ui.one}` : `Edit ${ui.one}${name ? ` ${name}` : ''}`
}

export function resourceRoutes(ui: Pick<ResourceUi, 'route' | 'routeNames'>) {
  const names = ui.routeNames ?? {
    list: ui.route,
    add: `${ui.route}-add`,
    detail: `${ui.route}-detail`,
    edit: `${ui.route}-edit`,
  }
  return {
    list: `/${names.list}`,
    add: `/${names.add}`,
    detail: (name: string) => `/${names.detail}/${encodeURIComponent(name)}`,
    edit: (name: string) => `/${names.edit}/${encodeURIComponent(name)}`,
  }
}

export function getPath(values: unknown, path: string): unknown {
  let current: unknown = values
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/** A copy of `values` with `path` set (or removed, for undefined): objects and arrays on the way are copied, the rest shared. */
export function setPath<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]]
  const container: unknown = values
  const copy: Record<string, unknown> = Array.isArray(container)
    ? ([...container] as unknown as Record<string, unknown>)
    : { ...(container as Record<string, unknown> | undefined) }
  if (rest.length > 0) copy[key] = setPath((copy[key] ?? {}) as unknown, rest.join('.'), value)
  // Undefined removes the key: a strict body refuses a key it does not know even when it holds nothing.
  else if (value === undefined && !Array.isArray(container)) delete copy[key]
  else copy[key] = value
  return copy as T
}

/** Every field of a form, depth first, with its full path (records' own fields are left inside them). */
export function formFields(ui: Pick<ResourceUi, 'sections'>): FieldSpec[] {
  return ui.sections.flatMap((section) => section.fields).filter((field) => !field.readOnly)
}

/**
 * The references a type's form offers, `{path: target type}`: each writable reference field. The server
 * checks exactly these on every write (its definitions take them from here: one declaration a reference).
 */
export function referenceFieldsOf(ui: Pick<ResourceUi, 'sections'>): Record<string, string> {
  const found: Record<string, string> = {}
  for (const field of formFields(ui)) if (field.kind === 'reference') found[field.path] = field.type
  return found
}

/** The reference fields marked `owner`: what a resource belongs to or is for (the server's `owners`). */
export function ownerFieldsOf(ui: Pick<ResourceUi, 'sections'>): string[] {
  return formFields(ui).flatMap((field) => (field.kind === 'reference' && field.owner ? [field.path] : []))
}

/** The values a field shows, or `undefined` when its `when` rule hides it for these values. */
export function isShown(field: FieldSpec, values: Draft): boolean {
  return field.when ? field.when(values) : true
}

/**
 * The body a form sends: without the fields hidden by their `when` rule (a round-robin director has no
 * sticky cookie), so a hidden field cannot fail validation unseen, and with an emptied optional text
 * (a display name, a probe host) sent as null, meaning "none".
 */
export function bodyOf(ui: Pick<ResourceUi, 'sections'>, values: Draft): Draft {
  let body = values.display_name === '' ? { ...values, display_name: null } : values
  for (const field of ui.sections.flatMap((section) => section.fields)) {
    if (field.readOnly) {
      if (getPath(body, field.path) !== undefined) body = setPath(body, field.path, undefined)
      continue
    }
    if (field.kind === 'secret') {
      // Whether a write-only value is stored is the server's to say, never part of a body. Left out, the
      // stored one is kept; when the record holds none (an add form), the body says none (null), so the
      // schema's rule that a type needs one applies in the form as on the server.
      const stored = getPath(body, field.setPath) === true
      if (getPath(body, field.setPath) !== undefined) body = setPath(body, field.setPath, undefined)
      if (!stored && getPath(body, field.path) === undefined) body = setPath(body, field.path, null)
    }
    const value = getPath(body, field.path)
    if (value === undefined) continue
    if (!isShown(field, values)) body = setPath(body, field.path, undefined)
    else if (field.kind === 'text' && field.nullable && value === '') body = setPath(body, field.path, null)
  }
  return body
}

/** Whether two drafts hold the same values (forms compare with their starting values for "unsaved"). */
export function sameValues(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a as object)
  const keysB = Object.keys(b as object)
  if (keysA.length !== keysB.length) return false
  return keysA.every((key) => sameValues((a as Draft)[key], (b as Draft)[key]))
}

/**
 * The record fields the server maintains: shown on the detail page, never sent back (`referenced_by` and
 * `uses`: what uses the resource and what it uses, through references, on a GET of one).
 */
export const META_FIELDS = [
  'revision',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'referenced_by',
  'uses',
] as const

/** A stored record as an editable draft: without the server-maintained fields. */
export function draftOf(record: Draft): Draft {
  const draft: Draft = { ...record }
  for (const field of META_FIELDS) delete draft[field]
  return draft
}

/** The top-level fields whose values differ between two drafts: what a conflict shows. */
export function changedFields(mine: Draft, theirs: Draft): string[] {
  const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)])
  return [...keys].filter(
    (key) => !(META_FIELDS as readonly string[]).includes(key) && !sameValues(mine[key], theirs[key]),
  )
}

/**
 * Where a type's resources are, as a page's sentence ends: ' in this project' for a project's type,
 * nothing for a type of the whole platform (nodes, pools, tokens…), which no project holds.
 */
export function whereWords(ui: Pick<ResourceUi, 'scope'>): string {
  return ui.scope === 'platform' ? '' : ' in this project'
}
