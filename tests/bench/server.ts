/**
 * The platform API for `npm run bench`, in its own process so the load generator does not share its
 * event loop. Prints `{"url":…,"rows":…}` on stdout once listening, tops the database up to a number
 * of resources when the parent asks over IPC (bulk rows straight through drizzle), stops on SIGINT.
 */
import { count } from 'drizzle-orm'
import { resources } from '../../server/db/schema.ts'
import type { Principal } from '../../server/http/principal.ts'
import { optionsFromEnv, startServer } from '../../server/main.ts'
import type { ResourceDefinition } from '../../server/resources/definition.ts'
import type { Caller } from '../../server/resources/service.ts'
import { searchTextOf } from '../../server/resources/store.ts'
import {
  type FillReply,
  type FillRequest,
  isFillRequest,
  type ReadyLine,
  TENANT_PREFIX,
  WEBSITE_PREFIXES,
} from './protocol.ts'

const BATCH = 1000
const BULK_ACTOR = 'bench@example.com'

const adminToken = process.env.BENCH_ADMIN_TOKEN
if (!adminToken) throw new Error('BENCH_ADMIN_TOKEN is required')

const server = await startServer({
  ...optionsFromEnv({}),
  port: 0,
  databaseUrl: 'memory:',
  adminToken,
  demoPassword: 'bench',
  serveConsole: false,
})
const { ctx } = server

const SYSTEM: Caller = {
  principal: {
    authType: 'token',
    email: BULK_ACTOR,
    firstName: 'Bench',
    lastName: '',
    roles: ['admin'],
    permissions: ['wadp.*.*'],
    projects: null,
    expiresAt: new Date(8.64e15),
  } satisfies Principal,
  actor: { type: 'system', email: null, token_prefix: null, ip: 'local', user_agent: 'bench' },
}

function definition(type: string): ResourceDefinition {
  const found = ctx.resources.definition(type)
  if (!found) throw new Error(`resource type ${type} is not registered`)
  return found
}

async function rowCount(): Promise<number> {
  const rows = await ctx.db.select({ total: count() }).from(resources)
  return rows[0]?.total ?? 0
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/**
 * Adds `projects` projects (each with a director, through the resource service like the API does)
 * and as many websites as it takes to reach `total` resources, inserted in bulk: real rows, with
 * the data the website schema produces and the search text the service would store.
 */
async function fill(request: FillRequest): Promise<FillReply> {
  const started = performance.now()
  const projectDef = definition('projects')
  const directorDef = definition('directors')
  const websiteDef = definition('websites')
  const before = await rowCount()
  const websiteTotal = request.total - before - 2 * request.projects
  if (websiteTotal < request.projects) {
    throw new Error(`already ${before} resources: cannot reach ${request.total} with ${request.projects} projects`)
  }
  const customers = ['acme-media', 'globex-labs', 'acme-retail']
  const projectNames: string[] = []
  for (let p = 0; p < request.projects; p += 1) {
    const name = `${TENANT_PREFIX}${pad(p, 3)}`
    projectNames.push(name)
    await ctx.resources.create(
      projectDef,
      '',
      { name, display_name: `Tenant ${p}`, customer: customers[p % customers.length] },
      SYSTEM,
    )
    await ctx.resources.create(
      directorDef,
      name,
      { name: 'origin', backends: [{ host: `origin.${name}.example.net`, port: 443 }] },
      SYSTEM,
    )
  }

  type NewRow = typeof resources.$inferInsert
  function* websiteRows(): Generator<NewRow> {
    const perProject = Math.floor(websiteTotal / projectNames.length)
    const extra = websiteTotal % projectNames.length
    for (const [p, project] of projectNames.entries()) {
      const sites = perProject + (p < extra ? 1 : 0)
      for (let i = 0; i < sites; i += 1) {
        const prefix = WEBSITE_PREFIXES[(i + p) % WEBSITE_PREFIXES.length] ?? 'site'
        const name = `${prefix}-${pad(i + 1, 4)}`
        const body = {
          name,
          domain_name: `${name}.${project}.example.net`,
          domain_aliases: i % 4 === 0 ? [`www.${name}.${project}.example.net`] : [],
          default_director: 'origin',
        }
        const parsed = ctx.resources.parseBody(websiteDef, body, 'create')
        yield {
          type: 'websites',
          scope: project,
          name,
          displayName: parsed.displayName,
          data: parsed.data,
          searchText: searchTextOf(websiteDef, name, parsed.displayName, parsed.data),
          createdBy: BULK_ACTOR,
          updatedBy: BULK_ACTOR,
        }
      }
    }
  }

  await ctx.db.transaction(async (tx) => {
    let batch: NewRow[] = []
    for (const row of websiteRows()) {
      batch.push(row)
      if (batch.length === BATCH) {
        await tx.insert(resources).values(batch)
        batch = []
      }
    }
    if (batch.length > 0) await tx.insert(resources).values(batch)
  })
  return {
    type: 'filled',
    rows: await rowCount(),
    projects: request.projects,
    directors: request.projects,
    websites: websiteTotal,
    ms: Math.round(performance.now() - started),
  }
}

process.on('message', (message: unknown) => {
  if (!isFillRequest(message)) return
  fill(message)
    .catch(
      (error: unknown): FillReply => ({
        type: 'fill-failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
    )
    .then((reply) => process.send?.(reply))
})

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await server.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
process.on('disconnect', () => void stop())

const ready: ReadyLine = { url: server.url, rows: await rowCount() }
process.stdout.write(`${JSON.stringify(ready)}\n`)
