import PgBoss from 'pg-boss'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'
import { startServer } from '../../server/main.ts'
import { PLATFORM_TYPES } from '../../src/platform/types.ts'
import { ADMIN_TOKEN, answerChecker, type Json, lastingDatabase } from './support.ts'

// Its server's answers are checked against the OpenAPI documents, as every server test's.
const answers = answerChecker()
afterEach(answers.verify)

// A database that outlives what the test does to it before the start: on disk for PGlite, a database of
// its own on PostgreSQL.
const { dataDir, databaseUrl, serverOptions } = await lastingDatabase('job-start')

describe('a start that finds a job due in the queue', () => {
  it('runs it with the task queue already wired: every backup it queues is taken', async () => {
    // Another process of the cluster offered the scheduled backups' job and has not taken it yet: this
    // process's worker takes it the moment it starts.
    const opened = await openDatabase({ url: databaseUrl, dataDir })
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => opened.executeSql(text, values) },
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    })
    await boss.start()
    await boss.createQueue('scheduled-backups', { name: 'scheduled-backups', retryLimit: 5, retryDelay: 0 })
    expect(await boss.send('scheduled-backups', {})).toBeTruthy()
    await boss.stop({ graceful: false, close: false, wait: true })
    await opened.close()

    const server = await startServer(
      { ...serverOptions, jobs: { pollSeconds: 0.5, leaseSeconds: 30, maintenanceSeconds: 30 } },
      PLATFORM_TYPES,
    )
    try {
      await answers.load(server.url)
      const get = async (path: string) =>
        (await (
          await answers.fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
        ).json()) as Json
      const projects: string[] = (await get('/api/auth/v0/projects')).data.map((project: Json) => project.name)
      expect(projects.length).toBeGreaterThan(0)
      // Each project's scheduled backup, once every one has left `queued` and `running` (or the wait is over).
      const scheduled = async () =>
        Promise.all(
          projects.map(async (project) => {
            const backups = (await get(`/api/core/v0/projects/${project}/backups`)).data as Json[]
            return `${project}: ${backups.find((backup) => backup.trigger === 'scheduled')?.status ?? 'none'}`
          }),
        )
      let statuses = await scheduled()
      for (let tries = 0; tries < 240 && !statuses.every((s) => s.endsWith(': completed')); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        statuses = await scheduled()
      }
      // Before the fix the first project's stayed `queued` for good: the job ran before the process could
      // queue a task, and its retry found that backup already stored.
      expect(statuses).toEqual(projects.map((project) => `${project}: completed`))
    } finally {
      await server.close()
    }
  }, 180_000)
})
