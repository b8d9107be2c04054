import { request } from 'node:http'

/** One answer's size as sent with each encoding, and what it would take to transfer on a slow link. */
export type CompressionRow = {
  path: string
  identityKb: number
  gzipKb: number
  brKb: number
  /** Request to last byte on loopback: uncompressed, then brotli the first time (compressing) and after. */
  identityMs: number
  brFirstMs: number
  brMs: number
}

/** The slow link the transfer times assume (a mobile or a busy office connection). */
export const LINK_MBIT = 20

function fetchRaw(url: string, token: string, encoding: string): Promise<{ bytes: number; ms: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      res.on('end', () => resolve({ bytes, ms: performance.now() - started }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** Sizes and loopback times of each path with identity, gzip and brotli (median of 9 after the first). */
export async function measureCompression(base: string, token: string, paths: string[]): Promise<CompressionRow[]> {
  const rows: CompressionRow[] = []
  for (const path of paths) {
    const url = `${base}${path}`
    const identity = await fetchRaw(url, token, 'identity')
    const brFirst = await fetchRaw(url, token, 'br')
    const gzip = await fetchRaw(url, token, 'gzip')
    const identityMs: number[] = []
    const brMs: number[] = []
    for (let run = 0; run < 9; run += 1) {
      identityMs.push((await fetchRaw(url, token, 'identity')).ms)
      brMs.push((await fetchRaw(url, token, 'br')).ms)
    }
    rows.push({
      path,
      identityKb: identity.bytes / 1024,
      gzipKb: gzip.bytes / 1024,
      brKb: brFirst.bytes / 1024,
      identityMs: median(identityMs),
      brFirstMs: brFirst.ms,
      brMs: median(brMs),
    })
  }
  return rows
}

/** Milliseconds to send `kb` over the slow link (bandwidth only, no round trips). */
export const transferMs = (kb: number) => (kb * 1024 * 8) / (LINK_MBIT * 1000)

export function compressionTable(rows: CompressionRow[]): string {
  const lines = [
    `| Answer | Size | gzip | br | Loopback, plain | Loopback, br first / after | Transfer at ${LINK_MBIT} Mbit/s, plain → br |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const row of rows) {
    lines.push(
      `| \`${row.path}\` | ${row.identityKb.toFixed(1)} KB | ${row.gzipKb.toFixed(1)} KB | ${row.brKb.toFixed(1)} KB | ${row.identityMs.toFixed(1)} ms | ${row.brFirstMs.toFixed(1)} / ${row.brMs.toFixed(1)} ms | ${transferMs(row.identityKb).toFixed(0)} → ${transferMs(row.brKb).toFixed(0)} ms |`,
    )
  }
  return lines.join('\n')
}
