import { createHash, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type {
  AgentBackendState,
  AgentReport,
  EdgeConfiguration,
  EdgeInvalidation,
  EdgeInvalidationResult,
  EdgeProject,
} from '../../src/domain/edge-node.ts'
import { backendStates, VerdictChanges } from './backend-states.ts'
import { banCommands } from './bans.ts'
import { loadError } from './load-error.ts'
import { readSavedConfiguration, saveConfiguration } from './saved-configuration.ts'
import { type StatsAnswer, StatsCounter } from './stats-counter.ts'
import { topVcl } from './top.ts'
import { rateLimitedLine, TrafficTap } from './traffic-tap.ts'
import { VarnishNode, varnishVersion } from './varnish.ts'

/** Everything one edge agent needs (EDGE.md, "Running it"). */
export type AgentOptions = {
  /** The platform API's base URL (any replica), such as http://127.0.0.1:8080. */
  platformUrl: string
  /** The node's name, as created in the console. */
  node: string
  /** The node's secret, shown once when it was created or its secret rotated. */
  token: string
  varnishd: string
  /** `host:port` for HTTP. */
  listen: string
  /** `host:port` of Varnish's management interface. */
  admin: string
  /** Varnish's work directory. */
  dir: string
  /**
   * The pause between two configuration requests (default 100 ms). Each request with an ETag is held by
   * the platform until something changes or 3 s pass, so a change arrives at once.
   */
  pollMs?: number
  /** How often it reports while nothing changes (default 2 s; the platform calls it unavailable after 10 s). */
  reportMs?: number
  /** The clock the statistics count minutes by (tests move it; the real one by default). */
  clock?: () => number
  log?: (line: string) => void
}

/** What the platform sends: the configuration and the invalidations the node has still to carry out. */
type Received = EdgeConfiguration & { invalidations?: EdgeInvalidation[] }

/** A project's VCL as the node runs it. */
type Loaded = {
  hash: string
  revision: number
  vcl: string
  label: string
  hosts: string[]
  websites: { name: string; hosts: string[] }[]
  /** The project as the platform gave it: what the agent keeps in its directory. */
  given: EdgeProject
}

/** The longest message a report carries per project (the compiler's words, first lines first). */
const MESSAGE_MAX = 8000

/** What a change meets when varnishd has died and is not started again yet. */
const NOT_RUNNING = 'varnishd does not run'

/** How long the platform may hold a configuration request while nothing changes. */
const WAIT_S = 3

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex')
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, MESSAGE_MAX)

/**
 * A load refused by Varnish's compiler, or by the VCL's own vcl_init (a snippet's `return (fail);`), or
 * one during which Varnish's child stopped answering (a VMOD's assertion in vcl_init panics the child,
 * which varnishd starts again, every project's VCL with it): it will fail again until the project's own
 * VCL changes, so it is not tried again at every poll, nor when another project changes (each try is a
 * gcc compile, or a panic that drops every project's traffic); a new varnishd (or agent) tries it once more.
 */
const refusedByCompiler = (message: string) =>
  /VCL compilation failed|Message from VCC-compiler|Running VCC-compiler failed|Failed initialization|CLI communication error/.test(
    message,
  )

/**
 * The edge agent (EDGE.md): runs and supervises one varnishd, asks the platform for its node's
 * configuration (If-None-Match, every half second), loads each changed project as its label and then
 * switches the top VCL that routes hosts to labels, atomically. A project whose VCL does not load keeps
 * its last good one and the error is reported. varnishd dying is noticed, and a new one is started and
 * given everything again. It reports what it runs after every change and every few seconds.
 */
