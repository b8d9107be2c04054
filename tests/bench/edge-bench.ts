import { optionsFromEnv, startServer } from '../../server/main.ts'
import { PLATFORM_TYPES } from '../../src/platform/types.ts'

/** The admin token the edge benches' platform accepts. */
export const BENCH_TOKEN = 'bench-admin-token-0123456789abcdef'

/**
 * The platform of an edge bench (issues 23, 24): embedded PGlite in this process, the demo seed, no
 * console; `call` sends one API request as the admin and fails on any answer but 2xx.
 */
export async function benchPlatform() {
  const server = await startServer(
    {
      ...optionsFromEnv({}),
      port: 0,
      databaseUrl: 'memory:',
      adminToken: BENCH_TOKEN,
      demoPassword: 'bench-password',
      serveConsole: false,
    },
    PLATFORM_TYPES,
  )
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
    return { json: text ? JSON.parse(text) : null, etag: response.headers.get('etag') }
  }
  /** An edge agent node on this machine; its secret, shown once. */
  async function agentNode(name: string): Promise<string> {
    const created = await call('POST', '/api/core/v0/nodes', {
      name,
      hostname: 'localhost',
      pop_code: 'loc',
      country: 'zz',
      kind: 'agent',
    })
    return created.json.data.secret as string
  }
  return { server, call, agentNode }
}
