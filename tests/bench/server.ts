/**
 * The platform API for `npm run bench`, in its own process so the load generator does not share its
 * event loop. Prints `{"url":…,"rows":…}` on stdout once listening, tops the database up to a number
 * of resources when the parent asks over IPC (bulk rows straight through drizzle), stops on SIGINT.
 */
import { optionsFromEnv, startServer } from '../../server/main.ts'
import { PLATFORM_TYPES } from '../../src/platform/types.ts'
import { TEST_TLS } from '../tools/tls-fixture.ts'
import { fill, rowCount } from './fill.ts'
import { type FillReply, isFillRequest, type ReadyLine } from './protocol.ts'

const adminToken = process.env.BENCH_ADMIN_TOKEN
if (!adminToken) throw new Error('BENCH_ADMIN_TOKEN is required')

const server = await startServer(
  {
    ...optionsFromEnv({}),
    // PGlite's directory when the database is kept between runs (tests/bench/console.ts --lists).
    ...(process.env.BENCH_DATA_DIR ? { dataDir: process.env.BENCH_DATA_DIR } : {}),
    port: 0,
    // In-memory PGlite, or the PostgreSQL server of `npm run bench` with --postgres.
    databaseUrl: process.env.BENCH_DATABASE_URL || 'memory:',
    adminToken,
    demoPassword: 'bench',
    // The console benchmark (tests/bench/console.ts) needs the built console on the same origin.
    serveConsole: process.env.BENCH_SERVE_CONSOLE === '1',
    // Over HTTPS, HTTP/2 for the browser (tests/bench/console.ts --pages --tls).
    ...(process.env.BENCH_TLS === '1' ? { tls: TEST_TLS } : {}),
  },
  PLATFORM_TYPES,
)

process.on('message', (message: unknown) => {
  if (!isFillRequest(message)) return
  fill(server.ctx, message)
    .catch(
      (error: unknown): FillReply => ({
        type: 'fill-failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
    )
    .then((reply) => process.send?.(reply))
})

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await server.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
process.on('disconnect', () => void stop())

const ready: ReadyLine = { url: server.url, rows: await rowCount(server.ctx) }
process.stdout.write(`${JSON.stringify(ready)}\n`)
