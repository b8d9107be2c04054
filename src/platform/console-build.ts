import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { processAlive } from '../../server/db/data-dir-lock.ts'
import { buildReport } from '../../server/start-report.ts'

/** What the console is built from: dist/ older than any of it is built again. */
const SOURCES = ['src', 'routes', 'machines', 'public', 'index.html', 'vite.config.ts']
/**
 * Held (its file made, naming the builder's process) while a start builds the console: beside dist/, since
 * the build empties dist/ first.
 */
export const BUILD_LOCK = '.dist-build.lock'
/** How often a start waiting for another's build looks again. */
const WAIT_STEP_MS = 200
/**
 * A lock this old is taken over whoever holds it (a build takes seconds; one waits its turn): its process
 * id may name another process now, or one of another machine or container sharing the checkout.
 */
const LOCK_HELD_AT_MOST_MS = 10 * 60_000

/** Newest modification time under the console's sources, to decide whether dist/ is stale. */
function newestSource(path: string): number {
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  return Math.max(0, ...readdirSync(path).map((entry) => newestSource(join(path, entry))))
}

function stale(root: string): boolean {
  const built = join(root, 'dist', 'index.html')
  const sources = SOURCES.map((p) => join(root, p)).filter(existsSync)
  return !existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map(newestSource))
}

/**
 * Takes the build lock, waiting while another start (this checkout's, on this machine) holds it; a lock
 * whose process is gone is taken over. Returns its release.
 */
async function takeLock(root: string): Promise<() => void> {
  const file = join(root, BUILD_LOCK)
  let said = false
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => unlinkSync(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const held = (() => {
      try {
        return { by: readFileSync(file, 'utf8').trim(), since: statSync(file).mtimeMs }
      } catch {
        return null
      }
    })()
    if (!held) continue
    const holder = Number(held.by)
    const left = !Number.isInteger(holder) || holder <= 0 || !processAlive(holder)
    if (left || Date.now() - held.since > LOCK_HELD_AT_MOST_MS) {
      // Left by a start that died while building: taken over (read again, so as not to remove a new one).
      if (readFileSync(file, 'utf8').trim() === held.by) unlinkSync(file)
      continue
    }
    if (!said) console.log('Waiting for the console build another start is running…')
    said = true
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS))
  }
}

function run(command: readonly string[], cwd: string) {
  return new Promise<{ status: number | null; stdout: string; stderr: string; error?: Error }>((resolve) => {
    const [program = '', ...args] = command
    // Kept, not shown: Vite's list of chunks is some 250 lines; a failure shows all of it.
    const child = spawn(program, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('error', (error) => resolve({ status: null, stdout, stderr, error }))
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}

/**
 * `npm start --build-if-needed`: builds the console into dist/ when it is missing or older than its
 * sources. Starts of one checkout take turns (BUILD_LOCK), and one that waited for another's build finds
 * dist/ current and builds nothing: before, processes started together each built, and each build emptied
 * dist/ while the first process to finish was serving it ("The console is not built" for a few seconds).
 * Returns false when the build failed (its output said).
 */
export async function buildConsoleIfNeeded(
  root: string,
  command: readonly string[] = ['npm', 'run', 'build', '--silent'],
): Promise<boolean> {
  if (!stale(root)) return true
  const release = await takeLock(root)
  try {
    if (!stale(root)) return true
    console.log('Building the console (dist/ is missing or older than its sources)…')
    const started = performance.now()
    const report = buildReport(await run(command, root), (performance.now() - started) / 1000)
    for (const line of report.lines) (report.ok ? console.log : console.error)(line)
    return report.ok
  } finally {
    release()
  }
}
