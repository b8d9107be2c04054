import { and, eq, inArray, sql } from 'drizzle-orm'
import type { ServerContext } from '../context.ts'
import { cacheGroup } from '../db/generations.ts'
import { cacheGenerations, resources } from '../db/schema.ts'
import { BACKUP_TYPE } from './backups/snapshots.ts'

/**
 * The global search's index, held in the API process (docs/benchmarks.md, "Search"): every searchable
 * resource's search text, with each 3-character sequence of it (a trigram) pointing at the resources
 * whose text holds it, and each name's first one and two characters pointing at the resources whose
 * name starts so. A query reads the shortest list among its own trigrams and checks each resource on it
 * for the whole text: a few hundred string comparisons where the database spent a statement (about 5 ms
 * on PGlite's single thread, so 50 concurrent searches queued for a quarter of a second).
 *
 * It follows the database as the response cache does (docs/adr/0003-coherent-reads.md): this process's
 * own writes mark their group (`type|scope`) stale through the resource service's change listener, and
 * on a shared PostgreSQL server every search first reads the generations' stamp, and when it moved,
 * which groups moved; a stale group's rows are read again before the search runs.
 */

/**
 * Project-scoped types stored beside the resource service's (server/services/backups/snapshots.ts) that the
 * search finds too (the spec's results lead a backup to /backups), with the permission that reads one.
 */
export const SEARCHED_OUTSIDE_SERVICE = [{ type: BACKUP_TYPE, permission: 'wadp.backups.get' }] as const

/** One resource as the search sees it. */
export type SearchDoc = {
  type: string
  scope: string
  name: string
  displayName: string | null
  /** The stored search text (name, display name and the type's searchable values, lower case). */
  text: string
  /** Name, display name and the data's searched strings (what `search_matching_columns` reports). */
  record: Record<string, unknown>
}

/** One result: the resource and how it ranks (0 exact name, 1 name prefix, 2 anywhere in its text). */
export type Ranked = { doc: SearchDoc; rank: number }

/** pg_trgm's lower bound, kept: shorter queries match name prefixes only, as before the index moved here. */
export const TRIGRAM_MIN = 3

const PREFIX_KEY = '\u0000'

/**
 * The string leaves of a record (top level, arrays of strings, objects one level down, as
 * `search_matching_columns` reads them) that are among the searched values, the rest left out: a
 * snippet's body or a secret is never in the index nor reported as a matching column.
 */
export function searchedRecord(record: Record<string, unknown>, searched: ReadonlySet<string>, depth = 0) {
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record)) {
    const items = Array.isArray(value) ? value : [value]
    const out: unknown[] = []
    for (const item of items) {
      if (typeof item === 'string') {
        if (searched.has(item.toLowerCase())) out.push(item)
      } else if (item && typeof item === 'object' && !Array.isArray(item) && depth === 0) {
        const nested = searchedRecord(item as Record<string, unknown>, searched, 1)
        if (Object.keys(nested).length > 0) out.push(nested)
      }
    }
    if (out.length > 0) kept[key] = Array.isArray(value) ? out : out[0]
  }
  return kept
}

function compare(a: Ranked, b: Ranked): number {
  if (a.rank !== b.rank) return a.rank - b.rank
  if (a.doc.type !== b.doc.type) return a.doc.type < b.doc.type ? -1 : 1
  if (a.doc.name !== b.doc.name) return a.doc.name < b.doc.name ? -1 : 1
  return a.doc.scope < b.doc.scope ? -1 : a.doc.scope > b.doc.scope ? 1 : 0
}

/** A held document with its name and display name in lower case, as every query compares them. */
type Entry = { doc: SearchDoc; name: string; display: string }

/**
 * The most list entries one query reads in each of its two passes, whatever the data: a query that
 * matches half the platform (`site`, `exa`) costs what a precise one does. Past it, the results are
 * the best of those read (an exact or starting match is still looked for among the names first).
 */
export const SCAN_LIMIT = 5000

/**
 * Document numbers in a typed array that doubles as it fills: the garbage collector sees one object
 * per list, not one slot per entry (3.9 million entries for 100,000 resources).
 */
class Postings {
  ids = new Int32Array(4)
  length = 0

  /** Lets go of the room left for growth (after a build, when the list is likely to stay as it is). */
  trim(): void {
    if (this.ids.length > this.length) this.ids = this.ids.slice(0, this.length)
  }

