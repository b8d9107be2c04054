/**
 * The edge agent's own process (`npm run edge`, server/edge-agent.ts) killed with -9: its varnishd
 * outlives it (a child is not ended with its parent), still listening. The next agent of the same work
 * directory stops that varnishd (the pid file it was started with) and starts its own, rather than
 * exiting on "Address already in use" while the old one serves an old configuration. A varnishd whose
 * agent still runs is not stale: a second agent of its directory is refused rather than stopping it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VarnishNode, type VarnishOptions } from '../../server/edge/varnish.ts'
import { findVarnishd } from '../../server/edge/vcc.ts'
import { edgeGet, freePort } from './support.ts'

const varnishd = findVarnishd()
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const NODE = 'pop-zz-process-1'

/** Process `pid`'s command line, or '' when it does not run (a zombie has none). */
const commandLine = (pid: number) =>
  readFile(`/proc/${pid}/cmdline`, 'utf8').then(
    (text) => text.replaceAll('\0', ' ').trim(),
    () => '',
  )

/** Every process whose command line names `text` (this test's own work directory). */
async function processesNaming(text: string): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number)
  const named = await Promise.all(pids.map(async (pid) => ((await commandLine(pid)).includes(text) ? pid : 0)))
  return named.filter((pid) => pid > 0)
}

describe.skipIf(!varnishd)('an edge agent process killed with -9', () => {
  let dir: string
  let base: string
  let env: Record<string, string>
  const agents: ChildProcess[] = []

  /** `npm run edge` on this test's places; resolves once it says it serves, rejects if it exits first. */
  function startAgent(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/edge-agent.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    agents.push(child)
    let output = ''
    return new Promise((resolve, reject) => {
      const take = (chunk: Buffer) => {
        output += chunk
        if (output.includes('serving on')) resolve(child)
      }
      child.stdout?.on('data', take)
      child.stderr?.on('data', take)
      child.once('exit', (code) => reject(new Error(`the agent exited (${code}): ${output.trim()}`)))
    })
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wadp-agent-process-'))
    const listen = await freePort()
    base = `http://127.0.0.1:${listen}`
    env = {
      // Nothing listens there: the agent keeps asking, and serves what it has meanwhile.
      WADP_PLATFORM_URL: `http://127.0.0.1:${await freePort()}`,
      WADP_EDGE_NODE: NODE,
      WADP_EDGE_TOKEN: 'not-asked-for',
      WADP_EDGE_LISTEN: `127.0.0.1:${listen}`,
      WADP_EDGE_ADMIN: `127.0.0.1:${await freePort()}`,
      WADP_EDGE_DIR: dir,
      VARNISHD: varnishd as string,
    }
  })

  afterAll(async () => {
    for (const agent of agents) if (agent.exitCode === null && agent.signalCode === null) agent.kill('SIGKILL')
    // Whatever this test's agents left running on its own work directory (a varnishd, a varnishncsa).
    for (const pid of await processesNaming(dir)) process.kill(pid, 'SIGKILL')
    await rm(dir, { recursive: true, force: true })
  })

  it('leaves its varnishd running, which the next agent of the work directory stops before it starts its own', async () => {
    const first = await startAgent()
    expect((await edgeGet(base, 'any.test', '/')).status).toBe(503)
    // varnishd's own record of its manager process (-n).
    const stale = Number(await readFile(join(dir, 'n', '_.pid'), 'utf8'))
    const died = new Promise((resolve) => first.once('exit', resolve))
    first.kill('SIGKILL')
    await died
    expect(await commandLine(stale)).toContain('varnishd')

    const second = await startAgent()
    expect(await commandLine(stale)).toBe('')
    expect((await edgeGet(base, 'any.test', '/')).status).toBe(503)
    expect(Number(await readFile(join(dir, 'varnishd.pid'), 'utf8'))).not.toBe(stale)

    // Stopped as a deployment stops it: its varnishd ends with it, and nothing answers any more.
    const stopped = new Promise((resolve) => second.once('exit', resolve))
    second.kill('SIGTERM')
    expect(await stopped).toBe(0)
    await expect(edgeGet(base, 'any.test', '/')).rejects.toThrow()
  }, 120_000)

  it('answers 503 before it has any configuration, with X-Cache and X-Served-By as every answer', async () => {
    const node = new VarnishNode({
      varnishd: varnishd as string,
      listen: `127.0.0.1:${await freePort()}`,
      admin: `127.0.0.1:${await freePort()}`,
      dir: join(dir, 'boot'),
      name: NODE,
    })
    await node.start()
    try {
      const answer = await edgeGet(`http://${node.options.listen}`, 'any.test', '/')
      expect([answer.status, answer.headers['x-cache'], answer.headers['x-served-by']]).toEqual([503, 'PASS', NODE])
      expect(answer.body).toContain('No configuration yet')
    } finally {
      await node.stop()
    }
  }, 60_000)

  it('leaves alone a varnishd whose agent lives: a second agent of its directory is refused', async () => {
    const places = async (): Promise<VarnishOptions> => ({
      varnishd: varnishd as string,
      listen: `127.0.0.1:${await freePort()}`,
      admin: `127.0.0.1:${await freePort()}`,
      dir: join(dir, 'shared'),
      name: NODE,
    })
    const running = new VarnishNode(await places())
    await running.start()
    try {
      await expect(new VarnishNode(await places()).start()).rejects.toThrow(/another agent of this directory/)
      expect(running.running).toBe(true)
      expect((await edgeGet(`http://${running.options.listen}`, 'any.test', '/')).status).toBe(503)
    } finally {
      await running.stop()
    }
  }, 60_000)
})
