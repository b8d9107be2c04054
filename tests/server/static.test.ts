import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { staticConsole } from '../../server/http/static.ts'

const dist = mkdtempSync(join(tmpdir(), 'wadp-dist-'))
mkdirSync(join(dist, 'assets'))
const script = `console.log(${JSON.stringify('x'.repeat(5000))})`
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
writeFileSync(join(dist, 'assets', 'app-abc123.js'), script)
writeFileSync(join(tmpdir(), 'wadp-secret.txt'), 'not for the web')
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const serve = staticConsole(dist)
const get = (path: string, encoding?: string) =>
  serve(new Request(`http://console.test${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }))

describe('serving the built console', () => {
  it('sends Brotli when the browser takes it, gzip otherwise, and plain bytes to a client that takes neither', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br')
    expect(br.headers.get('content-encoding')).toBe('br')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.length).toBeLessThan(script.length / 10)
    expect(brotliDecompressSync(brBytes).toString()).toBe(script)
    const gzip = await get('/assets/app-abc123.js', 'gzip')
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script)
    const plain = await get('/assets/app-abc123.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
    expect(br.headers.get('vary')).toBe('accept-encoding')
  })

  it('caches hashed assets for a year and the app shell not at all', async () => {
    expect((await get('/assets/app-abc123.js')).headers.get('cache-control')).toContain('immutable')
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache')
  })

  it('answers every unknown path with the app shell, so deep links survive a refresh', async () => {
    const deep = await get('/websites-detail/shop?project=shop')
    expect(deep.headers.get('content-type')).toContain('text/html')
    expect(await deep.text()).toContain('<div id="root">')
  })

  it('never serves a file outside the build folder', async () => {
    const escaped = await get('/..%2F..%2Fwadp-secret.txt')
    expect(await escaped.text()).not.toContain('not for the web')
    expect((await get('/%E0%A4%A')).status).toBe(400)
  })

  it('says the console is not built instead of failing when the build folder is empty', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'wadp-empty-dist-'))
    try {
      const answer = await staticConsole(empty)(new Request('http://console.test/websites'))
      expect(answer.status).toBe(503)
      expect(await answer.text()).toContain('npm run build')
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