  push(id: number): void {
    if (this.length === this.ids.length) {
      const grown = new Int32Array(this.ids.length * 2)
      grown.set(this.ids)
      this.ids = grown
    }
    this.ids[this.length] = id
    this.length += 1
  }
}

/**
 * The in-memory part: documents by number, lists of numbers by key (each trigram of the search text;
 * the first one, two and three characters of the name and of the display name). A changed resource gets
 * a new number and its old one goes dead (left in the lists, skipped when read); the lists are rebuilt
 * from the live documents once the dead outnumber them.
 */
export class SearchDocs {
  private docs: (Entry | undefined)[] = []
  private lists = new Map<string, Postings>()
  /** Group (`type|scope`) → name → document number. */
  private groups = new Map<string, Map<string, number>>()
  private live = 0

  get size(): number {
    return this.live
  }

  /** Replaces everything held for the group with `docs` (all of the group's rows, as read now). */
  replaceGroup(group: string, docs: SearchDoc[]): void {
    const old = this.groups.get(group)
    if (old) for (const id of old.values()) this.kill(id)
    const fresh = new Map<string, number>()
    for (const doc of docs) fresh.set(doc.name, this.add(doc))
    if (fresh.size > 0) this.groups.set(group, fresh)
    else this.groups.delete(group)
    this.compactIfWasteful()
  }

  /** Replaces the group's documents of these names with `docs` (those of them that still exist). */
  replaceNames(group: string, names: ReadonlySet<string>, docs: SearchDoc[]): void {
    let held = this.groups.get(group)
    if (!held) {
      held = new Map()
      this.groups.set(group, held)
    }
    for (const name of names) {
      const id = held.get(name)
      if (id !== undefined) this.kill(id)
      held.delete(name)
    }
    for (const doc of docs) held.set(doc.name, this.add(doc))
    if (held.size === 0) this.groups.delete(group)
    this.compactIfWasteful()
  }

  /** Drops the groups of scopes that no longer exist (a deleted project takes its resources with it). */
  dropScopesExcept(scopes: ReadonlySet<string>): void {
    this.dropGroups((scope) => scope !== '' && !scopes.has(scope))
  }

  /** Drops every group of one scope (a project deleted). */
  dropScope(scope: string): void {
    this.dropGroups((held) => held === scope)
  }

  private dropGroups(drop: (scope: string) => boolean): void {
    for (const [group, names] of this.groups) {
      if (!drop(group.slice(group.indexOf('|') + 1))) continue
      for (const id of names.values()) this.kill(id)
      this.groups.delete(group)
    }
    this.compactIfWasteful()
  }

  /**
   * The best `limit` documents the query matches and `admit` lets through, ranked: exact name or
   * display name, then either starting with the query, then the query anywhere in the text; then by
   * type and name. `needle` is lower case; under TRIGRAM_MIN characters only starts of names and
   * display names match. It reads the documents holding the query's rarest trigram; when there are
   * more than SCAN_LIMIT of them, first the names and display names starting with the query's first
   * three characters (at most SCAN_LIMIT of those too), so that the best ranks are not missed.
   */
  query(needle: string, admit: (doc: SearchDoc) => boolean, limit: number): Ranked[] {
    const best: Ranked[] = []
    const keep = (doc: SearchDoc, rank: number) => {
      const entry = { doc, rank }
      if (best.length === limit && compare(entry, best[limit - 1] as Ranked) >= 0) return
      let at = best.length
      while (at > 0 && compare(entry, best[at - 1] as Ranked) < 0) at -= 1
      best.splice(at, 0, entry)
      if (best.length > limit) best.pop()
    }
    const rankOf = (entry: Entry) =>
      entry.name === needle || entry.display === needle
        ? 0
        : entry.name.startsWith(needle) || entry.display.startsWith(needle)
          ? 1
          : 2
    const found = new Set<number>()
    const holding = needle.length < TRIGRAM_MIN ? undefined : this.shortestList(needle)
    // Every name or display name starting with a query of 3 characters or more holds its trigrams, so
    // the first pass is needed only when the second could not read its whole list.
    if (!holding || holding.length > SCAN_LIMIT) {
      this.scan(this.lists.get(PREFIX_KEY + needle.slice(0, TRIGRAM_MIN)), (id, entry) => {
        const rank = rankOf(entry)
        if (rank === 2 || !admit(entry.doc)) return
        found.add(id)
        keep(entry.doc, rank)
      })
      // Full of names starting with the query: nothing found inside a text can rank above them.
      if (best.length === limit && (best[limit - 1] as Ranked).rank < 2) return best
    }
    this.scan(holding, (id, entry) => {
      if (found.has(id) || !entry.doc.text.includes(needle) || !admit(entry.doc)) return
      keep(entry.doc, rankOf(entry))
    })
    return best
  }

