import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { stopStaleVarnishd } from './stale-varnishd.ts'
import { VCC_PARAMETERS } from './vcc.ts'

/** Where a node listens and keeps its state. */
export type VarnishOptions = {
  varnishd: string
  /** `host:port` for HTTP. */
  listen: string
  /** `host:port` of the management interface (varnishadm). */
  admin: string
  /** Varnish's work directory (`-n`). */
  dir: string
  /** The node's name: `server.identity`, so every answer's `X-Served-By`. */
  name: string
  /** Cache size, `malloc,<size>`. */
  storage?: string
  /** Where it says what it did besides starting (a previous varnishd of its directory stopped). */
  log?: (line: string) => void
}

/** What the node answers before it is given any configuration (with the headers every answer has). */
const BOOT_VCL = `vcl 4.1;
backend wadp_none none;
sub vcl_recv {
  return (synth(503, "No configuration yet"));
}
sub vcl_synth {
  set resp.http.X-Cache = "PASS";
  set resp.http.X-Served-By = server.identity;
}
`

/**
 * One `varnishd` run in the foreground as a child of this process (issue 23: the edge agent supervises
 * it), driven through `varnishadm` with its secret: VCLs loaded from text, labelled and made active.
 */
export class VarnishNode {
  private child: ChildProcess | null = null
  private readonly secretFile: string
  private loads = 0
  private readonly exitListeners: ((code: number | null) => void)[] = []

  constructor(readonly options: VarnishOptions) {
    this.secretFile = join(options.dir, 'secret')
  }

  /**
   * Starts varnishd with the boot VCL and resolves once its management interface answers. A varnishd
   * of the same directory still running (its agent was killed with -9) is stopped first.
   */
  async start(): Promise<void> {
    const { dir } = this.options
    await mkdir(dir, { recursive: true })
    const owner = join(dir, 'agent.pid')
    const stale = await stopStaleVarnishd([this.pidFile, join(this.workdir, '_.pid')], this.workdir, owner)
    if (stale.length > 0)
      this.options.log?.(`stopped varnishd ${stale.join(', ')}, left running on ${this.workdir} by a previous agent`)
    // varnishd compiles VCL as its own unprivileged user, who must read the files it is given.
    await chmod(dir, 0o755)
    await writeFile(this.secretFile, randomBytes(32).toString('hex'), { mode: 0o600 })
    // The process that runs it: while that one lives, its varnishd is not another agent's to stop.
    await writeFile(owner, String(process.pid))
    const boot = join(dir, 'boot.vcl')
    await writeFile(boot, BOOT_VCL, { mode: 0o644 })
    const args = ['-F', '-a', this.options.listen, '-T', this.options.admin, '-S', this.secretFile]
    args.push('-n', this.workdir, '-P', this.pidFile, '-i', this.options.name, '-f', boot)
    args.push('-s', this.options.storage ?? 'malloc,64m')
    // It compiles as the platform's check does: what the check accepted loads here too.
    args.push(...VCC_PARAMETERS)
    const child = spawn(this.options.varnishd, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    this.child = child
    child.once('exit', (code) => {
      // Only a death nobody asked for is news: stop() clears the child first.
      if (this.child !== child) return
      this.child = null
      for (const listener of this.exitListeners) listener(code)
    })
    let output = ''
    this.child.stdout?.on('data', (chunk) => {
      output += chunk
    })
    this.child.stderr?.on('data', (chunk) => {
      output += chunk
    })
    const exited = new Promise<never>((_, reject) =>
      this.child?.once('exit', (code) => reject(new Error(`varnishd exited (${code}): ${output.trim()}`))),
    )
    const deadline = Date.now() + 20_000
    for (;;) {
      const ready = await Promise.race([
        this.admin(['ping']).then(
          () => true,
          () => false,
        ),
        exited,
      ])
      if (ready) return this.fasterCompiles()
      if (Date.now() > deadline) throw new Error(`varnishd did not start in 20 s: ${output.trim()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /**
   * Compiles VCL's C without optimising it (`-O0`, no debug information): a project's program loads in
   * half the time (0.3 s instead of 0.65 s for a seeded project here), which is most of the time from a
   * save to "applied". The machine's own compiler command is kept otherwise; when it cannot be read, the
   * default stays.
   */
  private async fasterCompiles(): Promise<void> {
    const shown = await this.admin(['param.show', 'cc_command']).catch(() => '')
    const command = /Value is:\s*(.*?)(?:\s+\(default\))?\s*$/m.exec(shown)?.[1]
    if (!command?.includes(' -O2') || /["\\]/.test(command)) return
    const faster = command.replace(' -O2', ' -O0').replace(/ -g(?= )/, '')
    await this.admin(['param.set', 'cc_command', `"${faster}"`]).catch(() => undefined)
  }

  /** varnishd's working directory (`-n`), where its shared log is read (varnishncsa, varnishlog). */
  get workdir(): string {
    return join(this.options.dir, 'n')
  }

  /** Where varnishd writes its manager's process id (`-P`): a later agent stops it if it outlived this one. */
  get pidFile(): string {
    return join(this.options.dir, 'varnishd.pid')
  }

  /** The manager process's id while it runs. */
  get pid(): number | null {
    return this.child?.pid ?? null
  }

  get running(): boolean {
    return this.child !== null
  }

  /** Called when varnishd exits on its own (killed, crashed), not when stop() ends it. */
  onExit(listener: (code: number | null) => void): void {
    this.exitListeners.push(listener)
  }

  /** Runs one management command; rejects with varnishadm's words when it fails. */
  admin(command: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        'varnishadm',
        ['-T', this.options.admin, '-S', this.secretFile, ...command],
        { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${stdout}${stderr}`.trim() || error.message)) : resolve(stdout),
      )
    })
  }

  /** Loads `program` under a new name and returns the name (the node compiles it fully, C included). */
  async load(prefix: string, program: string): Promise<string> {
    this.loads += 1
    const name = `${prefix}_${this.loads}`
    const file = join(this.options.dir, `${name}.vcl`)
    await writeFile(file, program, { mode: 0o644 })
    try {
      await this.admin(['vcl.load', name, file])
    } finally {
      await rm(file, { force: true })
    }
    return name
  }

  label(label: string, vcl: string): Promise<string> {
    return this.admin(['vcl.label', label, vcl])
  }

  use(vcl: string): Promise<string> {
    return this.admin(['vcl.use', vcl])
  }

  /** Unloads a VCL or a label no longer in use. */
  discard(name: string): Promise<string> {
    return this.admin(['vcl.discard', name])
  }

  /** Stops varnishd and waits for it to exit. */
  async stop(): Promise<void> {
    const child = this.child
    this.child = null
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
}

/** `varnish-7.1.1`, from what `varnishd -V` says; null when it cannot be run. */
export function varnishVersion(varnishd: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(varnishd, ['-V'], { timeout: 10_000 }, (error, stdout, stderr) => {
      const match = /\((varnish-[^\s)]+)/.exec(`${stdout}${stderr}`)
      resolve(error && !match ? null : (match?.[1] ?? null))
    })
  })
}
