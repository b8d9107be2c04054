import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseEncoding } from '../../server/http/compress.ts'
import { ADMIN_TOKEN, setUpPlatform } from './support.ts'

const platform = setUpPlatform()

/** The raw answer, as it crossed the wire (fetch would decode it). */
function raw(
  path: string,
  acceptEncoding?: string,
  post?: unknown,
): Promise<{ headers: Record<string, unknown>; bytes: Buffer }> {
  const method = post === undefined ? 'GET' : 'POST'
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}` }
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding
    if (post !== undefined) headers['content-type'] = 'application/json'
    const req = request(`${platform.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const bytes = Buffer.concat(chunks)
        const encoding = res.headers['content-encoding']
        const text = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes
        // Checked against the documents, decoded, as every answer of `platform.call` is.
        platform.record({
          method,
          path,
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text.toString(),
        })
        resolve({ headers: res.headers, bytes })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(post === undefined ? undefined : JSON.stringify(post))
  })
}

describe('response compression', () => {
  it('sends a large list as brotli or gzip when asked, with the same JSON inside', async () => {
    for (let i = 0; i < 30; i += 1) {
      const name = `zip-${String(i).padStart(2, '0')}`
      const res = await platform.call('POST', '/api/core/v0/projects/media/directors', {
        body: { name, backends: [{ host: `${name}.origin.example.net`, port: 443 }] },
      })
      expect(res.status).toBe(201)
    }
    const path = '/api/core/v0/projects/media/directors?items=100'
    const plain = await raw(path)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    const json = JSON.parse(plain.bytes.toString('utf8'))
    expect(json.data.length).toBeGreaterThanOrEqual(30)

    const br = await raw(path, 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3)
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(json)

    const gzip = await raw(path, 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(json)
  })

  it('sends each service’s OpenAPI document compressed, the same document inside', async () => {
    for (const service of ['auth', 'core']) {
      const path = `/api/${service}/v0/openapi.json`
      const plain = await raw(path)
      expect(plain.headers['content-encoding']).toBeUndefined()
      const document = JSON.parse(plain.bytes.toString('utf8'))
      expect(document.openapi).toBe('3.1.0')
      const br = await raw(path, 'gzip, deflate, br')
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.bytes.length).toBeLessThan(plain.bytes.length / 5)
      expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(document)
    }
  })

  it('sends the answers handlers write themselves compressed too: a day of statistics, the same JSON inside', async () => {
    // A day that ended a whole minute ago: a range reaching into the minute under way gets one more point
    // when the minute turns between two of the three requests (it did, once, in CI).
    const to = Math.floor(Date.now() / 60_000) * 60_000 - 60_000
    const query = {
      project: 'shop',
      from: new Date(to - 86_400_000).toISOString(),
      to: new Date(to).toISOString(),
      metrics: ['requests', 'bytes_out', 'hit_ratio', 'status_2xx', 'status_5xx', 'origin_latency_p95'],
    }
    const plain = await raw('/api/stats/v0/queries', undefined, query)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    const json = JSON.parse(plain.bytes.toString('utf8'))
    expect(json.data.totals.requests).toBeGreaterThan(0)

    const br = await raw('/api/stats/v0/queries', 'gzip, deflate, br', query)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-length']).toBe(String(br.bytes.length))
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3)
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(json)

    const gzip = await raw('/api/stats/v0/queries', 'gzip', query)
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(json)
  })

  it('leaves small answers and clients that ask for nothing uncompressed', async () => {
    const one = await raw('/api/core/v0/projects/media/directors/zip-00', 'br, gzip')
    expect(one.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(one.bytes.toString('utf8')).data.name).toBe('zip-00')
  })

  it('reads Accept-Encoding with its weights', () => {
    expect(chooseEncoding('gzip, br')).toBe('br')
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(chooseEncoding('identity')).toBeNull()
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding(undefined)).toBeNull()
  })
})