  private scan(list: Postings | undefined, visit: (id: number, entry: Entry) => void): void {
    if (!list) return
    const end = Math.min(list.length, SCAN_LIMIT)
    for (let i = 0; i < end; i += 1) {
      const id = list.ids[i] as number
      const entry = this.docs[id]
      if (entry) visit(id, entry)
    }
  }

  /** The list of the needle's rarest trigram; undefined when one of them is in no text at all. */
  private shortestList(needle: string): Postings | undefined {
    let shortest: Postings | undefined
    for (let i = 0; i + TRIGRAM_MIN <= needle.length; i += 1) {
      const list = this.lists.get(needle.slice(i, i + TRIGRAM_MIN))
      if (!list) return undefined
      if (!shortest || list.length < shortest.length) shortest = list
    }
    return shortest
  }

  private add(doc: SearchDoc): number {
    const id = this.docs.length
    const entry = { doc, name: doc.name.toLowerCase(), display: doc.displayName?.toLowerCase() ?? '' }
    this.docs.push(entry)
    this.live += 1
    const keys = new Set<string>()
    for (const start of [entry.name, entry.display]) {
      for (let length = 1; length <= Math.min(TRIGRAM_MIN, start.length); length += 1)
        keys.add(PREFIX_KEY + start.slice(0, length))
    }
    for (let i = 0; i + TRIGRAM_MIN <= doc.text.length; i += 1) keys.add(doc.text.slice(i, i + TRIGRAM_MIN))
    for (const key of keys) {
      let list = this.lists.get(key)
      if (!list) {
        list = new Postings()
        this.lists.set(key, list)
      }
      list.push(id)
    }
    return id
  }

  /** Lets go of the lists' room for growth: after a build, or a rebuild of the lists. */
  trim(): void {
    for (const list of this.lists.values()) list.trim()
  }

  private kill(id: number): void {
    if (this.docs[id] === undefined) return
    this.docs[id] = undefined
    this.live -= 1
  }

  private compactIfWasteful(): void {
    const dead = this.docs.length - this.live
    if (dead < 1000 || dead < this.live) return
    const { docs, groups } = this
    this.docs = []
    this.lists = new Map()
    this.groups = new Map()
    this.live = 0
    for (const [group, names] of groups) {
      const fresh = new Map<string, number>()
      for (const [name, id] of names) {
        const entry = docs[id]
        if (entry) fresh.set(name, this.add(entry.doc))
      }
      this.groups.set(group, fresh)
    }
    this.trim()
  }
}

type Row = {
  type: string
  scope: string
  name: string
  displayName: string | null
  searchText: string
  createdAt: string
  data: Record<string, unknown>
}

const rowColumns = {
  type: resources.type,
  scope: resources.scope,
  name: resources.name,
  displayName: resources.displayName,
  searchText: resources.searchText,
  createdAt: resources.createdAt,
  // A backup's document (a whole project) is not searched: not read either.
  data: sql<
    Record<string, unknown>
  >`case when ${resources.type} = ${BACKUP_TYPE} then ${resources.data} - 'document' else ${resources.data} end`,
}

/** The search index of one API process, kept as current as the database (see the top of this file). */
export class SearchIndex {
  private docs = new SearchDocs()
  private built = false
  /** Groups to read again before the next search: the names changed, or null for the whole group. */
  private readonly stale = new Map<string, Set<string> | null>()
  /** Shared databases: the generations stamp and each group's generation the index was last synced to. */
  private seen = ''
  private generations = new Map<string, number>()
  /** Per group, the generations of this process's own changes, read back by name: no group reload for them. */
  private readonly applied = new Map<string, Set<number>>()
  private syncing: Promise<void> | null = null
  /**
   * When each project the index holds was created: a project deleted and created again under its name
   * between two syncs is told apart by it, so the earlier one's resources do not stay in its namesake.
   */
  private readonly projectsCreated = new Map<string, string>()
  /** Moves with every change this process hears of and every sync: answers computed earlier are stale. */
  version = 0