export class EdgeAgent {
  /** Sent with every report: another agent started with this node's secret reports another. */
  private readonly instance = randomBytes(12).toString('base64url')
  private varnish: VarnishNode | null = null
  private readonly loaded = new Map<string, Loaded>()
  /** When each backend's verdict changed (Varnish's own time of it stays at the backend's creation). */
  private readonly verdictChanges = new VerdictChanges()
  /**
   * Each project whose latest VCL did not load: Varnish's words, the revision it was of, and the hash of
   * that VCL when it was refused for good (by the compiler or its vcl_init), so that the same VCL is not
   * loaded again while the project's configuration stays the same (each load is a gcc compile).
   */
  private readonly errors = new Map<string, { message: string; revision: number; refused: string | null }>()
  private top: { hash: string; vcl: string } | null = null
  private etag: string | null = null
  private projects: string[] = []
  private platformRevision: number | null = null
  private startedAt: string | null = null
  private version: string | null = null
  /** What keeps it from running anything (varnishd will not start), or null. */
  private fatal: string | null = null
  private lastReport = 0
  /** Reads the requests from Varnish's shared log for live traffic, while varnishd runs. */
  private tap: TrafficTap | null = null
  private lastLogged = ''
  /** Set when a new varnishd runs nothing yet: it is given what was last applied before anything else. */
  private restoring = false
  /** The hash of the configuration last kept in the directory. */
  private savedHash: string | null = null
  private stopped = false
  private loop: Promise<void> | null = null
  private wake: (() => void) | null = null
  /** The configuration request in flight, aborted by stop(). */
  private inFlight: AbortController | null = null
  /** Resolves after the next configuration was applied (tests and the bench wait on it). */
  private appliedListeners: (() => void)[] = []
  /** Counts the requests per website and minute; its sealed batches wait in `dir`/stats until sent. */
  readonly stats: StatsCounter
  private statsTimer: NodeJS.Timeout | null = null

  constructor(readonly options: AgentOptions) {
    this.stats = new StatsCounter({
      dir: join(options.dir, 'stats'),
      node: options.node,
      send: async (batches) => {
        const answer = await this.post('stats', { batches }, 'the statistics')
        return (answer as { data: StatsAnswer }).data
      },
      log: (line) => this.log(line),
    })
  }

  private now(): number {
    return (this.options.clock ?? Date.now)()
  }

  /** Seals the minutes that closed and sends every batch that waits (one at a time). */
  private async flushStats(): Promise<void> {
    await this.stats.seal(this.now()).catch((error) => this.log(`statistics not sealed: ${messageOf(error)}`))
    await this.stats.sendPending()
  }

  private log(line: string) {
    if (line === this.lastLogged) return
    this.lastLogged = line
    ;(this.options.log ?? ((text: string) => console.log(text)))(`edge agent ${this.options.node}: ${line}`)
  }

  /** Starts varnishd and the loop; resolves once varnishd runs (its first configuration follows). */
  async start(): Promise<void> {
    this.version = await varnishVersion(this.options.varnishd)
    await this.startVarnish()
    this.loop = this.run()
    // Batches a previous run sealed and could not send go first.
    this.statsTimer = setInterval(() => void this.flushStats(), 1000)
    void this.flushStats()
  }

  /** varnishd's manager process, while it runs. */
  get varnishPid(): number | null {
    return this.varnish?.pid ?? null
  }

  private async startVarnish(): Promise<void> {
    this.tap?.stop()
    this.tap = null
    const varnish = new VarnishNode({
      varnishd: this.options.varnishd,
      listen: this.options.listen,
      admin: this.options.admin,
      dir: this.options.dir,
      name: this.options.node,
      log: (line) => this.log(line),
    })
    await varnish.start()
    varnish.onExit((code) => {
      if (this.varnish !== varnish) return
      this.varnish = null
      // What its reports say until the new one runs (the sync views show it as the node's message).
      this.fatal = `varnishd exited (${code ?? 'killed'}); starting it again`
      this.log(this.fatal)
      this.wake?.()
    })
    // A new varnishd runs nothing yet: everything is loaded again, from a fresh configuration.
    this.varnish = varnish
    this.loaded.clear()
    this.errors.clear()
    this.top = null
    this.etag = null
    this.restoring = true
    this.startedAt = new Date().toISOString()
    this.fatal = null
    this.log(`varnishd runs on ${this.options.listen} (${this.version ?? 'unknown version'})`)
    this.tap = new TrafficTap({
      varnishncsa: 'varnishncsa',
      workdir: varnish.workdir,
      projectOf: (host) => this.projectOfHost(host),
      observe: (line, raw) => {
        const website = this.websiteOfHost(line.host)
        if (!website) return
        this.stats.count({
          at: this.now(),
          ...website,
          status: line.status,
          bytes: line.bytes,
          cache: line.cache,
          durationMs: line.duration_ms,
          rateLimited: rateLimitedLine(raw) && line.status >= 400 && line.status < 500,
        })
      },
      send: async (batch) => {
        await this.post('traffic', batch, 'live traffic')
      },
      log: (line) => this.log(line),
    })
    this.tap.start()
  }

