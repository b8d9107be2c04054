import type { ResourceLink } from '../../src/domain/resource-links.ts'

/**
 * Serialised list and item responses, so a hot list costs a map look-up instead of a query and a JSON
 * encode. Entries are grouped by `type|scope` and dropped as a group when anything of that type and
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

export class ResponseCache {
  private readonly groups = new Map<string, Group>()
  private size = 0

  constructor(private readonly maxEntries = 2000) {}

  get(group: string, key: string, stamp: string): CachedResponse | undefined {
    const entries = this.groups.get(group)
    if (entries && entries.stamp !== stamp) {
      this.invalidate(group)
      return undefined
    }
    return entries?.entries.get(key)
  }

  set(group: string, key: string, response: CachedResponse, stamp: string): void {
    if (this.size >= this.maxEntries) this.clear()
    let entries = this.groups.get(group)
    if (entries && entries.stamp !== stamp) {
      this.invalidate(group)
      entries = undefined
    }
    if (!entries) {
      entries = { stamp, entries: new Map() }
      this.groups.set(group, entries)
    }
    if (!entries.entries.has(key)) this.size += 1
    entries.entries.set(key, response)
  }

  invalidate(group: string): void {
    const entries = this.groups.get(group)
    if (!entries) return
    this.size -= entries.entries.size
    this.groups.delete(group)
  }

  clear(): void {
    this.groups.clear()
    this.size = 0
  }
}
