/**
 * Global set-up of vitest and Playwright: one empty, migrated PGlite database a run, as a tarball that
 * every in-memory server of the run starts from (`WADP_MEMORY_TEMPLATE`, inherited by the test workers
 * and the server processes they start): under a second a server instead of PGlite's 3-5 s initdb.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migratedPgliteTarball } from '../../server/db/client.ts'

export default async function makeMemoryTemplate(): Promise<() => void> {
  if (process.env.WADP_MEMORY_TEMPLATE) return () => {}
  const dir = mkdtempSync(join(tmpdir(), 'wadp-template-'))
  const file = join(dir, 'migrated.tar')
  writeFileSync(file, await migratedPgliteTarball())
  process.env.WADP_MEMORY_TEMPLATE = file
  return () => rmSync(dir, { recursive: true, force: true })
}
