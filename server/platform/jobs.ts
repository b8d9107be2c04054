import PgBoss from 'pg-boss'
import type { Database } from '../db/client.ts'

/**
 * Work that must really happen, once for the cluster, however many API processes share the database
 * (docs/architecture.md, "Background work"). A job is a plain function of the server's context and
 * the time; pg-boss, a job queue kept in the database itself, decides which process runs it:
 * - a periodic job is offered by every process at every tick; pg-boss keeps one job per period
 *   (its singleton slots: a unique index on the job's name and slot), so it runs once per period;
 * - a running job holds a lease (pg-boss's expiry): when its process dies mid-run, the job is failed
 *   after the lease and retried by another process, so no job is lost;
 * - on PGlite the same queue runs in its one process.
 * Nothing else on the server keeps a timer of its own.
 */
export type JobDefinition<C extends Clock = Clock> = {
  name: string
  /** Runs once per cluster every this many seconds (at most 12 hours: pg-boss's slot limit). */
  everySeconds: number
  run(ctx: C, now: number): Promise<void>
}

/** What the queue needs of the context its jobs run with (the server's, `ServerContext`): the time. */
export type Clock = { now(): number }

/**
 * Work asked for once (a manual backup): queued with `Jobs.enqueue`, run by whichever process takes it,
 * retried on another after a process dies mid-run, so `run` must be safe to run again.
 */
export type TaskDefinition<Data extends object = Record<string, unknown>, C extends Clock = Clock> = {
  name: string
  run(ctx: C, data: Data, now: number): Promise<void>
}

export type JobTiming = {
  /** How often each process offers the periodic jobs and looks for work. */
  pollSeconds: number
  /** How long a run may take before another process takes it over. */
  leaseSeconds: number
  /** How often the cluster (one process at a time) fails the jobs whose lease ran out. */
  maintenanceSeconds: number
}

export const DEFAULT_JOB_TIMING: JobTiming = { pollSeconds: 2, leaseSeconds: 120, maintenanceSeconds: 30 }

function seconds(value: string | undefined, fallback: number, minimum: number): number {
  const parsed = Number(value)
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) ? Math.max(minimum, parsed) : fallback
}

/** `WADP_JOB_POLL_SECONDS`, `WADP_JOB_LEASE_SECONDS` and `WADP_JOB_MAINTENANCE_SECONDS` (README). */
export function jobTimingFromEnv(env: NodeJS.ProcessEnv): JobTiming {
  return {
    pollSeconds: seconds(env.WADP_JOB_POLL_SECONDS, DEFAULT_JOB_TIMING.pollSeconds, 0.5),
    leaseSeconds: Math.round(seconds(env.WADP_JOB_LEASE_SECONDS, DEFAULT_JOB_TIMING.leaseSeconds, 1)),
    maintenanceSeconds: Math.round(seconds(env.WADP_JOB_MAINTENANCE_SECONDS, DEFAULT_JOB_TIMING.maintenanceSeconds, 1)),
  }
}

const RETRIES = 5

export class Jobs<C extends Clock = Clock> {
  private ticker: NodeJS.Timeout | null = null
  private failure: string | null = null

  private constructor(
    private readonly boss: PgBoss,
    private readonly connection: { open: boolean },
    private readonly definitions: readonly JobDefinition<C>[],
    // biome-ignore lint/suspicious/noExplicitAny: each task reads its own data; the queue only carries it.
    private readonly tasks: ReadonlyMap<string, TaskDefinition<any, C>>,
    private readonly timing: JobTiming,
  ) {}

