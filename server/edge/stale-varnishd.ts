import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Process `pid`'s command line as its words; empty when it does not run (a zombie has none). */
async function commandLine(pid: number): Promise<string[]> {
  const text = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
  return text.split('\0').filter((word) => word !== '')
}

/** Whether `pid` is a varnishd of work directory `workdir` (`-n`), and not a process that took its number since. */
async function runsOn(pid: number, workdir: string): Promise<boolean> {
  const words = await commandLine(pid)
  return (
    basename(words[0] ?? '').startsWith('varnishd') &&
    words.some((word, i) => word === '-n' && words[i + 1] === workdir)
  )
}

/** Process `pid`'s parent's id (`/proc/<pid>/stat`'s fourth field, after the name in parentheses), or null. */
async function parentOf(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  return Number.isInteger(parent) && parent > 0 ? parent : null
}

/**
 * Stops the varnishd that an agent killed with -9 left running on work directory `workdir` (its child
 * outlived it, still listening and serving an old configuration): the process a pid file names (the
 * `-P` file it was started with, or varnishd's own `_.pid` in `workdir`), only while it runs on that
 * work directory. SIGTERM (it stops its cache process first), SIGKILL after `graceMs`. Resolves with
 * the pids it stopped, once they are gone. One whose parent is still the process `ownerFile` names (the
 * agent that started it) is not stale: that agent lives, and two agents of one directory would stop
 * each other's varnishd forever; it is refused instead.
 */
export async function stopStaleVarnishd(
  pidFiles: readonly string[],
  workdir: string,
  ownerFile: string,
  graceMs = 10_000,
): Promise<number[]> {
  const read = await Promise.all([...pidFiles, ownerFile].map((file) => readFile(file, 'utf8').catch(() => '')))
  const owner = Number.parseInt(read.pop() ?? '', 10)
  const pids = [...new Set(read.map((text) => Number.parseInt(text, 10)))].filter((pid) => pid > 0)
  const stale: number[] = []
  for (const pid of pids) {
    if (!(await runsOn(pid, workdir))) continue
    if ((await parentOf(pid)) === owner)
      throw new Error(`varnishd ${pid} of ${workdir} is run by process ${owner}, another agent of this directory`)
    stale.push(pid)
  }
  for (const pid of stale) signal(pid, 'SIGTERM')
  const killAt = Date.now() + graceMs
  let killed = false
  for (;;) {
    const left = (await Promise.all(stale.map(async (pid) => ((await runsOn(pid, workdir)) ? pid : 0)))).filter(
      (pid) => pid > 0,
    )
    if (left.length === 0) return stale
    if (killed && Date.now() > killAt + 5000)
      throw new Error(`a previous varnishd of ${workdir} (pid ${left.join(', ')}) does not stop`)
    if (!killed && Date.now() > killAt) {
      for (const pid of left) signal(pid, 'SIGKILL')
      killed = true
    }
    await sleep(100)
  }
}

/** Sends `name` to `pid`; one that has just exited is no error. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
}
