import { inArray, sql } from 'drizzle-orm'
import { AGENT_SILENCE_MS, type AgentReport } from '../../src/types/nodes/fields.ts'
import type { Db } from '../db/client.ts'
import { edgeReports } from '../db/schema.ts'
import { isoTimestamp } from '../db/time.ts'

/** An agent node's last report and when it came. */
export type ReceivedReport = { reportedAt: number; report: AgentReport }

/** Keeps an agent's report as its last (bookkeeping: no revision, no audit entry). */
export async function storeReport(db: Db, node: string, report: AgentReport): Promise<void> {
  await db
    .insert(edgeReports)
    .values({ node, report })
    .onConflictDoUpdate({ target: edgeReports.node, set: { report, reportedAt: sql`now()` } })
}

/** The last report of each named node that has sent one. */
export async function lastReports(db: Db, nodes: readonly string[]): Promise<Map<string, ReceivedReport>> {
  if (nodes.length === 0) return new Map()
  const rows = await db
    .select()
    .from(edgeReports)
    .where(inArray(edgeReports.node, [...nodes]))
  return new Map(
    rows.map((row) => [
      row.node,
      { reportedAt: Date.parse(isoTimestamp(row.reportedAt)), report: row.report as unknown as AgentReport },
    ]),
  )
}

export async function forgetReport(db: Db, node: string): Promise<void> {
  await db.delete(edgeReports).where(inArray(edgeReports.node, [node]))
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
): { runs: number | null; updated: boolean; message: string | null } {
  if (!received) return { runs: null, updated: false, message: null }
  const { report } = received
  if (scope === '') {
    const failed = report.projects.find((line) => line.error)
    const runs = report.platform_revision
    const message = report.error ?? (failed ? `project ${failed.project}: ${failed.error}` : null)
    return { runs, updated: runs !== null && runs >= revision && message === null, message }
  }
  const line = report.projects.find((entry) => entry.project === scope)
  const runs = line?.revision ?? null
  const message = report.error ?? line?.error ?? null
  return { runs, updated: runs !== null && runs >= revision && !line?.error, message }
}
