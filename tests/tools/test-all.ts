/**
 * `npm test`: every check, stopping at the first that fails: the type-check, the lint, the unit and
 * server tests on PGlite, then two lanes side by side: the server tests on PostgreSQL in one, the build
 * with its size budget and the Playwright journeys in the other. At the end it prints how long each step
 * took, so that every run (CI's too) says where its time went (docs/benchmarks.md, "CI on a busy machine").
 *
 * Why two lanes: Playwright's one worker waits on the browser, the server and the timers of the journeys
 * much of the time, and the PostgreSQL pass fills those waits (measured in docs/benchmarks.md). The side
 * lane's output is kept and printed whole when it ends, so the two never interleave.
 */
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'

type Step = { name: string; command: string[] }
type Timing = { name: string; seconds: number; status: number }

// The scripts of package.json; `npm run test:e2e` is the build, the size budget and Playwright.
const FIRST: Step[] = [
  { name: 'type-check', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'unit and server tests (PGlite)', command: ['npm', 'run', 'test:unit'] },
]
const SIDE: Step[] = [{ name: 'server tests (PostgreSQL)', command: ['npm', 'run', 'test:pg'] }]
const MAIN: Step[] = [
  { name: 'build', command: ['npm', 'run', 'build'] },
  { name: 'size budget', command: ['npm', 'run', 'size'] },
  { name: 'Playwright', command: ['npx', 'playwright', 'test'] },
]
const ALL = [...FIRST, ...SIDE, ...MAIN]

/** Runs a command with its output on this terminal, or kept in `kept` when given. */
function run([command, ...args]: string[], kept?: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command ?? 'false', args, { stdio: kept ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    child.stdout?.on('data', (chunk: Buffer) => kept?.push(chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => kept?.push(chunk.toString()))
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

/** Runs the steps one after the other, stopping at the first that fails; its exit status, 0 if none. */
async function lane(steps: Step[], timings: Timing[], kept?: string[]): Promise<number> {
  for (const step of steps) {
    const begun = Date.now()
    const heading = `\n── ${step.name}: ${step.command.join(' ')} ──\n`
    if (kept) kept.push(heading)
    else console.log(heading)
    const status = await run(step.command, kept)
    timings.push({ name: step.name, seconds: (Date.now() - begun) / 1000, status })
    if (status !== 0) return status
  }
  return 0
}

const timings: Timing[] = []
const started = Date.now()
let failed = await lane(FIRST, timings)
if (failed === 0) {
  const kept: string[] = []
  console.log(`\n── beside the next steps: ${SIDE.map((step) => step.name).join(', ')} (its output at its end) ──`)
  const side = lane(SIDE, timings, kept).then((status) => {
    console.log(`\n── the side lane has ended (${status === 0 ? 'passed' : `FAILED, exit ${status}`}); its output: ──`)
    console.log(kept.join(''))
    return status
  })
  const main = await lane(MAIN, timings)
  const sideStatus = await side
  failed = main || sideStatus
}

const total = (Date.now() - started) / 1000
const width = Math.max(...ALL.map((step) => step.name.length))
console.log(`\nWhere the time went (load average at the end ${loadavg()[0]?.toFixed(1)}):`)
for (const step of ALL) {
  const timing = timings.find((item) => item.name === step.name)
  if (!timing) continue
  const side = SIDE.includes(step) ? '  (beside the build and Playwright)' : ''
  const result = timing.status === 0 ? '' : `  FAILED (exit ${timing.status})`
  console.log(`  ${step.name.padEnd(width)}  ${timing.seconds.toFixed(0).padStart(5)} s${result}${side}`)
}
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(0).padStart(5)} s`)
process.exit(failed)
