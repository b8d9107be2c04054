/**
 * `node --import tsx tests/tools/with-postgres.ts <command…>`: runs the command with
 * `WADP_TEST_DATABASE_URL` pointing at a throwaway PostgreSQL cluster (tests/tools/postgres.ts), which
 * is stopped and removed afterwards; exits with the command's status.
 */
import { spawn } from 'node:child_process'
import { startCluster } from './postgres.ts'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: with-postgres.ts <command> [args…]')
  process.exit(2)
}
const cluster = await startCluster()
console.log(`PostgreSQL for the tests at ${cluster.url}`)
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, WADP_TEST_DATABASE_URL: cluster.url },
})
const forward = (signal: NodeJS.Signals) => child.kill(signal)
process.on('SIGINT', forward)
process.on('SIGTERM', forward)
const status = await new Promise<number>((resolve) =>
  child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
)
cluster.stop()
process.exit(status)
