import { surviveDatabaseAway } from '../../server/db/client.ts'
import { startLocalEdge } from '../../server/local-edge.ts'
import { optionsFromEnv, ROOT, startServer } from '../../server/main.ts'
import { runtimeNote, signInLines } from '../../server/start-report.ts'
import { buildConsoleIfNeeded } from './console-build.ts'
import { PLATFORM_TYPES } from './types.ts'

if (process.argv.includes('--build-if-needed') && !(await buildConsoleIfNeeded(ROOT))) process.exit(1)

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
