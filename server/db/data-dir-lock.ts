import { readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The file naming the process that has a PGlite data directory open. */
export const DATA_DIR_LOCK = 'wadp.pid'

/** Whether process `pid` runs on this machine (one of another user's too): what a lock file's holder is judged by. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Holds a PGlite data directory for this process, or refuses when another living process holds it. PGlite
 * is one process's database: each process keeps its own copy in memory and writes it back, so a second
 * process opened on the same directory (a replica started without DATABASE_URL) took writes the first never
 * saw, and whichever wrote last lost the other's for good. A file left by a process that is gone (killed)
 * is taken over. Returns the release.
 */
export function holdDataDir(dataDir: string): () => void {
  const file = join(dataDir, DATA_DIR_LOCK)
  const mine = String(process.pid)
  for (;;) {
    try {
      writeFileSync(file, mine, { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let holder = ''
    try {
      holder = readFileSync(file, 'utf8').trim()
    } catch {
      continue
    }
    const pid = Number(holder)
    // Its own id: a file a process of an earlier start left (a container's processes get the same ids again).
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) {
      throw new Error(
        `the database in ${dataDir} is open in another process (${pid}): PGlite is one process's database. ` +
          `To run several processes, give them all DATABASE_URL=postgres://… (README, "Several processes on one PostgreSQL"); ` +
          `if no other process uses ${dataDir}, delete ${file}`,
      )
    }
    if (readFileSync(file, 'utf8').trim() === holder) unlinkSync(file)
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === mine) unlinkSync(file)
    } catch {
      // Gone already (the directory removed): nothing to release.
    }
  }
}
