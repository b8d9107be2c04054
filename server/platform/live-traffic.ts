import { and, asc, eq, gt, inArray, lt, max, sql } from 'drizzle-orm'
import { type LiveTrafficLine, redactQuery, type TrafficBatchData } from '../../src/domain/live-traffic.ts'
import type { Db } from '../db/client.ts'
import { edgeTraffic } from '../db/schema.ts'

/** How long the platform keeps a line: a stream that opens sees only what comes after it. */
const KEEP_SECONDS = 60

/**
 * Keeps a node's batch of requests for the live streams (every API process reads them from the
 * database), the query strings redacted again, and lets go of lines older than a minute.
 *
 * A stream reads the lines after the last id it showed, so ids must become visible in their order: the
 * batches take turns at an advisory lock, each taking its ids and committing before the next takes
 * any. Two nodes' batches inserted at once (on two processes, or on one) otherwise committed out of
 * order, and a stream that read the later ids first passed over the earlier ones for good.
 */
export async function storeTraffic(db: Db, node: string, batch: TrafficBatchData): Promise<void> {
  if (batch.lines.length > 0) {
    const sampled = batch.seen > batch.lines.length ? 1 : 0
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('edge_traffic', 0))`)
      await tx.insert(edgeTraffic).values(
        batch.lines.map(({ project, ...line }) => ({
          node,
          project,
          host: line.host,
          sampled,
          line: { ...line, query: redactQuery(line.query) },
        })),
      )
    })
  }
  await db.delete(edgeTraffic).where(lt(edgeTraffic.receivedAt, sql`now() - make_interval(secs => ${KEEP_SECONDS})`))
}

/** The id a stream opened now starts after: only requests that come later are shown. */
export async function latestTrafficId(db: Db): Promise<number> {
  const [row] = await db.select({ last: max(edgeTraffic.id) }).from(edgeTraffic)
  return Number(row?.last ?? 0)
}

/** The lines of `project` for `hosts` after `afterId`, oldest first (at most `limit`). */
export async function trafficSince(
  db: Db,
  project: string,
  hosts: readonly string[],
  afterId: number,
  limit: number,
): Promise<LiveTrafficLine[]> {
  if (hosts.length === 0) return []
  const rows = await db
    .select({ id: edgeTraffic.id, node: edgeTraffic.node, sampled: edgeTraffic.sampled, line: edgeTraffic.line })
    .from(edgeTraffic)
    .where(and(eq(edgeTraffic.project, project), inArray(edgeTraffic.host, [...hosts]), gt(edgeTraffic.id, afterId)))
    .orderBy(asc(edgeTraffic.id))
    .limit(limit)
  return rows.map((row) => ({
    ...(row.line as Omit<LiveTrafficLine, 'id' | 'node' | 'sampled'>),
    id: String(row.id),
    node: row.node,
    sampled: row.sampled === 1,
  }))
}
