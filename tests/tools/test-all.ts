/**
 * `npm test`: every check, in order, stopping at the first that fails: the type-check, the lint, the
 * unit and server tests on PGlite, the server tests on PostgreSQL, the build with its size budget, and the
 * Playwright journeys. At the end it prints how long each step took, so that every run (CI's too) says
 * where its time went (docs/benchmarks.md, "CI on a busy machine").
 */
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'

// The scripts of package.json; `npm run test:e2e` is the last three.
const STEPS: { name: string; command: string[] }[] = [
  { name: 'type-check', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'unit and server tests (PGlite)', command: ['npm', 'run', 'test:unit'] },
  { name: 'server tests (PostgreSQL)', command: ['npm', 'run', 'test:pg'] },
  { name: 'build', command: ['npm', 'run', 'build'] },
  { name: 'size budget', command: ['npm', 'run', 'size'] },
  { name: 'Playwright', command: ['npx', 'playwright', 'test'] },
]

function run([command, ...args]: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command ?? 'false', args, { stdio: 'inherit' })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const timings: { name: string; seconds: number; status: number }[] = []
const started = Date.now()
let failed = 0
for (const step of STEPS) {
  const begun = Date.now()
  console.log(`\n── ${step.name}: ${step.command.join(' ')} ──`)
  const status = await run(step.command)
  timings.push({ name: step.name, seconds: (Date.now() - begun) / 1000, status })
  if (status !== 0) {
    failed = status
    break
  }
}

const total = (Date.now() - started) / 1000
const width = Math.max(...STEPS.map((step) => step.name.length))
console.log(`\nWhere the time went (load average at the end ${loadavg()[0]?.toFixed(1)}):`)
for (const { name, seconds, status } of timings) {
  console.log(
    `  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s${status === 0 ? '' : `  FAILED (exit ${status})`}`,
  )
}
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(0).padStart(5)} s`)
process.exit(failed)
