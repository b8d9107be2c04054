import type { ResourceLink } from '../../src/domain/resource-links.ts'

/**
 * Serialised list and item responses, so a hot list costs a map look-up instead of a query and a JSON
 * encode; bounded by entries and by the characters of their bodies (a caller who pages through ten
 * thousand websites 400 at a time must not grow the process by gigabytes). Entries are grouped by `type|scope` and dropped as a group when anything of that type and
 * scope changes: at once by this process's own change listeners, and, when several processes share
 * the database, as soon as a look-up brings a different stamp of the group's generation
 * (server/db/generations.ts).
 */
export type CachedResponse = {
  body: string
  etag?: string
  /**
   * A GET of one's `referenced_by` and `uses`, kept apart from `body` (the record without them): each
   * caller sees only the links to types it may get (`ResourceService.withLinks`).
   */
  links?: ResourceLinks
}

/** What uses a resource and what it uses (server/resources/links.ts); absent for a type without either. */
export type ResourceLinks = { referenced_by?: ResourceLink[]; uses?: ResourceLink[] }

type Group = { stamp: string; entries: Map<string, CachedResponse> }

/** Characters of bodies held at most (a process's memory, whatever lists its callers ask for). */
const MAX_HELD = 64 * 1024 * 1024
/** A body larger than this is not held: a few of them would take the whole room. */
const MAX_BODY = 4 * 1024 * 1024

export class ResponseCache {
  private readonly groups = new Map<string, Group>()
  private size = 0
  private held = 0
  /** How many times each group was invalidated, and the whole cache cleared: see `version`. */
  private readonly invalidations = new Map<string, number>()
  private clears = 0

  constructor(
    private readonly maxEntries = 2000,
    private readonly maxHeld = MAX_HELD,
    private readonly maxBody = MAX_BODY,
  ) {}

  /** How much it holds: entries and characters of their bodies. */
  get usage(): { entries: number; characters: number } {
    return { entries: this.size, characters: this.held }
  }

  /**
   * The group's version in this process: it moves with each invalidation (a change listened to) and each
   * clear. A caller puts it in the stamp it reads before computing an answer, so that an answer computed
   * from what a change then replaced is not kept after the change dropped the group (with PGlite the
   * database's stamp is always '', and such an answer was served until the type's next change).
   */
  version(group: string): string {
    return `${this.clears}.${this.invalidations.get(group) ?? 0}`
  }

  get(group: string, key: string, stamp: string): CachedResponse | undefined {
    const entries = this.groups.get(group)
    if (entries && entries.stamp !== stamp) {
      this.drop(group)
      return undefined
    }
    return entries?.entries.get(key)
  }

  set(group: string, key: string, response: CachedResponse, stamp: string): void {
    const weight = response.body.length
    if (weight > this.maxBody) return
    if (this.size >= this.maxEntries || this.held + weight > this.maxHeld) this.clear()
    let entries = this.groups.get(group)
    if (entries && entries.stamp !== stamp) {
      this.drop(group)
      entries = undefined
    }
    if (!entries) {
      entries = { stamp, entries: new Map() }
      this.groups.set(group, entries)
    }
    const before = entries.entries.get(key)
    if (before) this.held -= before.body.length
    else this.size += 1
    this.held += weight
    entries.entries.set(key, response)
  }

  /** Drops what the group holds, and moves its version on: answers computed before are not kept. */
  invalidate(group: string): void {
    this.invalidations.set(group, (this.invalidations.get(group) ?? 0) + 1)
    this.drop(group)
  }

  private drop(group: string): void {
    const entries = this.groups.get(group)
    if (!entries) return
    this.size -= entries.entries.size
    for (const response of entries.entries.values()) this.held -= response.body.length
    this.groups.delete(group)
  }

  clear(): void {
    this.clears += 1
    this.groups.clear()
    this.size = 0
    this.held = 0
  }
}