  constructor(private readonly ctx: ServerContext) {
    ctx.resources.onChange((type, scope, names, generation) => {
      const group = cacheGroup(type, scope)
      this.heard(group, names)
      if (!names || generation === undefined) return
      const own = this.applied.get(group)
      if (own) own.add(generation)
      else this.applied.set(group, new Set([generation]))
    })
  }

  /** A change to some resources of a group (`names`), or to any of them. */
  private heard(group: string, names: readonly string[] | undefined): void {
    this.version += 1
    const known = this.stale.get(group)
    if (known === null) return
    if (!names) this.stale.set(group, null)
    else if (known) for (const name of names) known.add(name)
    else this.stale.set(group, new Set(names))
  }

  /**
   * Runs `reader` on the index once it is current: built, no group stale, synced to `stamp` (read by
   * the caller from Generations.anyChange before anything else). The reader runs synchronously right
   * after the last check, so no change can land between the check and the read.
   */
  async read<T>(stamp: string, reader: (docs: SearchDocs, version: number) => T): Promise<T> {
    for (;;) {
      if (this.syncing) {
        await this.syncing
        continue
      }
      if (this.built && this.stale.size === 0 && stamp === this.seen) return reader(this.docs, this.version)
      this.syncing = this.sync(stamp).finally(() => {
        this.syncing = null
      })
    }
  }

  /** Builds the index ahead of the first search (at start-up: about 2.7 s for 100,000 resources). */
  async warm(): Promise<void> {
    await this.read(await this.ctx.generations.anyChange(), () => undefined)
  }

  /**
   * Project-scoped types, projects and backups (by name and display name): what the search can answer
   * (platform types are not searched).
   */
  private searchableTypes(): Map<string, (data: Record<string, unknown>) => string[]> {
    const types = new Map<string, (data: Record<string, unknown>) => string[]>()
    for (const definition of this.ctx.resources.all()) {
      if (definition.scope === 'project' || definition.type === 'projects')
        types.set(definition.type, (data) => definition.searchable?.(data) ?? [])
    }
    for (const { type } of SEARCHED_OUTSIDE_SERVICE) types.set(type, () => [])
    return types
  }

  private async sync(stamp: string): Promise<void> {
    const shared = this.ctx.generations.shared
    if (!this.built) {
      this.stale.clear()
      const generations = shared ? await this.readGenerations() : new Map<string, number>()
      const types = this.searchableTypes()
      const rows = await this.ctx.db
        .select(rowColumns)
        .from(resources)
        .where(inArray(resources.type, [...types.keys()]))
      const byGroup = new Map<string, Row[]>()
      for (const row of rows as Row[]) {
        const group = cacheGroup(row.type, row.scope)
        const held = byGroup.get(group)
        if (held) held.push(row)
        else byGroup.set(group, [row])
      }
      this.projectsCreated.clear()
      for (const row of rows as Row[]) if (row.type === 'projects') this.projectsCreated.set(row.name, row.createdAt)
      const docs = new SearchDocs()
      for (const [group, held] of byGroup)
        docs.replaceGroup(
          group,
          held.map((row) => toDoc(row, types)),
        )
      this.docs = docs
      this.generations = generations
      this.seen = stamp
      this.built = true
      this.version += 1
      return
    }
    if (shared && stamp !== this.seen) {
      const now = await this.readGenerations()
      // Which resources another process changed is not known from a generation: the group is read again.
      for (const group of movedElsewhere(this.generations, now, this.applied)) this.stale.set(group, null)
      this.generations = now
      this.seen = stamp
    }
    const stale = [...this.stale]
    this.stale.clear()
    try {
      const types = this.searchableTypes()
      for (const [group, names] of stale) {
        const [type = '', scope = ''] = group.split('|')
        if (!types.has(type)) continue
        const where = and(
          eq(resources.type, type),
          eq(resources.scope, scope),
          names ? inArray(resources.name, [...names]) : undefined,
        )
        const rows = (await this.ctx.db.select(rowColumns).from(resources).where(where)) as Row[]
        const docs = rows.map((row) => toDoc(row, types))
        if (names) this.docs.replaceNames(group, names, docs)
        else this.docs.replaceGroup(group, docs)
        // A deleted project's resources went with it, without a change of their own groups.
        if (type !== 'projects') continue
        const present = new Map(rows.map((row) => [row.name, row.createdAt]))
        if (!names) this.docs.dropScopesExcept(new Set(present.keys()))
        for (const name of names ?? [...this.projectsCreated.keys()]) {
          if (present.has(name)) continue
          this.docs.dropScope(name)
          this.projectsCreated.delete(name)
        }
        // One deleted and created again since the last sync: what the index holds of it is the earlier one's.
        const reborn: string[] = []
        for (const [name, createdAt] of present) {
          const known = this.projectsCreated.get(name)
          if (known !== undefined && known !== createdAt) reborn.push(name)
          this.projectsCreated.set(name, createdAt)
        }
        if (reborn.length > 0) await this.reloadScopes(reborn, types)
      }
    } catch (error) {
      for (const [group, names] of stale) this.heard(group, names ? [...names] : undefined)
      throw error
    }
    this.version += 1
  }

