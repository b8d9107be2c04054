import { createServer, get as httpGet, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export type EdgeAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/**
 * A GET through a node at `base` with its own Host header (fetch will not send one of the caller's), for
 * `path` exactly as written (as curl sends `/a{b}`; a URL would be percent-encoded first).
 */
export function edgeGet(base: string, host: string, path: string): Promise<EdgeAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpGet(base, { path, headers: { host } }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
    request.on('error', reject)
  })
}

/**
 * An origin on loopback that says which path it was asked for (cacheable for a minute, tagged
 * `tag-<first path segment>` in Surrogate-Key), with the status a `/status/NNN` path names; `seen` lists its requests. On `onPort` when given
 * (to start it again where it was), else on any free port.
 */
export async function startOrigin(
  onPort = 0,
): Promise<{ server: Server; port: number; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = []
  const server = createServer((request, response) => {
    seen.push(`${request.headers.host} ${request.url}`)
    // Tagged by its first path segment, as an origin tags its pages for invalidation by tag.
    const tag = `tag-${(request.url ?? '/').split(/[/?]/)[1] || 'root'}`
    // `/status/404` answers 404, and so on: requests of known statuses.
    const status = Number(/^\/status\/(\d{3})/.exec(request.url ?? '')?.[1] ?? 200)
    response.writeHead(status, { 'content-type': 'text/plain', 'cache-control': 'max-age=60', 'surrogate-key': tag })
    response.end(`origin says ${request.url}`)
  })
  await new Promise<void>((resolve) => server.listen(onPort, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  // Closing also ends the connections kept alive (a probe's, say): a stopped origin answers nothing.
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return { server, port, seen, close }
}
