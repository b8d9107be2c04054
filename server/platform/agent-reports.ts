import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { BackendNodeHealthData } from '../../src/domain/backend-health.ts'
import type { AgentReport } from '../../src/domain/edge-node.ts'
import { AGENT_SILENCE_MS } from '../../src/domain/nodes.ts'
import type { Db } from '../db/client.ts'
import { edgeReports, resources } from '../db/schema.ts'
import { isoTimestamp } from '../db/time.ts'

/**
 * An agent node's last report and when it came; `conflictAt`, when two agents last took turns reporting
 * as it (one node's secret used by two agents: each runs and bans on its own, and the reports of one
 * would hide the other).
 */
export type ReceivedReport = { reportedAt: number; report: AgentReport; conflictAt?: number }

/** What is kept beside a report: when each agent instance last reported, and the last turn taken. */
type Kept = { seen?: Record<string, number>; conflict_at?: number }

/**
 * Keeps an agent's report as its last (bookkeeping: no revision, no audit entry). An instance that
 * reports again after another one did, both within 10 s, is a second agent with the same secret, not a
 * replacement (a replaced agent does not come back).
 */
export async function storeReport(db: Db, node: string, report: AgentReport, now: number): Promise<void> {
  const [row] = await db.select({ report: edgeReports.report }).from(edgeReports).where(eq(edgeReports.node, node))
  const before = row?.report as (AgentReport & Kept) | undefined
  const recent = Object.entries(before?.seen ?? {}).filter(([, at]) => now - at <= AGENT_SILENCE_MS)
  let conflictAt = before?.conflict_at
  const instance = report.instance
  if (instance && before?.instance && before.instance !== instance && recent.some(([id]) => id === instance))
    conflictAt = now
  const kept: AgentReport & Kept = {
    ...report,
    seen: Object.fromEntries(instance ? [...recent.filter(([id]) => id !== instance), [instance, now]] : recent),
    ...(conflictAt === undefined ? {} : { conflict_at: conflictAt }),
  }
  await db
    .insert(edgeReports)
    .values({ node, report: kept })
    .onConflictDoUpdate({ target: edgeReports.node, set: { report: kept, reportedAt: sql`now()` } })
}

/** What the sync views say of a node two agents report as, while they take turns (and 10 s after). */
export const TWO_AGENTS_MESSAGE =
  'two edge agents report as this node (its secret is used twice): each runs and bans on its own; stop one, or rotate the secret and give it to one'

/** The last report of each named node that has sent one. */
export async function lastReports(db: Db, nodes: readonly string[]): Promise<Map<string, ReceivedReport>> {
  if (nodes.length === 0) return new Map()
  const rows = await db
    .select()
    .from(edgeReports)
    .where(inArray(edgeReports.node, [...nodes]))
  return new Map(
    rows.map((row) => {
      const report = row.report as unknown as AgentReport & Kept
      const received: ReceivedReport = { reportedAt: Date.parse(isoTimestamp(row.reportedAt)), report }
      if (report.conflict_at !== undefined) received.conflictAt = report.conflict_at
      return [row.node, received]
    }),
  )
}

export async function forgetReport(db: Db, node: string): Promise<void> {
  await db.delete(edgeReports).where(inArray(edgeReports.node, [node]))
}

/**
 * What the edge agent nodes heard from in the last 10 s report of each backend: `of(project, backend)`
 * gives every node's view of the backend named so in the project's VCL, by node name.
 */
export async function agentBackendReports(db: Db, now: number) {
  const rows = await db
    .select({ node: edgeReports.node, reportedAt: edgeReports.reportedAt, report: edgeReports.report })
    .from(edgeReports)
    .innerJoin(
      resources,
      and(eq(resources.type, 'nodes'), eq(resources.scope, ''), eq(resources.name, edgeReports.node)),
    )
    .orderBy(asc(edgeReports.node))
  const byBackend = new Map<string, BackendNodeHealthData[]>()
  for (const row of rows) {
    const received = { reportedAt: Date.parse(isoTimestamp(row.reportedAt)), report: row.report as AgentReport }
    if (!heardFrom(received, now)) continue
    const reported_at = new Date(received.reportedAt).toISOString()
    for (const state of received.report.backends ?? []) {
      const key = `${state.project}/${state.backend}`
      const list = byBackend.get(key) ?? []
      list.push({
        node: row.node,
        source: 'agent',
        healthy: state.healthy,
        window: state.window,
        last_change_at: state.last_change_at,
        average_response_ms: state.average_response_ms,
        reported_at,
      })
      byBackend.set(key, list)
    }
  }
  return { of: (project: string, backend: string) => byBackend.get(`${project}/${backend}`) ?? [] }
}

/** Whether the agent was heard from in the last 10 s (EDGE.md). */
export const heardFrom = (received: ReceivedReport | undefined, now: number): received is ReceivedReport =>
  received !== undefined && now - received.reportedAt <= AGENT_SILENCE_MS

/**
 * How an agent node stands with one scope's revision ('' = the platform's): the revision it runs, and
 * the compiler's message when it failed to load the latest.
 */
export function agentStanding(
  received: ReceivedReport | undefined,
  scope: string,
  revision: number,
  now: number,
): { runs: number | null; updated: boolean; message: string | null } {
  if (!received) return { runs: null, updated: false, message: null }
  const { report } = received
  // Which of the two runs what cannot be told: neither is taken as updated.
  if (received.conflictAt !== undefined && now - received.conflictAt <= AGENT_SILENCE_MS)
    return { runs: null, updated: false, message: TWO_AGENTS_MESSAGE }
  if (scope === '') {
    const failed = report.projects.find((line) => line.error)
    const runs = report.platform_revision
    const message = report.error ?? (failed ? `project ${failed.project}: ${failed.error}` : null)
    return { runs, updated: runs !== null && runs >= revision && message === null, message }
  }
  const line = report.projects.find((entry) => entry.project === scope)
  const runs = line?.revision ?? null
  // A failed load of an earlier revision says nothing of this one, which the node has not tried yet (a fix
  // just saved): it is still working on it. An agent that does not say which revision failed is believed.
  const stale = typeof line?.failed_revision === 'number' && line.failed_revision < revision
  const message = report.error ?? (stale ? null : (line?.error ?? null))
  return { runs, updated: runs !== null && runs >= revision && !line?.error, message }
}
