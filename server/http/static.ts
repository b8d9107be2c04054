import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.map'])

type Encoded = { raw: Buffer; br?: Buffer; gzip?: Buffer; mtimeMs: number }

/** The encoding to send: Brotli when the client takes it, else gzip, else none. */
function pickEncoding(acceptEncoding: string | null): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase()
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return null
}

/**
 * Serves the built console from `root`. A path that is not a file gets index.html, so every route of
 * the single-page app survives a hard refresh; hashed assets are cached for a year. Text files are
 * compressed once (Brotli and gzip) and kept in memory: the console's JavaScript is a third of its
 * size on the wire, which is what a phone on a slow network waits for.
 */
export function staticConsole(root: string) {
  const base = normalize(root)
  const files = new Map<string, Encoded>()

  async function load(path: string, mtimeMs: number): Promise<Encoded> {
    const known = files.get(path)
    if (known && known.mtimeMs === mtimeMs) return known
    const raw = await readFile(path)
    const encoded: Encoded = { raw, mtimeMs }
    if (COMPRESSIBLE.has(extname(path)) && raw.length > 512) {
      encoded.br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      encoded.gzip = gzipSync(raw, { level: 9 })
    }
    files.set(path, encoded)
    return encoded
  }

  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url)
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return new Response('Bad request', { status: 400 })
    }
    const file = normalize(join(base, decoded))
    const inside = file === base || file.startsWith(base + sep)
    const info = inside ? await stat(file).catch(() => null) : null
    const found = Boolean(info?.isFile())
    const path = found ? file : join(base, 'index.html')
    const pathInfo = found && info ? info : await stat(path).catch(() => null)
    // A server started from sources that were never built (not through `npm start`) says so.
    if (!pathInfo) {
      return new Response('The console is not built: run `npm run build` (or start with `npm start`).', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' },
      })
    }
    const { mtimeMs } = pathInfo
    const content = await load(path, mtimeMs)
    const encoding = pickEncoding(request.headers.get('accept-encoding'))
    const body = (encoding && content[encoding]) ?? content.raw
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
      'cache-control': found && decoded.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
    }
    if (body !== content.raw && encoding) headers['content-encoding'] = encoding
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { headers })
  }
}