  /** The project whose website answers for `host` on this node, or null. */
  private projectOfHost(host: string): string | null {
    for (const [project, loaded] of this.loaded) if (loaded.hosts.includes(host)) return project
    return null
  }

  /** The project and website that answer for `host` on this node, or null. */
  private websiteOfHost(host: string): { project: string; website: string } | null {
    for (const [project, loaded] of this.loaded) {
      const website = loaded.websites.find((candidate) => candidate.hosts.includes(host))
      if (website) return { project, website: website.name }
    }
    return null
  }

  private async run(): Promise<void> {
    let backoff = 500
    while (!this.stopped) {
      try {
        if (!this.varnish) await this.startVarnish()
        if (this.restoring) await this.restore()
        backoff = 500
        const changed = await this.poll()
        if (changed || Date.now() - this.lastReport >= (this.options.reportMs ?? 2000)) await this.report()
      } catch (error) {
        // stop() aborts the request in flight: nothing to say.
        if (this.stopped) break
        const message = messageOf(error)
        // A change met no varnishd (NOT_RUNNING): why it does not run is already said.
        if (!this.varnish && message !== NOT_RUNNING) this.fatal = `varnishd does not run: ${message}`
        this.log(message)
        await this.report().catch(() => undefined)
        backoff = Math.min(backoff * 2, 10_000)
        await this.pause(backoff)
        continue
      }
      await this.pause(this.options.pollMs ?? 100)
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wake = done
    })
  }

  private api(path: string): string {
    return `${this.options.platformUrl.replace(/\/$/, '')}/api/core/v0/edge/nodes/${this.options.node}/${path}`
  }

  /** Asks for the configuration; applies it when it changed. Whether it did. */
  private async poll(): Promise<boolean> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.token}` }
    if (this.etag) headers['if-none-match'] = this.etag
    // With an ETag the platform holds the request until something changes (at most WAIT_S).
    this.inFlight = new AbortController()
    const signal = AbortSignal.any([this.inFlight.signal, AbortSignal.timeout(30_000)])
    const wait = this.etag ? `?wait=${WAIT_S}` : ''
    const response = await fetch(this.api(`configuration${wait}`), { headers, signal })
    if (response.status === 304) return false
    if (!response.ok)
      throw new Error(`the platform answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
    const etag = response.headers.get('etag')
    const { data } = (await response.json()) as { data: Received }
    const retry = await this.apply(data)
    await this.save()
    await this.invalidate(data.invalidations ?? [])
    // A load that failed for any other reason than the compiler's is tried again at the next poll.
    this.etag = retry ? null : etag
    for (const listener of this.appliedListeners.splice(0)) listener()
    return true
  }

  /** Where the configuration it last applied is kept (EDGE.md: a node keeps its last good configuration). */
  private get savedFile(): string {
    return join(this.options.dir, 'configuration.json')
  }

  /**
   * Gives a new varnishd the configuration last applied on this node (by this agent or an earlier one),
   * so it serves its websites at once, even while the platform cannot be reached; what the platform
   * sends next replaces it as usual (a project whose VCL is the same is not loaded again).
   */
  private async restore(): Promise<void> {
    this.restoring = false
    const saved = await readSavedConfiguration(this.savedFile, this.options.node).catch((error) => {
      this.log(`the configuration it last applied cannot be read: ${messageOf(error)}`)
      return null
    })
    if (!saved) return
    await this.apply(saved)
    const { platform_revision: revision, projects } = saved
    this.log(`runs the configuration it last applied (platform revision ${revision}, ${projects.length} projects)`)
  }

  /** Keeps what it runs (each project's last good VCL) in its directory when that changed. */
  private async save(): Promise<void> {
    if (this.platformRevision === null) return
    const projects = this.projects.flatMap((project) => this.loaded.get(project)?.given ?? [])
    const config = { node: this.options.node, platform_revision: this.platformRevision, projects }
    const hash = hashOf(JSON.stringify(config))
    if (hash === this.savedHash) return
    try {
      await saveConfiguration(this.savedFile, config)
      this.savedHash = hash
    } catch (error) {
      this.log(`the configuration it applied could not be kept: ${messageOf(error)}`)
    }
  }

  /** Loads what changed, then the top VCL. Whether something should be tried again. */
  private async apply(config: EdgeConfiguration): Promise<boolean> {
    const varnish = this.varnish
    if (!varnish) throw new Error(NOT_RUNNING)
    let retry = false
    for (const project of config.projects) {
      const hash = hashOf(project.vcl)
      const have = this.loaded.get(project.project)
      if (have?.hash === hash) {
        this.loaded.set(project.project, {
          ...have,
          revision: project.revision,
          hosts: project.hosts,
          websites: project.websites,
          given: project,
        })
        this.errors.delete(project.project)
        continue
      }
      // The VCL it was refused: another project's change brings it again, unchanged, and it would fail again.
      const failed = this.errors.get(project.project)
      if (failed?.refused === hash) {
        this.errors.set(project.project, { ...failed, revision: project.revision })
        continue
      }
      try {
        const vcl = await varnish.load(`p_${project.project.replaceAll('-', '_')}`, project.vcl)
        await varnish.label(project.label, vcl)
        this.loaded.set(project.project, {
          hash,
          revision: project.revision,
          vcl,
          label: project.label,
          hosts: project.hosts,
          websites: project.websites,
          given: project,
        })
        this.errors.delete(project.project)
        if (have) await varnish.discard(have.vcl).catch(() => undefined)
      } catch (error) {
        // stop() aborts the request in flight: nothing to say.
        if (this.stopped) break
        const raw = messageOf(error)
        const refused = refusedByCompiler(raw)
        // The compiler's words placed in the snippet or rule they fall in, not in the node's work file.
        const message = loadError(project.vcl, raw).slice(0, MESSAGE_MAX)
        this.errors.set(project.project, { message, revision: project.revision, refused: refused ? hash : null })
        this.log(
          `project ${project.project} revision ${project.revision} did not load; it keeps its last good VCL: ${message.split('\n').slice(0, 3).join(' ')}`,
        )
        if (!refused) retry = true
      }
    }
    const given = new Set(config.projects.map((project) => project.project))
    const routes = [...this.loaded.entries()]
      .filter(([project]) => given.has(project))
      .map(([, loaded]) => ({ label: loaded.label, hosts: loaded.hosts }))
    const top = topVcl(routes)
    const hash = hashOf(top)
    if (this.top?.hash !== hash) {
      const vcl = await varnish.load('top', top)
      await varnish.use(vcl)
      const replaced = this.top
      this.top = { hash, vcl }
      // Served from now on: reported from now on too, not only after the clean-up below.
      this.projects = config.projects.map((project) => project.project)
      this.platformRevision = config.platform_revision
      if (replaced) await varnish.discard(replaced.vcl).catch(() => undefined)
    }
    // Projects that are gone: their labels are free once the top in use no longer names them.
    for (const [project, loaded] of this.loaded) {
      if (given.has(project)) continue
      await varnish.discard(loaded.label).catch(() => undefined)
      await varnish.discard(loaded.vcl).catch(() => undefined)
      this.loaded.delete(project)
      this.errors.delete(project)
    }
    this.projects = config.projects.map((project) => project.project)
    this.platformRevision = config.platform_revision
    return retry
  }

  /**
   * Carries out the invalidations it was sent (EDGE.md) with Varnish's bans, and reports each result:
   * completed, or failed with the reason. Each is banned, even one that looks older than this varnishd:
   * the request's time is the platform's clock and varnishd's start this machine's, which need not agree,
   * and a ban on a cache that began empty is harmless.
   */
  private async invalidate(invalidations: readonly EdgeInvalidation[]): Promise<void> {
    const varnish = this.varnish
    if (!varnish || invalidations.length === 0) return
    const results: EdgeInvalidationResult[] = []
    for (const invalidation of invalidations) {
      const { project, name } = invalidation
      const done = (status: 'completed' | 'failed', message: string | null) =>
        results.push({ project, name, status, at: new Date().toISOString(), message })
      try {
        const commands = banCommands(invalidation)
        for (const command of commands) await varnish.admin(command)
        const soft = invalidation.soft ? ' (a hard ban: Varnish Cache has no soft purge)' : ''
        done('completed', commands.length === 0 ? 'the project serves no host: nothing to ban' : `banned${soft}`)
      } catch (error) {
        done('failed', messageOf(error).slice(0, 2000))
      }
    }
    // Not kept when refused: the platform sends them again, and bans twice are harmless.
    await this.post('invalidations', { results }, 'the invalidation results')
  }

  /** What it runs, as the platform keeps it (EDGE.md). */
  reportBody(): Omit<AgentReport, 'backends'> {
    const running = this.varnish !== null
    return {
      varnish_version: running ? this.version : null,
      started_at: running ? this.startedAt : null,
      platform_revision: this.platformRevision,
      projects: this.projects.map((project) => ({
        project,
        revision: this.loaded.get(project)?.revision ?? null,
        error: this.errors.get(project)?.message ?? null,
        failed_revision: this.errors.get(project)?.revision ?? null,
      })),
      error: running ? null : (this.fatal ?? NOT_RUNNING),
    }
  }

  private async report(): Promise<void> {
    this.lastReport = Date.now()
    await this.post(
      'report',
      { ...this.reportBody(), instance: this.instance, backends: await this.backends() },
      'the report',
    )
  }

  /**
   * Every backend of the projects' VCLs with its probe state, as varnishd keeps it (none when it cannot
   * say). `*.*`: every VCL's backends, not only the active one's (the top VCL, which has none).
   */
  async backends(): Promise<AgentBackendState[]> {
    const varnish = this.varnish
    if (!varnish) return []
    try {
      const [json, text] = await Promise.all([
        varnish.admin(['backend.list', '-j', '-p', '*.*']),
        varnish.admin(['backend.list', '-p', '*.*']),
      ])
      const projectOfVcl = new Map([...this.loaded].map(([project, loaded]) => [loaded.vcl, project]))
      const states = backendStates(json, text, (vcl) => projectOfVcl.get(vcl) ?? null)
      return this.verdictChanges.stamp(states, new Date(this.now()).toISOString())
    } catch (error) {
      this.log(`could not read the backends' health: ${messageOf(error)}`)
      return []
    }
  }

  /** One of the agent's calls that send something, with its node's secret; rejects when refused. */
  private async post(path: string, body: unknown, what: string): Promise<unknown> {
    const response = await fetch(this.api(path), {
      method: 'POST',
      headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    if (!response.ok)
      throw new Error(`the platform refused ${what} (${response.status}): ${(await response.text()).slice(0, 300)}`)
    return response.status === 204 ? null : await response.json()
  }

  /** Resolves after the next configuration it fetched was applied. */
  nextApplied(): Promise<void> {
    return new Promise((resolve) => this.appliedListeners.push(resolve))
  }

  /** Stops the loop and varnishd (SIGTERM, EDGE.md). */
  async stop(): Promise<void> {
    this.stopped = true
    this.wake?.()
    this.inFlight?.abort()
    await this.loop?.catch(() => undefined)
    if (this.statsTimer) clearInterval(this.statsTimer)
    this.statsTimer = null
    this.tap?.stop()
    this.tap = null
    // The minute in progress is sealed too: the next agent sends it (a batch of its own adds to it).
    await this.stats.seal(this.now(), true).catch((error) => this.log(`statistics not sealed: ${messageOf(error)}`))
    const varnish = this.varnish
    this.varnish = null
    await varnish?.stop()
  }
}
