/**
 * `npm test`: every check, stopping at the first that fails: the type-check, the lint, the build and its
 * size budget, then two lanes side by side: the unit and server tests on PGlite in one, the Playwright
 * journeys in the other, and then the server tests on PostgreSQL in whichever lane is free first. Which
 * of the two is longer depends on the machine's load (quiet: Playwright 950 s against 770 s for PGlite;
 * loaded: 718 s against 859 s), so neither lane is given the PostgreSQL pass up front. At the end it
 * prints how long each step took and in which lane, so that every run (CI's too) says where its time
 * went (docs/benchmarks.md, "CI on a busy machine").
 *
 * Why two lanes: Playwright's one worker waits on the browser, the server and the journeys' timers much
 * of the time, and the vitest passes fill those waits (measured in docs/benchmarks.md). The test lane's
 * output is kept and printed whole when it ends, so the two never interleave; when a lane fails, the
 * other is stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { loadavg } from 'node:os'

type Step = { name: string; command: string[] }
type Timing = { name: string; seconds: number; status: number; lane: string }

// The scripts of package.json; `npm run test:e2e` is the build, the size budget and Playwright.
// The build comes before the lanes: vitest and the build both run the router plugin, which writes
// src/routeTree.gen.ts, and one of them read it half written when they ran side by side.
const FIRST: Step[] = [
  { name: 'type-check', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'build', command: ['npm', 'run', 'build'] },
  { name: 'size budget', command: ['npm', 'run', 'size'] },
]
const SIDE: Step = { name: 'unit and server tests (PGlite)', command: ['npm', 'run', 'test:unit'] }
const MAIN: Step = { name: 'Playwright', command: ['npx', 'playwright', 'test'] }
/** Taken by the first lane to finish its own step. */
const LAST: Step = { name: 'server tests (PostgreSQL)', command: ['npm', 'run', 'test:pg'] }
const ALL = [...FIRST, SIDE, MAIN, LAST]

/**
 * A lane runs its own steps one after the other, then takes steps from the shared queue until it is
 * empty; `stop` ends the step under way and skips the rest.
 */
class Lane {
  private child: ChildProcess | null = null
  private stopped = false

  constructor(
    private readonly name: string,
    private readonly steps: Step[],
    private readonly shared: Step[],
    private readonly timings: Timing[],
    /** Where the lane's output is kept until it ends; the terminal when absent. */
    private readonly kept?: string[],
  ) {}

  /** Runs the steps, stopping at the first that fails; its exit status, 0 if none. */
  async run(): Promise<number> {
    const own = [...this.steps]
    for (let step = own.shift() ?? this.shared.shift(); step; step = own.shift() ?? this.shared.shift()) {
      if (this.stopped) return 1
      const begun = Date.now()
      this.say(`\n── ${step.name}: ${step.command.join(' ')} ──\n`)
      const status = await this.spawn(step.command)
      this.timings.push({ name: step.name, seconds: (Date.now() - begun) / 1000, status, lane: this.name })
      if (status !== 0) return status
    }
    return 0
  }

  stop(): void {
    this.stopped = true
    // npm and npx start the command in a process group of their own: end the whole group.
    if (this.child?.pid) {
      try {
        process.kill(-this.child.pid, 'SIGTERM')
      } catch {
        this.child.kill('SIGTERM')
      }
    }
  }

  private say(text: string): void {
    if (this.kept) this.kept.push(text)
    else console.log(text)
  }

  private spawn([command, ...args]: string[]): Promise<number> {
    return new Promise((resolve) => {
      const kept = this.kept
      const child = spawn(command ?? 'false', args, {
        stdio: kept ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        detached: true,
      })
      this.child = child
      child.stdout?.on('data', (chunk: Buffer) => kept?.push(chunk.toString()))
      child.stderr?.on('data', (chunk: Buffer) => kept?.push(chunk.toString()))
      // 'close', not 'exit': the output may still be on its way when the process has exited.
      child.on('close', (code, signal) => {
        this.child = null
        resolve(code ?? (signal ? 1 : 0))
      })
    })
  }
}

const timings: Timing[] = []
const lanes: Lane[] = []
// Each step runs in a process group of its own (so a lane can be stopped whole): pass Ctrl-C on to them.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const lane of lanes) lane.stop()
    process.exit(130)
  })
}
const shared = [LAST]
const lane = (name: string, steps: Step[], queue: Step[], kept?: string[]) => {
  const made = new Lane(name, steps, queue, timings, kept)
  lanes.push(made)
  return made
}

const started = Date.now()
let failed = await lane('first', FIRST, []).run()
if (failed === 0) {
  const kept: string[] = []
  console.log(
    `\n── beside the next steps: ${SIDE.name}, then ${LAST.name} if that lane is free first (its output at its end) ──`,
  )
  const side = lane('the test lane', [SIDE], shared, kept)
  const main = lane('the Playwright lane', [MAIN], shared)
  const sideDone = side.run().then((status) => {
    console.log(`\n── the test lane has ended (${status === 0 ? 'passed' : `FAILED, exit ${status}`}); its output: ──`)
    console.log(kept.join(''))
    if (status !== 0) main.stop()
    return status
  })
  const mainDone = main.run().then((status) => {
    if (status !== 0) side.stop()
    return status
  })
  const [sideStatus, mainStatus] = await Promise.all([sideDone, mainDone])
  failed = mainStatus || sideStatus
}

const total = (Date.now() - started) / 1000
const width = Math.max(...ALL.map((step) => step.name.length))
console.log(`\nWhere the time went (load average at the end ${loadavg()[0]?.toFixed(1)}):`)
for (const step of ALL) {
  const timing = timings.find((item) => item.name === step.name)
  if (!timing) continue
  const where = FIRST.includes(step) ? '' : `  (${timing.lane})`
  const result = timing.status === 0 ? '' : `  FAILED (exit ${timing.status})`
  console.log(`  ${step.name.padEnd(width)}  ${timing.seconds.toFixed(0).padStart(5)} s${result}${where}`)
}
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(0).padStart(5)} s`)
process.exit(failed)
