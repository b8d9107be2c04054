import { and, eq, inArray } from 'drizzle-orm'
import type { Parent } from '../src/domain/project.ts'
import type { Db } from './db/client.ts'
import { cacheGroup, type Generations } from './db/generations.ts'
import { resources } from './db/schema.ts'

export type ProjectInfo = { name: string; display_name: string | null; customer: Parent; organization: Parent }

type Snapshot = Map<string, ProjectInfo>

const TENANCY_GROUPS = ['organizations', 'customers', 'projects'].map((type) => cacheGroup(type, ''))

/**
 * Organizations, customers and projects with their parents, held in memory (10,000 projects is a few
 * MB) and rebuilt after any of the three changes, by this process or another (server/db/generations.ts).
 */
export class Tenancy {
  private snapshot: { stamp: string; projects: Promise<Snapshot> } | null = null
  /** Serialised answers derived from the snapshot (the project selector's list), dropped with it. */
  private readonly answers = new Map<string, string>()

  constructor(
    private readonly db: Db,
    private readonly generations: Generations,
  ) {}

  invalidate(): void {
    this.snapshot = null
    this.answers.clear()
  }

  async answer(key: string, compute: (projects: ProjectInfo[]) => string): Promise<string> {
    const loading = await this.current()
    const known = this.answers.get(key)
    if (known !== undefined) return known
    const body = compute([...(await loading.projects).values()])
    // Keep it only if no change arrived while loading, and keep the memo small.
    if (loading === this.snapshot) {
      if (this.answers.size >= 1000) this.answers.clear()
      this.answers.set(key, body)
    }
    return body
  }

  private async current(): Promise<{ stamp: string; projects: Promise<Snapshot> }> {
    const stamp = await this.generations.stamp(TENANCY_GROUPS)
    if (this.snapshot?.stamp !== stamp) {
      this.invalidate()
      const snapshot = { stamp, projects: this.read() }
      this.snapshot = snapshot
      snapshot.projects.catch(() => {
        if (this.snapshot === snapshot) this.snapshot = null
      })
    }
    return this.snapshot as { stamp: string; projects: Promise<Snapshot> }
  }

  private async load(): Promise<Snapshot> {
    return (await this.current()).projects
  }

  private async read(): Promise<Snapshot> {
    const rows = await this.db
      .select({ type: resources.type, name: resources.name, displayName: resources.displayName, data: resources.data })
      .from(resources)
      .where(and(eq(resources.scope, ''), inArray(resources.type, ['organizations', 'customers', 'projects'])))
    const parent = (type: string, name: string): Parent => {
      const row = rows.find((r) => r.type === type && r.name === name)
      return { name, display_name: row?.displayName ?? null }
    }
    const customerOrg = new Map(
      rows.filter((r) => r.type === 'customers').map((r) => [r.name, String(r.data.organization)]),
    )
    const projects: Snapshot = new Map()
    for (const row of rows.filter((r) => r.type === 'projects').sort((a, b) => a.name.localeCompare(b.name))) {
      const customer = String(row.data.customer)
      projects.set(row.name, {
        name: row.name,
        display_name: row.displayName,
        customer: parent('customers', customer),
        organization: parent('organizations', customerOrg.get(customer) ?? ''),
      })
    }
    return projects
  }

  async projectExists(name: string): Promise<boolean> {
    return (await this.load()).has(name)
  }

  /** Every project by name, from one snapshot (one generation check, however many are looked up). */
  async lookup(): Promise<ReadonlyMap<string, ProjectInfo>> {
    return this.load()
  }

  async project(name: string): Promise<ProjectInfo | null> {
    return (await this.load()).get(name) ?? null
  }

  /** Every project, sorted by name. */
  async projects(): Promise<ProjectInfo[]> {
    return [...(await this.load()).values()]
  }
}
