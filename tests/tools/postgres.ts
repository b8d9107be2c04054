/**
 * A throwaway PostgreSQL cluster for the tests: Debian's `postgresql` server binaries, a data directory
 * under a temp directory, a free port on 127.0.0.1, stopped and removed at the end. initdb refuses to
 * run as root, so as root the cluster belongs to the `postgres` system user the Debian package creates.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findFreePort } from '../../e2e/support/chromium.ts'

export type Cluster = {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string
  stop(): void
}

/** The newest installed server's bin directory (`PG_BIN` overrides). */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : null
}

function idsOf(user: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, user]).toString().trim())
  return { uid: id('-u'), gid: id('-g') }
}

export async function startCluster(): Promise<Cluster> {
  const bin = postgresBinDir()
  if (!bin) throw new Error("No PostgreSQL server found: install Debian's postgresql (apt-get install -y postgresql)")
  const dir = mkdtempSync(join(tmpdir(), 'wadp-pg-'))
  chmodSync(dir, 0o755)
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  const owner = asRoot ? idsOf('postgres') : null
  if (owner) chownSync(dir, owner.uid, owner.gid)
  const run = (program: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, program)
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args
    const result = spawnSync(command, argv, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`)
  }
  const port = await findFreePort()
  run('initdb', ['-D', data, '-U', 'wadp', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'])
  // Durability is not what these tests are about; speed is.
  const settings = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ')
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', settings, '-w', '-t', '60', 'start'])
  let stopped = false
  return {
    url: `postgres://wadp@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return
      stopped = true
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
