import { and, eq } from 'drizzle-orm'
import { generateSecret, hashSecret } from '../base/secrets.ts'
import type { Db } from '../db/client.ts'
import { resources } from '../db/schema.ts'

/** Gives an edge agent node a new secret and returns it: only its hash is kept, the old one stops working. */
export async function newNodeSecret(db: Db, node: string): Promise<string> {
  const secret = generateSecret()
  await db
    .update(resources)
    .set({ secretHash: hashSecret(secret) })
    .where(and(eq(resources.type, 'nodes'), eq(resources.scope, ''), eq(resources.name, node)))
  return secret
}
