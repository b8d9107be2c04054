import { createHash } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { and, inArray } from 'drizzle-orm'
import type { Db } from '../../../server/db/client.ts'
import { configRevisions, resources } from '../../../server/db/schema.ts'
import type { EdgeConfiguration, EdgeProject } from '../../domain/edge-node.ts'
import { vclName } from '../../domain/vcl.ts'
import type { BlocklistData } from '../blocklist/fields.ts'
import type { DirectorData } from '../directors/fields.ts'
import { type CompiledProject, compileProject, type Named } from '../edge-program.ts'
import type { WebsiteData } from '../websites/fields.ts'

/** The types a project's VCL is compiled from, by their stored names. */
const PROJECT_TYPES = ['websites', 'directors', 'pagerules', 'synthetics', 'codesnippets', 'iplists', 'ratelimits']
const BLOCKLIST = 'access-list'

type Revisions = { platform: number; projects: Map<string, number> }

/**
 * The ETag of every node's configuration: the revision of the platform and of each project. Any
 * accepted change moves one of them, so an unchanged tag means an unchanged configuration, found with
 * one small read (agents ask every half second).
 */
export async function configurationTag(
  db: Db,
  projects: readonly string[],
  /** The invalidations the node has still to carry out: a new one answers a held request too. */
  pending: readonly string[] = [],
): Promise<{ etag: string; revisions: Revisions }> {
  const rows = await db
    .select({ scope: configRevisions.scope, revision: configRevisions.revision })
    .from(configRevisions)
  const byScope = new Map(rows.map((row) => [row.scope, row.revision]))
  const revisions: Revisions = {
    platform: byScope.get('') ?? 0,
    projects: new Map(projects.map((project) => [project, byScope.get(project) ?? 0])),
  }
  const text = [
    `platform ${revisions.platform}`,
    ...[...revisions.projects].map(([p, r]) => `${p} ${r}`),
    ...pending.map((name) => `invalidate ${name}`),
  ].join('\n')
  return { etag: `"edge-${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`, revisions }
}

/** The hosts a project serves: its websites' domain names and aliases, lowercased. */
function hostsOf(websites: Named<WebsiteData>[]): string[] {
  const hosts = websites.flatMap(({ data }) => [data.domain_name, ...data.domain_aliases])
  return [...new Set(hosts.map((host) => host.toLowerCase()))].sort()
}

/**
 * Where a node connects for a backend host that does not resolve: an address no connection can be made
 * to, so the node answers 503 at once for that backend instead of refusing the whole project (Varnish
 * resolves backend names when it compiles, and one name that does not resolve would fail the load).
 */
export const UNRESOLVED = '0.0.0.1'
const RESOLVE_TTL_MS = 60_000
const resolved = new Map<string, { address: string | null; at: number }>()

/** The address of each backend host (looked up here, kept a minute), or null when it does not resolve. */
async function resolveHosts(hosts: Iterable<string>, now: number): Promise<Map<string, string | null>> {
  const result = new Map<string, string | null>()
  await Promise.all(
    [...new Set(hosts)].map(async (host) => {
      if (isIP(host)) return result.set(host, host)
      const known = resolved.get(host)
      if (known && now - known.at < RESOLVE_TTL_MS) return result.set(host, known.address)
      const address = await lookup(host, { family: 4 }).then(
        (answer) => answer.address,
        () => null,
      )
      resolved.set(host, { address, at: now })
      return result.set(host, address)
    }),
  )
  return result
}

/** Compiled projects by their revisions (and the platform's): a change recompiles only its project. */
const compiled = new WeakMap<Db, Map<string, { key: string; result: CompiledProject }>>()

/**
 * Every project's VCL for a node. Backend names are resolved here (the platform and its nodes share
 * DNS), each kept as its backend's Host header; a name that does not resolve is said in `not_enforced`.
 */
export async function edgeConfiguration(
  db: Db,
  node: string,
  projects: readonly string[],
  revisions: Revisions,
  now: number,
): Promise<EdgeConfiguration> {
  if (projects.length === 0) return { node, platform_revision: revisions.platform, projects: [] }
  const rows = await db
    .select({ type: resources.type, scope: resources.scope, name: resources.name, data: resources.data })
    .from(resources)
    .where(and(inArray(resources.type, PROJECT_TYPES), inArray(resources.scope, [...projects])))
    .orderBy(resources.type, resources.scope, resources.name)
  const blocklistRows = await db
    .select({ name: resources.name, data: resources.data })
    .from(resources)
    .where(inArray(resources.type, [BLOCKLIST]))
    .orderBy(resources.name)
  const blocklist = blocklistRows as unknown as Named<BlocklistData>[]
  const directorRows = rows.filter((row) => row.type === 'directors') as unknown as Named<DirectorData>[]
  const addresses = await resolveHosts(
    directorRows.flatMap(({ data }) => data.backends.map((backend) => backend.host)),
    now,
  )
  const cache = compiled.get(db) ?? new Map()
  compiled.set(db, cache)
  const result: EdgeProject[] = []
  for (const project of projects) {
    const revision = revisions.projects.get(project) ?? 0
    const own = rows.filter((row) => row.scope === project)
    // biome-ignore lint/suspicious/noExplicitAny: stored data was validated by each type's schema on its way in.
    const of = (type: string) => own.filter((row) => row.type === type) as any[]
    const websites = of('websites') as Named<WebsiteData>[]
    const directors = of('directors') as Named<DirectorData>[]
    const hosts = [...new Set(directors.flatMap(({ data }) => data.backends.map((backend) => backend.host)))].sort()
    const unresolved = hosts.filter((host) => !addresses.get(host))
    const key = `${revision}|${revisions.platform}|${hosts.map((host) => `${host}=${addresses.get(host)}`).join(',')}`
    let entry = cache.get(project)
    if (entry?.key !== key) {
      const applies = blocklist.filter(({ data }) => data.scope === 'platform' || data.project === project)
      const program = compileProject(
        {
          project,
          websites,
          directors,
          pageRules: of('pagerules'),
          synthetics: of('synthetics'),
          snippets: of('codesnippets'),
          ipLists: of('iplists'),
          rateLimits: of('ratelimits'),
          blocklist: applies,
          now,
        },
        (host) => addresses.get(host) ?? UNRESOLVED,
      )
      for (const { name, data } of directors) {
        for (const host of new Set(data.backends.map((backend) => backend.host))) {
          if (unresolved.includes(host)) {
            program.notEnforced.push({
              type: 'directors',
              name,
              what: `backend ${host}: the name does not resolve, so the node answers 503 for it`,
            })
          }
        }
      }
      entry = { key, result: program }
      cache.set(project, entry)
    }
    result.push({
      project,
      revision,
      label: vclName('project', project),
      hosts: hostsOf(websites),
      websites: websites.map((website) => ({ name: website.name, hosts: hostsOf([website]) })),
      vcl: entry.result.program.text,
      not_enforced: entry.result.notEnforced,
    })
  }
  return { node, platform_revision: revisions.platform, projects: result }
}