  /** Reads the searchable resources of these projects again, whole, in place of what the index held of them. */
  private async reloadScopes(scopes: string[], types: ReturnType<SearchIndex['searchableTypes']>): Promise<void> {
    const rows = (await this.ctx.db
      .select(rowColumns)
      .from(resources)
      .where(and(inArray(resources.scope, scopes), inArray(resources.type, [...types.keys()])))) as Row[]
    for (const scope of scopes) this.docs.dropScope(scope)
    const byGroup = new Map<string, SearchDoc[]>()
    for (const row of rows) {
      const group = cacheGroup(row.type, row.scope)
      const held = byGroup.get(group)
      if (held) held.push(toDoc(row, types))
      else byGroup.set(group, [toDoc(row, types)])
    }
    for (const [group, docs] of byGroup) this.docs.replaceGroup(group, docs)
  }

  private async readGenerations(): Promise<Map<string, number>> {
    const rows = await this.ctx.db
      .select({ group: cacheGenerations.group, generation: cacheGenerations.generation })
      .from(cacheGenerations)
    return new Map(rows.map((row) => [row.group, Number(row.generation)]))
  }
}

/**
 * The groups whose generation moved from `before` to `now` by some change other than this process's
 * own (`applied`: the generations its changes moved each group to, already read back by name). Prunes
 * from `applied` what `now` covers.
 */
export function movedElsewhere(
  before: ReadonlyMap<string, number>,
  now: ReadonlyMap<string, number>,
  applied: Map<string, Set<number>>,
): string[] {
  const moved: string[] = []
  for (const [group, generation] of now) {
    const from = before.get(group) ?? 0
    if (generation === from) continue
    const own = applied.get(group)
    let ours = generation > from
    for (let step = from + 1; ours && step <= generation; step += 1) ours = own?.has(step) === true
    if (!ours) moved.push(group)
  }
  for (const [group, own] of applied) {
    const seen = now.get(group) ?? 0
    for (const generation of own) if (generation <= seen) own.delete(generation)
    if (own.size === 0) applied.delete(group)
  }
  return moved
}

function toDoc(row: Row, types: Map<string, (data: Record<string, unknown>) => string[]>): SearchDoc {
  const searchable = types.get(row.type)?.(row.data) ?? []
  const searched = new Set([row.name, row.displayName ?? '', ...searchable].map((value) => value.toLowerCase()))
  return {
    type: row.type,
    scope: row.scope,
    name: row.name,
    displayName: row.displayName,
    // Rows stored without a search text (backups) are found by name and display name.
    text: row.searchText || [row.name, row.displayName ?? ''].join(' ').toLowerCase(),
    record: searchedRecord({ name: row.name, display_name: row.displayName, ...row.data }, searched),
  }
}

const indexes = new WeakMap<ServerContext, SearchIndex>()

/** The process's search index for this context, created (empty, built on the first search) on first use. */
export function searchIndexOf(ctx: ServerContext): SearchIndex {
  let index = indexes.get(ctx)
  if (!index) {
    index = new SearchIndex(ctx)
    indexes.set(ctx, index)
  }
  return index
}
