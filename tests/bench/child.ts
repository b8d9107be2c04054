import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { type FillReply, type FillRequest, isFillReply, type ReadyLine } from './protocol.ts'

const SERVER_ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url))
const START_TIMEOUT_MS = 60_000

export type ServerProcess = {
  url: string
  rows: number
  pid: number | undefined
  fill(total: number, projects: number): Promise<Extract<FillReply, { type: 'filled' }>>
  stop(): Promise<void>
}

function readyLine(child: ChildProcess): Promise<ReadyLine> {
  const stdout = child.stdout
  if (!stdout) return Promise.reject(new Error('the server process has no stdout'))
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stdout })
    const timer = setTimeout(() => reject(new Error('the server process did not start in time')), START_TIMEOUT_MS)
    const fail = (why: string) => {
      clearTimeout(timer)
      reject(new Error(why))
    }
    child.once('exit', (code, signal) => fail(`the server process exited (${signal ?? code}) before it was ready`))
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as Partial<ReadyLine>
        if (typeof parsed.url === 'string' && typeof parsed.rows === 'number') {
          clearTimeout(timer)
          resolve({ url: parsed.url, rows: parsed.rows })
          return
        }
      } catch {
        // not the ready line
      }
      process.stdout.write(`[server] ${line}\n`)
    })
  })
}

/** Starts tests/bench/server.ts under `node --import tsx` and waits for its URL. */
export async function startServerProcess(
  adminToken: string,
  options: {
    serveConsole?: boolean
    databaseUrl?: string | undefined
    /** More Node options for the server process (`--cpu-prof`, …). */
    nodeArgs?: string[]
    /** Over HTTPS with the test certificate (tests/tools/tls-fixture.ts): HTTP/2 for the browser. */
    tls?: boolean
  } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', SERVER_ENTRY], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: {
      ...process.env,
      BENCH_ADMIN_TOKEN: adminToken,
      WADP_COMMIT: 'bench',
      BENCH_SERVE_CONSOLE: options.serveConsole ? '1' : '0',
      BENCH_TLS: options.tls ? '1' : '0',
      BENCH_DATABASE_URL: options.databaseUrl ?? '',
    },
  })
  let exited = child.exitCode !== null
  child.once('exit', () => {
    exited = true
  })
  const ready = await readyLine(child).catch((error: unknown) => {
    child.kill('SIGKILL')
    throw error
  })

  return {
    url: ready.url,
    rows: ready.rows,
    pid: child.pid,
    fill: (total, projects) =>
      new Promise((resolve, reject) => {
        const onMessage = (message: unknown) => {
          if (!isFillReply(message)) return
          child.off('message', onMessage)
          child.off('exit', onExit)
          if (message.type === 'filled') resolve(message)
          else reject(new Error(`bulk fill failed in the server process: ${message.message}`))
        }
        const onExit = () => reject(new Error('the server process exited during the bulk fill'))
        child.on('message', onMessage)
        child.once('exit', onExit)
        const request: FillRequest = { type: 'fill', total, projects }
        child.send(request)
      }),
    stop: async () => {
      if (exited) return
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.kill('SIGINT')
      await gone
      clearTimeout(timer)
    },
  }
}
