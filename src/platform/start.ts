import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { surviveDatabaseAway } from '../../server/db/client.ts'
import { startLocalEdge } from '../../server/local-edge.ts'
import { optionsFromEnv, ROOT, startServer } from '../../server/main.ts'
import { buildReport, runtimeNote, signInLines } from '../../server/start-report.ts'
import { PLATFORM_TYPES } from './types.ts'

/** Newest modification time under the console's sources, to decide whether dist/ is stale. */
function newestSource(path: string): number {
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  return Math.max(0, ...readdirSync(path).map((entry) => newestSource(join(path, entry))))
}

function buildConsoleIfNeeded() {
  const built = join(ROOT, 'dist', 'index.html')
  const sources = ['src', 'routes', 'machines', 'public', 'index.html', 'vite.config.ts']
    .map((p) => join(ROOT, p))
    .filter(existsSync)
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestSource))) return
  console.log('Building the console (dist/ is missing or older than its sources)…')
  const started = performance.now()
  // Kept, not shown: Vite's list of chunks is some 250 lines; a failure shows all of it.
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  })
  const report = buildReport(result, (performance.now() - started) / 1000)
  for (const line of report.lines) (report.ok ? console.log : console.error)(line)
  if (!report.ok) process.exit(1)
}

if (process.argv.includes('--build-if-needed')) buildConsoleIfNeeded()

function cannotStart(error: unknown): never {
  console.error('WADP could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
}

// A setting it cannot use (WADP_TLS_CERT without WADP_TLS_KEY…) is said in one line, as a failed start is.
const options = (() => {
  try {
    return optionsFromEnv(process.env)
  } catch (error) {
    return cannotStart(error)
  }
})()
surviveDatabaseAway()
const server = await startServer(options, PLATFORM_TYPES).catch(cannotStart)

console.log(`WADP console and platform API: ${server.url}/`)
console.log(`Database: ${server.databaseDescription}`)
const note = runtimeNote(process.version, !options.externalOidc)
if (note) console.log(note)

if (process.env.WADP_EDGE && process.env.WADP_EDGE !== 'local') {
  console.log(`WADP_EDGE=${process.env.WADP_EDGE} is not known (only local is); going on without an edge node`)
}
const edge = process.env.WADP_EDGE === 'local' ? await startLocalEdge(server.ctx, server.url, process.env, ROOT) : null

// Last, so that the end of the start-up log is how to get in.
for (const line of signInLines({
  url: server.url,
  adminToken: server.adminToken,
  demoPassword: server.demoPassword,
  generated: server.generated,
  issuer: server.ctx.config.oidc.issuer,
  externalIssuer: options.externalOidc !== undefined,
}))
  console.log(line)

let stopping = false
async function stop(signal: string) {
  // A second Ctrl-C does not wait for the requests and jobs in flight.
  if (stopping) process.exit(1)
  stopping = true
  console.log(`${signal}: stopping…`)
  await edge?.stop()
  await server.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
