import type { IncomingMessage, ServerResponse } from 'node:http'
import { API_CSP, baseHeaders } from './security-headers.ts'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

/** A request with the time it came in (before its body was read): a write's deadline runs from then. */
export type ReceivedRequest = IncomingMessage & { receivedAt?: number }

// A VCL snippet may hold 1 MiB of code (RESOURCES.md); its JSON body needs room for escapes and fields.
export const MAX_BODY_BYTES = 4 * 1024 * 1024
/**
 * A backup uploaded back (`POST …/backups/import`) is a whole project as its download wrote it: a
 * project of some thousands of websites, or a few large snippets, is over 4 MiB.
 */
export const MAX_BACKUP_BODY_BYTES = 32 * 1024 * 1024
const BACKUP_IMPORT = /^\/api\/core\/v0\/projects\/[^/?]+\/backups\/import(?:\?|$)/

/** The largest body a request to `url` may carry. */
export const bodyLimitOf = (url: string | undefined) =>
  url !== undefined && BACKUP_IMPORT.test(url) ? MAX_BACKUP_BODY_BYTES : MAX_BODY_BYTES

function tooLarge(req: IncomingMessage, res: ServerResponse, limit: number): void {
  res.writeHead(413, {
    ...baseHeaders(false),
    'content-security-policy': API_CSP,
    'content-type': 'application/json',
    'cache-control': 'no-store',
  })
  res.end(JSON.stringify({ message: `request body larger than ${limit} bytes`, errors: [] }))
  // Nothing else reads it: Node discards the rest as it arrives and keeps the connection for the
  // client's next request, instead of resetting a client that is still sending.
  req.resume()
}

/**
 * Reads a request's whole body (up to its limit, `bodyLimitOf`) before the app sees the request, and hands it
 * over as `rawBody`, which @hono/node-server takes as the body. The app may then answer early (401,
 * 404, 412…) without reading it: no stream of the socket is left half-read. Otherwise the adapter
 * wraps the socket in a web stream at the first look at the body (Hono's bodyLimit took one on every
 * request), cancels it after an early answer and so destroys the socket: the client's next request
 * on that keep-alive connection was reset.
 */
export function withBodyRead(listener: Listener): Listener {
  return (req, res) => {
    ;(req as ReceivedRequest).receivedAt = Date.now()
    if (req.method === 'GET' || req.method === 'HEAD') return listener(req, res)
    const limit = bodyLimitOf(req.url)
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > limit) return tooLarge(req, res, limit)
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) {
        chunks.push(chunk)
        return
      }
      // A chunked body went over the limit: answer now, drop what came and what is still to come.
      req.off('data', onData)
      req.off('end', onEnd)
      chunks.length = 0
      tooLarge(req, res, limit)
    }
    const onEnd = () => {
      ;(req as IncomingMessage & { rawBody?: Buffer }).rawBody = Buffer.concat(chunks, size)
      listener(req, res)
    }
    req.on('data', onData)
    req.on('end', onEnd)
  }
}
