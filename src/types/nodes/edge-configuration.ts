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
import type { IpListData } from '../ip-lists/fields.ts'
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

/**
 * A configuration's ETag as sent to a node: the revisions' tag, and when the compiled VCL leaves out an
 * entry by its expiry, the first instant an entry still in it expires (base 36 ms), after which the same
 * revisions compile to another VCL. In the tag itself, so that any API process reads it from the node's
 * If-None-Match without keeping anything.
 */
export function sentTag(etag: string, validUntil: number | null): string {
  return validUntil === null ? etag : `${etag.slice(0, -1)}.${validUntil.toString(36)}"`
}

/** Whether a node's If-None-Match still names the configuration it would be sent now. */
export function stillCurrent(known: string | undefined, etag: string, now: number): boolean {
  if (known === etag) return true
  const dated = known?.match(/^(".*)\.([0-9a-z]+)"$/)
  return dated !== null && dated !== undefined && `${dated[1]}"` === etag && now < Number.parseInt(dated[2] ?? '', 36)
}

/** The first expiry after `now` among entries that have one (IP list entries, blocklist entries), or null. */
function nextExpiry(expiries: readonly (string | null | undefined)[], now: number): number | null {
  let first: number | null = null
  for (const expiry of expiries) {
    const at = typeof expiry === 'string' ? Date.parse(expiry) : Number.NaN
    if (at > now && (first === null || at < first)) first = at
  }
  return first
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

/**
 * Compiled projects by their revisions (and the platform's), until an entry they hold expires: a change
 * recompiles only its project.
 */
const compiled = new WeakMap<Db, Map<string, { key: string; validUntil: number | null; result: CompiledProject }>>()

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
): Promise<{ configuration: EdgeConfiguration; validUntil: number | null }> {
  if (projects.length === 0)
    return { configuration: { node, platform_revision: revisions.platform, projects: [] }, validUntil: null }
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
  let validUntil: number | null = null
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
    if (entry?.key !== key || (entry.validUntil !== null && now >= entry.validUntil)) {
      const applies = blocklist.filter(({ data }) => data.scope === 'platform' || data.project === project)
      const ipLists = of('iplists') as Named<IpListData>[]
      const program = compileProject(
        {
          project,
          websites,
          directors,
          pageRules: of('pagerules'),
          synthetics: of('synthetics'),
          snippets: of('codesnippets'),
          ipLists,
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
      const expiries = [
        ...ipLists.flatMap(({ data }) => data.entries.map((ipEntry) => ipEntry.expires_at)),
        ...applies.map(({ data }) => data.expires_at),
      ]
      entry = { key, validUntil: nextExpiry(expiries, now), result: program }
      cache.set(project, entry)
    }
    if (entry.validUntil !== null) validUntil = Math.min(validUntil ?? entry.validUntil, entry.validUntil)
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
  return { configuration: { node, platform_revision: revisions.platform, projects: result }, validUntil }
}
