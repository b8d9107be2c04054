import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'

/** Bodies smaller than this go as they are: compressing them saves no round trip. */
export const COMPRESS_MIN_BYTES = 1024
/** Compressed copies kept, by total size: the hot cached answers are compressed once, not per request. */
const MEMO_MAX_BYTES = 16 * 1024 * 1024
const BROTLI_QUALITY = 5

type Encoding = 'br' | 'gzip'

/** The encoding the client prefers among those we offer (brotli, then gzip), or null. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  const offered = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1)
  }
  const accepts = (name: string) => {
    const q = offered.get(name) ?? offered.get('*')
    return q !== undefined && q > 0
  }
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

/**
 * Compressed bodies by their text. Cached answers (server/resources/response-cache.ts) are the same string each
 * time, so the look-up is a hash already computed; the first request pays the compression, the rest
 * a map look-up. Oldest entries go first once the total passes MEMO_MAX_BYTES.
 */
const memo = new Map<string, { br?: Buffer; gzip?: Buffer }>()
let memoBytes = 0

const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
}

function compressed(body: string, encoding: Encoding): Buffer {
  let entry = memo.get(body)
  const known = entry?.[encoding]
  if (known) return known
  const bytes = encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body)
  if (!entry) {
    entry = {}
    memo.set(body, entry)
  }
  entry[encoding] = bytes
  memoBytes += bytes.length
  for (const [key, value] of memo) {
    if (memoBytes <= MEMO_MAX_BYTES) break
    memoBytes -= (value.br?.length ?? 0) + (value.gzip?.length ?? 0)
    memo.delete(key)
  }
  return bytes
}

/**
 * How a JSON answer of `length` goes to this client: brotli or gzip when it accepts one and the body is at
 * least COMPRESS_MIN_BYTES, as it is otherwise (null). The one rule of jsonBody and compressJsonAnswers.
 */
function encodingFor(c: Context, length: number): Encoding | null {
  return length < COMPRESS_MIN_BYTES ? null : chooseEncoding(c.req.header('accept-encoding'))
}

/**
 * A JSON answer from its serialised text, encoded as encodingFor says, its compressed copy kept: for the
 * answers that are the same text each time (cached resources, OpenAPI documents) only the first request
 * compresses (docs/benchmarks.md, "Compression").
 */
export function jsonBody(c: Context, body: string, status: 200 | 201 = 200, headers: Record<string, string> = {}) {
  const base = { 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding', ...headers }
  // The length in characters bounds the UTF-8 length from below.
  const encoding = encodingFor(c, body.length)
  if (!encoding) return c.body(body, status, base)
  const bytes = compressed(body, encoding)
  return c.body(bytes as Uint8Array<ArrayBuffer>, status, { ...base, 'content-encoding': encoding })
}

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * The API's other JSON answers (those a handler writes with `c.json`: statistics, audit entries, backups…),
 * compressed on their way out as jsonBody's are: brotli or gzip when the client takes one and the body is at
 * least COMPRESS_MIN_BYTES. They are made once each, so they are not kept, and they are compressed off the
 * event loop. An answer already encoded (jsonBody's) passes as it is. Before it, a day of statistics went
 * as 404 kB of plain JSON: two seconds on a phone's slow 4G (docs/benchmarks.md, issue 27).
 */
export function compressJsonAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    if (!res.body || res.headers.has('content-encoding')) return
    if (!res.headers.get('content-type')?.startsWith('application/json')) return
    res.headers.set('vary', 'Accept-Encoding')
    // A client that takes no encoding gets the answer as it is, unread.
    if (!chooseEncoding(c.req.header('accept-encoding'))) return
    const body = Buffer.from(await res.arrayBuffer())
    const encoding = encodingFor(c, body.length)
    const headers = new Headers(res.headers)
    headers.delete('content-length')
    if (encoding) headers.set('content-encoding', encoding)
    const bytes = !encoding ? body : await (encoding === 'br' ? brotliAsync(body, BROTLI_OPTIONS) : gzipAsync(body))
    // Hono copies the old answer's headers onto a new one: the context's is replaced, not assigned.
    c.res = undefined
    c.res = new Response(new Uint8Array(bytes), { status: res.status, statusText: res.statusText, headers })
  }
}
