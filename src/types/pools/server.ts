import { and, eq, inArray, sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { Db } from '../../../server/db/client.ts'
import { resources } from '../../../server/db/schema.ts'
import type { ResourceData, ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { PoolFields } from './fields.ts'

/** The nodes naming each of these pools, by name. */
async function nodesOfPools(db: Db, pools: string[]): Promise<Map<string, string[]>> {
  const byPool = new Map<string, string[]>()
  if (pools.length === 0) return byPool
  const pool = sql<string>`${resources.data}->>'pool'`
  const rows = await db
    .select({ name: resources.name, pool })
    .from(resources)
    .where(and(eq(resources.type, 'nodes'), eq(resources.scope, ''), inArray(pool, pools)))
    .orderBy(resources.name)
  for (const row of rows) byPool.set(row.pool, [...(byPool.get(row.pool) ?? []), row.name])
  return byPool
}

/**
 * Pools (RESOURCES.md, Pool): groups of nodes with their regions and rollout strategy. `nodes` is
 * read-only, the nodes whose `pool` names it; a pool still named by a node cannot be deleted (409).
 */
export const pools: ResourceDefinition = {
  type: 'pools',
  label: 'pool',
  service: 'core',
  scope: 'platform',
  permissionService: 'wadp',
  fields: PoolFields,
  readOnlyFields: ['nodes'],
  derivedFields: {
    nodes: v.pipe(v.array(v.string()), v.description('The nodes whose pool is this one, by name (read-only)')),
  },
  searchable: (data: ResourceData) => [String(data.description ?? ''), ...((data.regions as string[]) ?? [])],
  configuration: true,
  hooks: {
    async derive(db, records) {
      const byPool = await nodesOfPools(
        db,
        records.map((record) => record.name),
      )
      return records.map((record) => ({ ...record, nodes: byPool.get(record.name) ?? [] }))
    },
  },
}

export const server: TypeServer = { definition: pools }
