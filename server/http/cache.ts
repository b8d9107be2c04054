/**
 * Serialised list responses, so a hot list costs a map look-up instead of a query and a JSON encode.
 * Entries are grouped by `type|scope` and dropped as a group when anything of that type and scope
 * changes. This server is the only writer of its database; several servers on one PostgreSQL would
 * each need the change feed (not built: one server per database is the supported set-up).
 */
export type CachedResponse = { body: string; etag?: string }

export class ResponseCache {
  private readonly groups = new Map<string, Map<string, CachedResponse>>()
  private size = 0

  constructor(private readonly maxEntries = 2000) {}

  get(group: string, key: string): CachedResponse | undefined {
    return this.groups.get(group)?.get(key)
  }

  set(group: string, key: string, response: CachedResponse): void {
    if (this.size >= this.maxEntries) this.clear()
    let entries = this.groups.get(group)
    if (!entries) {
      entries = new Map()
      this.groups.set(group, entries)
    }
    if (!entries.has(key)) this.size += 1
    entries.set(key, response)
  }

  invalidate(group: string): void {
    const entries = this.groups.get(group)
    if (!entries) return
    this.size -= entries.size
    this.groups.delete(group)
  }

  clear(): void {
    this.groups.clear()
    this.size = 0
  }
}
