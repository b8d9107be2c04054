import { count, inArray, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { cacheGenerations } from './schema.ts'

/** The cache group of a resource type in a scope (a project's name, '' for platform-wide types). */
export function cacheGroup(type: string, scope: string): string {
  return `${type}|${scope}`
}

/**
 * How a process-local cache learns that another process changed what it holds
 * (docs/adr/0003-coherent-reads.md). On PGlite this process is the database's only writer: its own
 * change listeners drop what is stale, and no check is made. On a PostgreSQL server every change moves
 * its group's generation inside the writing transaction, and a cached answer is used only while the
 * generations it was computed at are still the current ones, so a read that starts after a write has
 * returned, on any process, sees that write.
 */
type Waiting = { groups: readonly string[]; resolve(stamp: string): void; reject(error: unknown): void }

export class Generations {
  /** Stamps asked for in this turn of the event loop: one query answers them all. */
  private waiting: Waiting[] = []

  constructor(
    private readonly db: Db,
    readonly shared: boolean,
  ) {}

  /**
   * A stamp of the groups' current generations ('' when not shared). Read it before computing what is
   * cached under it: a change that lands meanwhile then makes the next stamp differ, never the reverse.
   * Every stamp asked for in one turn of the event loop comes from one query, started after all of
   * them were asked, so each still sees every change that returned before it was asked.
   */
  stamp(groups: readonly string[]): Promise<string> {
    if (!this.shared) return Promise.resolve('')
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.readWaiting())
      this.waiting.push({ groups, resolve, reject })
    })
  }

  private async readWaiting(): Promise<void> {
    const batch = this.waiting
    this.waiting = []
    try {
      const wanted = [...new Set(batch.flatMap((waiting) => waiting.groups))]
      const rows = await this.db.select().from(cacheGenerations).where(inArray(cacheGenerations.group, wanted))
      const generations = new Map(rows.map((row) => [row.group, row.generation]))
      for (const waiting of batch) waiting.resolve(waiting.groups.map((g) => generations.get(g) ?? 0).join('.'))
    } catch (error) {
      for (const waiting of batch) waiting.reject(error)
    }
  }

  /**
   * A stamp that moves with any change of any group ('' when not shared): rows are only added and
   * generations only grow, so their count and sum never come back to an earlier value. For answers
   * that depend on every type in every project (the global search).
   */
  async anyChange(): Promise<string> {
    if (!this.shared) return ''
    const rows = await this.db
      .select({ groups: count(), total: sql<string>`coalesce(sum(${cacheGenerations.generation}), 0)` })
      .from(cacheGenerations)
    return `${rows[0]?.groups ?? 0}.${rows[0]?.total ?? 0}`
  }

  /**
   * Moves the groups on; `db` is the writing transaction, so the move commits with the change. Returns
   * the generation each group moved to (empty when not shared), for a process to tell its own moves
   * from other processes' (server/services/search-index.ts).
   */
  async bump(db: Db, groups: readonly string[]): Promise<Map<string, number>> {
    const moved = new Map<string, number>()
    if (!this.shared) return moved
    for (const group of [...groups].sort()) {
      const [row] = await db
        .insert(cacheGenerations)
        .values({ group, generation: 1 })
        .onConflictDoUpdate({
          target: cacheGenerations.group,
          set: { generation: sql`${cacheGenerations.generation} + 1` },
        })
        .returning({ generation: cacheGenerations.generation })
      if (row) moved.set(group, Number(row.generation))
    }
    return moved
  }
}
