import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/** One measured endpoint, from autocannon's result. */
export type Row = {
  name: string
  request: string
  /** p99 target in ms, or null when the endpoint has none. */
  targetP99: number | null
  requestsPerSecond: number
  p50: number
  p97_5: number
  p99: number
  /** p99 of the requests sent after the first second of the measured run (connections all open). */
  steadyP99: number
  max: number
  requests: number
  non2xx: number
  errors: number
  kbPerResponse: number
}

const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0)

export function targetVerdict(row: Row): string {
  if (row.targetP99 === null) return '—'
  return row.p99 < row.targetP99 ? 'pass' : 'FAIL'
}

export function markdownTable(rows: Row[]): string {
  const header = [
    'Case',
    'Request',
    'Req/s',
    'p50 ms',
    'p97.5 ms',
    'p99 ms',
    'p99 after 1 s ms',
    'max ms',
    'Requests',
    'Non-2xx',
    'Errors',
    'KB/resp',
    'p99 target',
  ]
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_h, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`]
  for (const row of rows) {
    const target = row.targetP99 === null ? '—' : `< ${row.targetP99} ms: ${targetVerdict(row)}`
    lines.push(
      `| ${[
        row.name,
        `\`${row.request}\``,
        row.requestsPerSecond.toFixed(0),
        ms(row.p50),
        ms(row.p97_5),
        ms(row.p99),
        ms(row.steadyP99),
        ms(row.max),
        String(row.requests),
        String(row.non2xx),
        String(row.errors),
        row.kbPerResponse.toFixed(1),
        target,
      ].join(' | ')} |`,
    )
  }
  return lines.join('\n')
}

/** Replaces the `<!-- name:start -->…<!-- name:end -->` block of the file (each benchmark owns one). */
export function writeSection(file: string, name: string, section: string): void {
  const startMarker = `<!-- ${name}:start -->`
  const endMarker = `<!-- ${name}:end -->`
  const block = `${startMarker}\n${section.trim()}\n${endMarker}`
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, `# Benchmarks\n\n${block}\n`)
    return
  }
  const current = readFileSync(file, 'utf8')
  const start = current.indexOf(startMarker)
  const end = current.indexOf(endMarker, start)
  if (start === -1 || end === -1) {
    writeFileSync(file, `${current.replace(/\s*$/, '')}\n\n${block}\n`)
    return
  }
  writeFileSync(file, current.slice(0, start) + block + current.slice(end + endMarker.length))
}
