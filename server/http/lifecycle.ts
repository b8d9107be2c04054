import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createSecureServer, type Http2Session } from 'node:http2'
import type { Server, Socket } from 'node:net'
import { API_CSP, baseHeaders } from './security-headers.ts'

/** A certificate and its private key (PEM): the server then speaks HTTPS, HTTP/2 and HTTP/1.1 over TLS. */
export type TlsFiles = { cert: Buffer; key: Buffer }

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

/** Headers about an HTTP/1.1 connection, which HTTP/2 forbids (Node throws on them). */
const HTTP1_ONLY = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'])

/**
 * An HTTP/2 answer leaves out the headers that only mean something on an HTTP/1.1 connection: Hono's
 * event streams set `transfer-encoding: chunked`, which Node's HTTP/2 answer would refuse with an error.
 */
function dropConnectionHeaders(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res)
  res.setHeader = (name, value) => (HTTP1_ONLY.has(name.toLowerCase()) ? res : setHeader(name, value))
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.at(-1)
    if (headers && typeof headers === 'object' && !Array.isArray(headers))
      rest[rest.length - 1] = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !HTTP1_ONLY.has(name.toLowerCase())),
      )
    return writeHead(status, ...rest)
  }) as ServerResponse['writeHead']
}

export type LifecycleServer = {
  /** Node's HTTP server, or with TLS its HTTP/2 server (which takes HTTP/1.1 clients too). */
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
 *
 * With `tls` it is an HTTP/2 server over TLS that takes HTTP/1.1 clients too (ALPN): a browser then asks
 * for a page's files over one connection instead of six, each of which would wait its turn (issue 27).
 * Its requests and answers are Node's HTTP/2 compatibility objects, which the app's listener reads and
 * writes as it does HTTP/1.1's.
 */
export function lifecycleServer(tls?: TlsFiles): LifecycleServer {
  const plain = tls ? null : createServer()
  const secure = tls ? createSecureServer({ ...tls, allowHTTP1: true }) : null
  const http: Server = plain ?? (secure as Server)
  if (plain) {
    // An idle keep-alive connection is closed by the client first: fetch keeps one for the server's hint
    // less a second, so with Node's 5 s a request sent after 4-5 s of quiet (or of a blocked event loop)
    // could go out on a connection the server was closing, and fail with ECONNRESET. Proxies keep theirs
    // for 60 s; a client that waits longer than a minute opens a new connection.
    plain.keepAliveTimeout = KEEP_ALIVE_MS
    plain.headersTimeout = KEEP_ALIVE_MS + 1000
  }
  // Over TLS the server has no list of idle connections to close: the HTTP/2 sessions are asked to go
  // away once their streams end, and every connection left is closed after the grace.
  const sessions = new Set<Http2Session>()
  const sockets = new Set<Socket>()
  secure?.on('session', (session: Http2Session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
    if (draining) session.close()
  })
  secure?.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  let listener: Listener | null = null
  let draining = false
  /** The answers in flight; `true` for an HTTP/1.1 one, whose connection a stop marks as its last. */
  const inFlight = new Map<ServerResponse, boolean>()
  let settled: (() => void) | null = null
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const http1 = req.httpVersionMajor < 2
    inFlight.set(res, http1)
    res.on('close', () => {
      inFlight.delete(res)
      if (inFlight.size === 0) settled?.()
    })
    // Stopping: this answer is the connection's last, so a keep-alive client reconnects elsewhere. (HTTP/2
    // has no such header: its session is sent away instead.)
    if (draining && http1) res.setHeader('connection', 'close')
    if (!http1) dropConnectionHeaders(res)
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
      for (const [res, http1] of inFlight) if (http1 && !res.headersSent) res.setHeader('connection', 'close')
      const closed = new Promise<void>((resolve) => http.close(() => resolve()))
      plain?.closeIdleConnections()
      for (const session of sessions) session.close()
      if (inFlight.size > 0) {
        await new Promise<void>((resolve) => {
          settled = resolve
          setTimeout(resolve, graceMs).unref()
        })
      }
      plain?.closeAllConnections()
      for (const session of sessions) session.destroy()
      for (const socket of sockets) socket.destroy()
      await closed
    },
  }
}
