import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

/** Where the compiler put the error, in the program it was given. */
export type VclError = { line: number; column: number; message: string }

/** The compiler's word on a program: it compiles, or the first error it found. */
export type VclVerdict = { ok: true } | { ok: false; error: VclError }

/**
 * How VCL is compiled, by the platform's check (`varnishd -C`) and by every node's varnishd alike, so a
 * program the check accepts is one a node loads. `vcc_err_unref=off`: something declared and not used
 * (an IP list's ACL nothing names yet, a snippet's sub) is a warning, not an error.
 */
export const VCC_PARAMETERS: readonly string[] = ['-p', 'vcc_err_unref=off']

/** The `varnishd` of this machine: `VARNISHD`, else on PATH, else Debian's; null when there is none. */
export function findVarnishd(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.VARNISHD) return existsSync(env.VARNISHD) ? env.VARNISHD : null
  const candidates = [...(env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'varnishd')), '/usr/sbin/varnishd']
  return candidates.find((path) => path !== 'varnishd' && existsSync(path)) ?? null
}

/**
 * The compiler's message and position, from what `varnishd -C` writes on a failure:
 *   Message from VCC-compiler:
 *   Unknown token ';' when looking for STRING
 *
 *   ('/…/project.vcl' Line 9 Pos 20)
 * (or `At: ('…' Line 3 Pos 33) -- (Pos 44)`), followed by the line and a marker under the token.
 */
export function parseVccOutput(output: string): VclError {
  const text = output.replace(/\r/g, '')
  // The last message is the error (warnings come before it).
  const start = text.lastIndexOf('Message from VCC-compiler:')
  const message0 = start === -1 ? text : text.slice(start + 'Message from VCC-compiler:'.length)
  // Warnings (an unused ACL) come first in the same message, each ending "(That was just a warning)".
  const warned = message0.lastIndexOf('(That was just a warning)')
  const body = warned === -1 ? message0 : message0.slice(warned + '(That was just a warning)'.length)
  const where = /\('[^']*' Line (\d+) Pos (\d+)\)/.exec(body)
  const clean = (part: string) =>
    part
      .split('\n')
      .map((line) =>
        line
          .trim()
          .replace(/\(program line \d+\),?\s*(at)?$/, '')
          .trim(),
      )
      .filter((line) => line !== '' && !line.startsWith('At:') && !/^\(Sorry/.test(line))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim()
  // The message stands before the place, or (for some errors) after the quoted line and its marker.
  let message = clean(where ? body.slice(0, where.index) : body)
  if (!message && where) {
    const after = body
      .slice(where.index + where[0].length)
      .split('\n')
      .slice(3)
    // Up to the call trace (`...in subroutine`, `...called from`), which names the platform's own subroutines.
    const end = after.findIndex((line) => /^(Running VCC-compiler failed|\.\.\.)/.test(line.trim()))
    message = clean(after.slice(0, end === -1 ? after.length : end).join('\n'))
  }
  return {
    line: where ? Number(where[1]) : 1,
    column: where ? Number(where[2]) : 1,
    message: message || 'the VCL does not compile',
  }
}

/**
 * Runs Varnish's own VCL compiler (VCC, through `varnishd -C` with the C compile step skipped) on
 * programs, one at a time a process (0.2 to 0.7 s each on this kind of machine, a 1 MiB snippet
 * included), and remembers each verdict by the program's hash, so the same configuration is never
 * compiled twice by this process.
 */
export class Vcc {
  private readonly verdicts = new Map<string, Promise<VclVerdict>>()
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    readonly varnishd: string,
    /** How long one compile may take before it is given up (and not remembered). */
    private readonly timeoutMs = Number(process.env.WADP_VCL_CHECK_TIMEOUT_MS ?? 20_000),
    private readonly limit = 500,
  ) {}

  /** The compiler of this machine, or null when Varnish is not installed. */
  static ofMachine(env: NodeJS.ProcessEnv = process.env): Vcc | null {
    const varnishd = findVarnishd(env)
    return varnishd ? new Vcc(varnishd) : null
  }

  compile(program: string): Promise<VclVerdict> {
    const key = createHash('sha256').update(program).digest('hex')
    const known = this.verdicts.get(key)
    if (known) return known
    const verdict = this.queue.then(() => this.run(program))
    this.queue = verdict.catch(() => undefined)
    this.verdicts.set(key, verdict)
    // A failure of the compiler itself (not of the program) is not remembered.
    verdict.catch(() => this.verdicts.delete(key))
    if (this.verdicts.size > this.limit) {
      const oldest = this.verdicts.keys().next().value
      if (oldest !== undefined) this.verdicts.delete(oldest)
    }
    return verdict
  }

  private async run(program: string): Promise<VclVerdict> {
    // A directory of its own each run, removed after: nothing is left behind by a process that ends.
    // Run as root, varnishd compiles as its own unprivileged user, who must be able to read the file.
    const dir = await mkdtemp(join(tmpdir(), 'wadp-vcc-'))
    await chmod(dir, 0o755)
    const file = join(dir, 'program.vcl')
    await writeFile(file, program, { mode: 0o644 })
    const instance = join(dir, 'n')
    await mkdir(instance, { recursive: true })
    try {
      const result = await new Promise<{ code: number; output: string }>((resolve, reject) => {
        execFile(
          this.varnishd,
          // VCC only: `-C` would go on to compile the C with gcc (about 10 ms a VCL statement, minutes for a
          // 1 MiB snippet) and load it. VCL's errors are all VCC's; the C it writes is Varnish's own.
          ['-C', '-n', instance, ...VCC_PARAMETERS, '-p', 'cc_command=exec true', '-f', file],
          { maxBuffer: 64 * 1024 * 1024, timeout: this.timeoutMs, killSignal: 'SIGKILL' },
          (error, _stdout, stderr) => {
            if (error && typeof error.code !== 'number') reject(error)
            else resolve({ code: typeof error?.code === 'number' ? error.code : 0, output: stderr })
          },
        )
      })
      // A warning ("Unused sub …", "(That was just a warning)") is a message too; a failure says so.
      if (result.output.includes('Running VCC-compiler failed'))
        return { ok: false, error: parseVccOutput(result.output) }
      // With the C compile skipped, VCC's acceptance shows as the load of its (empty) result failing.
      if (result.output.includes('Message from dlopen')) return { ok: true }
      // Anything else (varnishd could not start, read the file, or said nothing) is no verdict at all.
      throw new Error(`varnishd -C gave no verdict (exit ${result.code}): ${result.output.trim().slice(-500)}`)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  /** Forgets every verdict (each compile's own directory is already gone). */
  async close(): Promise<void> {
    this.verdicts.clear()
  }
}
