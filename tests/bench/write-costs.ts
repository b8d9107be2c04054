/**
 * What one website create costs, part by part (docs/benchmarks.md, "What a write costs"): the real
 * server's context in this process, the steps of `ResourceService.create` run one at a time with a
 * timer around each, on a database topped up to `--fill` resources (default 100,000) like
 * `npm run bench` does. One write at a time, so each figure is the step's own cost, not a queue's.
 *
 *   node --import tsx tests/bench/write-costs.ts [--postgres] [--count 300] [--fill 100000]
 */
import { sql } from 'drizzle-orm'
import { recordAudit } from '../../server/audit.ts'
import type { Db } from '../../server/db/client.ts'
import { cacheGroup } from '../../server/db/generations.ts'
import { optionsFromEnv, startServer } from '../../server/main.ts'
import { bumpRevision } from '../../server/platform/revisions.ts'
import type { ResourceDefinition } from '../../server/resources/definition.ts'
import { systemCaller } from '../../server/resources/service.ts'
import { insertResource, searchTextOf } from '../../server/resources/store.ts'
import { PLATFORM_TYPES } from '../../src/platform/types.ts'
import { domainOwners } from '../../src/types/websites/server.ts'
import { type Cluster, startCluster } from '../tools/postgres.ts'
import { fill } from './fill.ts'

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(name)
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN
  return Number.isInteger(value) && value >= 0 ? value : fallback
}

const STEPS = [
  'schema validation (parseBody)',
  'transaction start (BEGIN, waiting for the connection)',
  'reference checks (the director exists)',
  'beforeWrite hook (page rules, snippets, domain uniqueness)',
  'insert (resources row + its indexes)',
  'audit entry insert',
  'cache generation bump (PostgreSQL only)',
  'configuration revision bump',
  'commit',
  'cache invalidation and change listeners',
  'response (present + JSON)',
] as const

async function main() {
  const onPostgres = process.argv.includes('--postgres')
  const count = argument('--count', 300)
  const total = argument('--fill', 100_000)
  let cluster: Cluster | null = null
  if (onPostgres) cluster = await startCluster()
  const server = await startServer(
    {
      ...optionsFromEnv({}),
      port: 0,
      databaseUrl: cluster?.url ?? 'memory:',
      adminToken: 'bench-admin-token-0123456789abcdef',
      demoPassword: 'bench',
      serveConsole: false,
    },
    PLATFORM_TYPES,
  )
  try {
    const ctx = server.ctx
    if (total > 0) {
      const filled = await fill(ctx, { type: 'fill', total, projects: Math.max(1, Math.round(total / 1000)) })
      console.log(`[costs] filled to ${filled.rows} resources in ${(filled.ms / 1000).toFixed(1)} s`)
    }
    const definition = (type: string): ResourceDefinition => {
      const found = ctx.resources.definition(type)
      if (!found) throw new Error(`no ${type}`)
      return found
    }
    const caller = systemCaller('bench@example.com', 'bench')
    const websites = definition('websites')
    const project = 'costs'
    await ctx.resources.create(definition('projects'), '', { name: project, customer: 'acme-retail' }, caller)
    await ctx.resources.create(
      definition('directors'),
      project,
      { name: 'origin', backends: [{ host: 'origin.example.com', port: 443 }] },
      caller,
    )
    // Half the project's websites exist before the timed ones, as in the middle of a 1,000-website apply.
    for (let n = 1; n <= 500; n += 1) {
      await ctx.resources.create(
        websites,
        project,
        { name: `pre-${n}`, domain_name: `pre-${n}.example.com`, default_director: 'origin' },
        caller,
      )
    }
    const spent = new Map<string, number[]>(STEPS.map((step) => [step, []]))
    const time = async <T>(step: (typeof STEPS)[number], work: () => Promise<T> | T): Promise<T> => {
      const started = performance.now()
      const result = await work()
      spent.get(step)?.push(performance.now() - started)
      return result
    }
    const wholes: number[] = []
    for (let n = 1; n <= count; n += 1) {
      const began = performance.now()
      const name = `timed-${n}`
      const body = { name, domain_name: `${name}.example.com`, default_director: 'origin' }
      const parsed = await time(STEPS[0], () => ctx.resources.parseBody(websites, body, 'create'))
      let transactionEnd = 0
      const transactionStart = performance.now()
      const record = await ctx.db.transaction(async (tx) => {
        const db = tx as unknown as Db
        spent.get(STEPS[1])?.push(performance.now() - transactionStart)
        await time(STEPS[2], () => ctx.resources.checkReferences(db, websites, project, parsed.data))
        await time(STEPS[3], () =>
          websites.hooks?.beforeWrite?.({
            db,
            scope: project,
            name,
            data: parsed.data,
            existing: null,
            principal: caller.principal,
            concurrent: ctx.generations.shared,
          }),
        )
        const inserted = await time(STEPS[4], () =>
          insertResource(db, {
            type: 'websites',
            scope: project,
            name,
            displayName: parsed.displayName,
            data: parsed.data,
            searchText: searchTextOf(websites, name, parsed.displayName, parsed.data),
            actor: caller.principal.email,
          }),
        )
        await time(STEPS[5], () =>
          recordAudit(db, {
            actor: caller.actor,
            action: 'websites.create',
            result: 'success',
            resource: { type: 'websites', name },
            project,
            changes: { before: null, after: inserted },
          }),
        )
        await time(STEPS[6], () => ctx.generations.bump(db, [cacheGroup('websites', project)]))
        await time(STEPS[7], () => bumpRevision(db, project))
        transactionEnd = performance.now()
        return inserted
      })
      spent.get(STEPS[8])?.push(performance.now() - transactionEnd)
      await time(STEPS[9], () => ctx.resources.changed(websites, project))
      await time(STEPS[10], () => JSON.stringify({ data: record && ctx.resources.present(websites, record) }))
      wholes.push(performance.now() - began)
    }
    const analyzeStarted = performance.now()
    await ctx.db.execute(sql`analyze resources`)
    const analyzeMs = performance.now() - analyzeStarted
    // How the domain check finds a website's domains among the project's (it should use the indexes).
    const plan = await ctx.db.execute(
      sql`explain ${domainOwners(['timed-7.example.com', 'www.timed-7.example.com'], { project, website: 'timed-7' })}`,
    )
    const planLines = (plan as unknown as { rows: Record<string, string>[] }).rows.map((row) => row['QUERY PLAN'])
    console.log(`[costs] the domain check's plan:\n  ${planLines.join('\n  ')}`)
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b)
      return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)
    console.log(`[costs] ${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${count} creates one at a time (ms):`)
    console.log('| step | median | mean |')
    console.log('| --- | ---: | ---: |')
    for (const [step, values] of spent) {
      console.log(`| ${step} | ${median(values).toFixed(2)} | ${mean(values).toFixed(2)} |`)
    }
    console.log(`| whole create | ${median(wholes).toFixed(2)} | ${mean(wholes).toFixed(2)} |`)
    console.log(`[costs] analyze resources (run by the server after every 500 changes): ${analyzeMs.toFixed(0)} ms`)
  } finally {
    await server.close()
    cluster?.stop()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('[costs] failed:', error)
    process.exit(1)
  },
)
