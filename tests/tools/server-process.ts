import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { request } from 'node:https'
import { fileURLToPath } from 'node:url'
import { findFreePort } from '../../e2e/support/chromium.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MAX_OUTPUT = 20_000

export type ServerProcess = {
  /** `https://…` when it was given a certificate (`WADP_TLS_CERT`, `WADP_TLS_KEY`). */
  url: string
  /** That certificate, which a client of the process trusts. */
  ca?: Buffer
  pid: number
  child: ChildProcess
  output(): string
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string>
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>
}

/**
 * `npm start`'s server (src/platform/start.ts) as a real process of its own, on a free port: the Playwright
 * journeys' server (e2e/support/server.ts) and the server tests of start, stop and replicas.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await findFreePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/platform/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), WADP_DEMO_PASSWORD: 'demo', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-MAX_OUTPUT)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  const ca = env.WADP_TLS_CERT ? readFileSync(env.WADP_TLS_CERT) : undefined
  return {
    url: `${ca ? 'https' : 'http'}://127.0.0.1:${port}`,
    ...(ca ? { ca } : {}),
    pid: child.pid ?? 0,
    child,
    output: () => output,
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    },
  }
}

/**
 * Polls the server's health until it answers 200, failing with its output if it exits or takes too long.
 * A start takes about 6 s on a quiet 2-core machine and 20-32 s in CI beside the browser; a run with
 * more beside it went past 60 s (docs/benchmarks.md, "CI on a busy machine"): the bound is twice that.
 */
export async function waitForHealthy(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `The server exited (${server.child.exitCode ?? server.child.signalCode}) before it was healthy.\n${server.output()}`,
      )
    }
    const status = await healthStatus(server).catch(() => 0)
    if (status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`The server was not healthy after ${timeoutMs} ms.\n${server.output()}`)
}

/** The status of the server's health check; over HTTPS, trusting the server's own certificate. */
function healthStatus(server: ServerProcess): Promise<number> {
  const url = `${server.url}/api/core/v0/utils/health`
  if (!server.ca) return fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.status)
  return new Promise((resolve, reject) => {
    const req = request(url, { ca: server.ca, timeout: 2000 }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('timeout', () => req.destroy(new Error('no answer within 2 s')))
    req.on('error', reject)
    req.end()
  })
}
