import type { IncomingMessage, ServerResponse } from 'node:http'
import { API_CSP, baseHeaders } from './security-headers.ts'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

// A VCL snippet may hold 1 MiB of code (RESOURCES.md); its JSON body needs room for escapes and fields.
export const MAX_BODY_BYTES = 4 * 1024 * 1024

function tooLarge(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(413, {
    ...baseHeaders(false),
    'content-security-policy': API_CSP,
    'content-type': 'application/json',
    'cache-control': 'no-store',
  })
  res.end(JSON.stringify({ message: `request body larger than ${MAX_BODY_BYTES} bytes`, errors: [] }))
  // Nothing else reads it: Node discards the rest as it arrives and keeps the connection for the
  // client's next request, instead of resetting a client that is still sending.
  req.resume()
}

/**
 * Reads a request's whole body (up to MAX_BODY_BYTES) before the app sees the request, and hands it
 * over as `rawBody`, which @hono/node-server takes as the body. The app may then answer early (401,
 * 404, 412…) without reading it: no stream of the socket is left half-read. Otherwise the adapter
 * wraps the socket in a web stream at the first look at the body (Hono's bodyLimit took one on every
 * request), cancels it after an early answer and so destroys the socket: the client's next request
 * on that keep-alive connection was reset.
 */
export function withBodyRead(listener: Listener): Listener {
  return (req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD') return listener(req, res)
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > MAX_BODY_BYTES) return tooLarge(req, res)
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk)
        return
      }
      // A chunked body went over the limit: answer now, drop what came and what is still to come.
      req.off('data', onData)
      req.off('end', onEnd)
      chunks.length = 0
      tooLarge(req, res)
    }
    const onEnd = () => {
      ;(req as IncomingMessage & { rawBody?: Buffer }).rawBody = Buffer.concat(chunks, size)
      listener(req, res)
    }
    req.on('data', onData)
    req.on('end', onEnd)
  }
}
