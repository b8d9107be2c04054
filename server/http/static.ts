import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'

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

/**
 * Serves the built console from `root`. A path that is not a file gets index.html, so every route of
 * the single-page app survives a hard refresh; hashed assets are cached for a year.
 */
export function staticConsole(root: string) {
  const base = normalize(root)
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
    const found = inside && (await stat(file).catch(() => null))?.isFile()
    const path = found ? file : join(base, 'index.html')
    const immutable = found && decoded.startsWith('/assets/')
    const body = await readFile(path)
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
      },
    })
  }
}