  /**
   * Opens the queue and makes every job's and task's queue, with the lease and retries: from here on
   * `enqueue` works, and nothing runs yet. `work` starts this process's workers: whatever the context's
   * jobs need of it (`ctx.enqueue`) must be in place by then, since a job another process offered may
   * start at once.
   */
  static async open<C extends Clock>(
    database: Database,
    definitions: JobDefinition<C>[],
    timing: JobTiming,
    // biome-ignore lint/suspicious/noExplicitAny: each task reads its own data; the queue only carries it.
    tasks: TaskDefinition<any, C>[] = [],
  ): Promise<Jobs<C>> {
    // Once stopped, the queue's late statements never reach the closed database: they stay unanswered (pg-boss
    // neither waits for them nor catches their failure, and reads the rows of their answer). A run that
    // outlived the grace period cannot mark itself done; its lease brings it back on some process.
    const connection = { open: true }
    const boss = new PgBoss({
      db: {
        executeSql: (text: string, values?: unknown[]) =>
          connection.open ? database.executeSql(text, values) : new Promise<never>(() => {}),
      },
      schema: 'pgboss',
      supervise: true,
      maintenanceIntervalSeconds: timing.maintenanceSeconds,
      // Calendar schedules (pg-boss's cron) are not used yet: periodic jobs use singleton slots.
      schedule: false,
    })
    const jobs = new Jobs(boss, connection, definitions, new Map(tasks.map((task) => [task.name, task])), timing)
    boss.on('error', (error: Error) => {
      jobs.failure = error.message
      console.error('job queue:', error.message)
    })
    await boss.start()
    for (const name of [...definitions.map((job) => job.name), ...jobs.tasks.keys()]) {
      await boss.createQueue(name, { name, retryLimit: RETRIES, retryDelay: 0, expireInSeconds: timing.leaseSeconds })
    }
    return jobs
  }

  /** Works every queue on this process with `ctx`, and offers the periodic jobs now and at every poll. */
  async work(ctx: C): Promise<void> {
    const serve = (name: string, run: (data: object) => Promise<void>) =>
      this.boss.work(name, { pollingIntervalSeconds: this.timing.pollSeconds, batchSize: 1 }, async ([job]) => {
        if (job) await run(job.data as object)
      })
    for (const job of this.definitions) await serve(job.name, () => job.run(ctx, ctx.now()))
    for (const task of this.tasks.values()) await serve(task.name, (data) => task.run(ctx, data, ctx.now()))
    await this.offer()
    this.ticker = setInterval(() => void this.offer(), this.timing.pollSeconds * 1000)
    this.ticker.unref()
  }

  /** Offers each periodic job for its current slot; the slot's unique index keeps one per cluster. */
  private async offer(): Promise<void> {
    for (const job of this.definitions) {
      try {
        await this.boss.send(
          job.name,
          {},
          {
            singletonKey: job.name,
            singletonSeconds: job.everySeconds,
            retryLimit: RETRIES,
            retryDelay: 0,
            expireInSeconds: this.timing.leaseSeconds,
          },
        )
        this.failure = null
      } catch (error) {
        this.failure = error instanceof Error ? error.message : String(error)
      }
    }
  }

  /** Queues one run of a task; some process of the cluster takes it within a poll interval. */
  async enqueue(name: string, data: object): Promise<void> {
    if (!this.tasks.has(name)) throw new Error(`no task named ${name}`)
    await this.boss.send(name, data, { retryLimit: RETRIES, retryDelay: 0, expireInSeconds: this.timing.leaseSeconds })
  }

  /**
   * The data of a task's runs still to come or under way (created, waiting for a retry, or running on
   * some process): what a sweep compares its stored work with, to queue again only what has no run.
   */
  async pending(name: string): Promise<object[]> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(`select data from pgboss.job where name = $1 and state < 'completed'`, [name])
    return (rows as { data: object | null }[]).map((row) => row.data ?? {})
  }

  /** For utils/health: whether the queue answered at its last use. */
  healthy(): boolean {
    return this.failure === null
  }

  /** Stops offering and fetching; a run still going gets `graceMs` to finish, then is left to its lease. */
  async stop(graceMs: number): Promise<void> {
    if (this.ticker) clearInterval(this.ticker)
    this.ticker = null
    await this.boss
      .stop({ graceful: true, wait: true, timeout: graceMs, close: false })
      .catch((error: unknown) => console.error('job queue stop:', error instanceof Error ? error.message : error))
    this.connection.open = false
  }
}
