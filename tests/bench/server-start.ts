/**
 * `node --import tsx tests/bench/server-start.ts [--template]`: starts the API once on an in-memory
 * database and stops it, printing how long the start took. With --template the database starts from a
 * migrated tarball (made first, not counted), as every server of the test suites does
 * (tests/tools/memory-template.ts); without, PGlite runs initdb. Timed as a whole process too, to compare.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migratedPgliteTarball } from '../../server/db/client.ts'
import { optionsFromEnv, startServer } from '../../server/main.ts'

const dir = mkdtempSync(join(tmpdir(), 'wadp-start-'))
let memoryTemplate: string | undefined
if (process.argv.includes('--template')) {
  memoryTemplate = join(dir, 'migrated.tar')
  writeFileSync(memoryTemplate, await migratedPgliteTarball())
}
const started = performance.now()
const server = await startServer({
  ...optionsFromEnv({}),
  port: 0,
  databaseUrl: 'memory:',
  memoryTemplate,
  adminToken: 'bench-admin-token-0123456789abcdef',
  demoPassword: 'bench',
  serveConsole: false,
})
console.log(`started in ${Math.round(performance.now() - started)} ms${memoryTemplate ? ' from the template' : ''}`)
await server.close()
rmSync(dir, { recursive: true, force: true })
process.exit(0)
