import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { API_CSP, baseHeaders } from './security-headers.ts'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

/** How long an idle keep-alive connection stays open (Node's default is 5 s). */
const KEEP_ALIVE_MS = 65_000

/** Headers of the answers given here, before or beside the app: JSON that loads nothing. */
const EDGE_HEADERS = { ...baseHeaders(false), 'content-security-policy': API_CSP, 'cache-control': 'no-store' }

/** Until the server can answer for real, every request gets this instead of waiting. */
function answerStarting(res: ServerResponse): void {
  res.writeHead(503, { ...EDGE_HEADERS, 'content-type': 'application/json', 'retry-after': '1' })
  res.end(JSON.stringify({ message: 'starting', errors: [] }))
}

export type LifecycleServer = {
  http: Server
  /** Starts answering for real (until then: 503 "starting"). */
  ready(listener: Listener): void
  /** Whether a stop has begun (health reports it, so a load balancer stops sending). */
  draining(): boolean
  /**
   * Stops accepting, marks the answers in flight as their connection's last, waits for them at most
   * `graceMs`, then closes every connection.
   */
  drain(graceMs: number): Promise<void>
}

/**
 * The Node HTTP server around the app, as issue 10 asks of it: it answers 503 until the app is ready,
 * so a request that arrives while the platform seeds and starts its parts is answered, never left
 * hanging; on stop, requests in flight finish (bounded).
 */
export function lifecycleServer(): LifecycleServer {
  const http = createServer()
  // An idle keep-alive connection is closed by the client first: fetch keeps one for the server's hint
  // less a second, so with Node's 5 s a request sent after 4-5 s of quiet (or of a blocked event loop)
  // could go out on a connection the server was closing, and fail with ECONNRESET. Proxies keep theirs
  // for 60 s; a client that waits longer than a minute opens a new connection.
  http.keepAliveTimeout = KEEP_ALIVE_MS
  http.headersTimeout = KEEP_ALIVE_MS + 1000
  let listener: Listener | null = null
  let draining = false
  const inFlight = new Set<ServerResponse>()
  let settled: (() => void) | null = null
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res)
    res.on('close', () => {
      inFlight.delete(res)
      if (inFlight.size === 0) settled?.()
    })
    // Stopping: this answer is the connection's last, so a keep-alive client reconnects elsewhere.
    if (draining) res.setHeader('connection', 'close')
    if (listener) listener(req, res)
    else answerStarting(res)
  })
  // A request Node cannot parse (headers over 16 KB, a broken request line) still gets the contract's
  // JSON error; the connection closes, as the parser cannot find where the next request starts.
  http.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy()
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'
    const message = tooLarge ? 'request line and headers larger than 16 KB' : 'malformed HTTP request'
    const body = JSON.stringify({ message, errors: [] })
    const headers = { ...EDGE_HEADERS, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
    socket.end(`HTTP/1.1 ${status}\r\n${lines.join('')}connection: close\r\n\r\n${body}`)
  })
  return {
    http,
    ready(app) {
      listener = app
    },
    draining: () => draining,
    async drain(graceMs) {
      if (draining) return
      draining = true
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close')
      const closed = new Promise<void>((resolve) => http.close(() => resolve()))
      http.closeIdleConnections()
      if (inFlight.size > 0) {
        await new Promise<void>((resolve) => {
          settled = resolve
          setTimeout(resolve, graceMs).unref()
        })
      }
      http.closeAllConnections()
      await closed
    },
  }
}
