import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../../server/db/client.ts'
import { resources } from '../../../server/db/schema.ts'
import type { EdgeInvalidation, EdgeInvalidationResult } from '../../domain/edge-node.ts'
import { AGENT_PURGE_WINDOW_MS, type PurgeRequest } from '../../domain/purge.ts'
import { projectDomains } from '../websites/server.ts'

const PURGE = 'purge'
const planned = (node: string) => sql`${resources.data}->'plan' @> ${JSON.stringify([{ node, agent: true }])}::jsonb`

/**
 * The invalidations of the last 24 hours planned for this agent node that it has not reported yet,
 * oldest first: a node that was down gets them when it is back.
 */
export async function pendingInvalidations(db: Db, node: string, now: number): Promise<EdgeInvalidation[]> {
  const since = new Date(now - AGENT_PURGE_WINDOW_MS).toISOString()
  const rows = await db
    .select({ scope: resources.scope, name: resources.name, data: resources.data })
    .from(resources)
    .where(
      and(
        eq(resources.type, PURGE),
        gt(resources.createdAt, since),
        planned(node),
        sql`(${resources.data}->'results'->${node}) is null`,
      ),
    )
    .orderBy(resources.createdAt, resources.name)
  const hostsOf = new Map<string, string[]>()
  const result: EdgeInvalidation[] = []
  for (const row of rows) {
    const data = row.data as PurgeRequest & { requested_at: string }
    let hosts = hostsOf.get(row.scope)
    if (!hosts && (data.type === 'all' || data.type === 'tag')) {
      hosts = [...(await projectDomains(db, row.scope)).keys()].sort()
      hostsOf.set(row.scope, hosts)
    }
    result.push({
      project: row.scope,
      name: row.name,
      type: data.type,
      targets: data.targets,
      soft: data.soft,
      requested_at: data.requested_at,
      hosts: data.type === 'all' || data.type === 'tag' ? (hosts ?? []) : [],
    })
  }
  return result
}

/** Keeps a node's results on the invalidations (bookkeeping: no revision, no audit entry). */
export async function recordInvalidationResults(
  db: Db,
  node: string,
  results: readonly EdgeInvalidationResult[],
): Promise<number> {
  let recorded = 0
  for (const { project, name, status, at, message } of results) {
    const entry = JSON.stringify({ [node]: { status, at, message } })
    const updated = await db
      .update(resources)
      .set({
        data: sql`jsonb_set(${resources.data}, '{results}', coalesce(${resources.data}->'results', '{}'::jsonb) || ${entry}::jsonb)`,
      })
      .where(and(eq(resources.type, PURGE), eq(resources.scope, project), eq(resources.name, name), planned(node)))
      .returning({ name: resources.name })
    recorded += updated.length
  }
  return recorded
}

/**
 * An agent node being deleted will never carry out what it still had to: each such invalidation is
 * recorded as failed there, saying why, rather than left queued for a day (no silent success).
 */
export async function abandonInvalidations(db: Db, node: string, now: number): Promise<number> {
  const pending = await pendingInvalidations(db, node, now)
  const at = new Date(now).toISOString()
  return recordInvalidationResults(
    db,
    node,
    pending.map(({ project, name }) => ({
      project,
      name,
      status: 'failed' as const,
      at,
      message: 'the node was deleted before it carried it out',
    })),
  )
}
