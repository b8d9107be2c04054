/**
 * A platform process and the promises nobody awaits: pg-boss marks a job done or failed without
 * awaiting the statement, so with the database away that statement's failure is an unhandled rejection.
 * `surviveDatabaseAway()` (called by src/platform/start.ts) keeps the process running through such a
 * rejection, and only through that kind: any other still ends it, as Node does by default.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Runs a process that installs the handler, rejects a promise with `error` unawaited, then says it lives. */
function rejectUnawaited(error: string): { status: number | null; stdout: string; stderr: string } {
  const script = `
    const { surviveDatabaseAway } = await import('./server/db/client.ts')
    surviveDatabaseAway()
    void Promise.reject(${error})
    setTimeout(() => console.log('still running'), 200)
  `
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('an unhandled rejection in a platform process', () => {
  it('is logged and survived when it is the database being away (a job marked done as the database stopped)', () => {
    // What node-postgres reports for a connection refused while PostgreSQL restarts.
    const result = rejectUnawaited(
      `Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })`,
    )
    expect(result.stdout).toContain('still running')
    expect(result.stderr).toContain('a background statement failed, the database being away: ECONNREFUSED')
    expect(result.status).toBe(0)
  }, 40_000)

  it('still ends the process for any other failure', () => {
    const result = rejectUnawaited(`new TypeError('a bug, not the database')`)
    expect(result.stdout).not.toContain('still running')
    expect(result.stderr).toContain('a bug, not the database')
    expect(result.status).not.toBe(0)
  }, 40_000)
})
