import { and, eq, sql } from 'drizzle-orm'
import { badRequest, conflict } from '../../../server/base/errors.ts'
import type { Db } from '../../../server/db/client.ts'
import { resources } from '../../../server/db/schema.ts'
import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { getResource } from '../../../server/resources/store.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { type WebsiteData, WebsiteFields, websiteDomains } from './fields.ts'
import { websitesUi } from './screen.ts'

/** A website that holds a domain, as its domain name or an alias. */
export type DomainClaim = { project: string; website: string }

/**
 * The websites of every project (less `except`) holding one of `among` as domain or alias, in two
 * look-ups, each through its own index however many websites there are: those whose domain is one of
 * these (btree on the domain, migration 0010), and those with one of them among their aliases (GIN over
 * every website's aliases).
 */
export function domainOwners(among: readonly string[], except?: DomainClaim) {
  const list = sql.join(
    among.map((domain) => sql`${domain}`),
    sql`, `,
  )
  const others = except ? sql` and not ("scope" = ${except.project} and "name" = ${except.website})` : sql``
  return sql`
    select "scope", "name", "data"->>'domain_name' as "domain", "data"->'domain_aliases' as "aliases"
      from "resources"
      where "type" = 'websites' and ("data"->>'domain_name') in (${list})${others}
    union all
    select "scope", "name", "data"->>'domain_name' as "domain", "data"->'domain_aliases' as "aliases"
      from "resources"
      where "type" = 'websites' and "data"->'domain_aliases' <> '[]'::jsonb
        and ("data"->'domain_aliases') ?| array[${list}]::text[]${others}`
}

/**
 * Which of `among` a website other than `except` already holds, in any project: a request for a host
 * reaches one website of one project on the edge (server/edge/top.ts routes each host to its project),
 * so no project may claim a host another one serves.
 */
export async function domainClaims(
  db: Db,
  among: readonly string[],
  except?: DomainClaim,
): Promise<Map<string, DomainClaim>> {
  const claims = new Map<string, DomainClaim>()
  if (among.length === 0) return claims
  const found = await db.execute(domainOwners(among, except))
  const rows = (
    found as unknown as { rows: { scope: string; name: string; domain: string; aliases: string[] | null }[] }
  ).rows
  const wanted = new Set(among)
  for (const row of rows)
    for (const domain of [row.domain, ...(row.aliases ?? [])])
      if (wanted.has(domain)) claims.set(domain, { project: row.scope, website: row.name })
  return claims
}

/** Every domain and alias of the project's websites, with the website serving it. */
export async function projectDomains(db: Db, project: string): Promise<Map<string, string>> {
  const rows = await db
    .select({
      name: resources.name,
      domain: sql<string>`${resources.data}->>'domain_name'`,
      aliases: sql<string[]>`${resources.data}->'domain_aliases'`,
    })
    .from(resources)
    .where(and(eq(resources.type, 'websites'), eq(resources.scope, project)))
  const owners = new Map<string, string>()
  for (const row of rows) {
    for (const domain of [row.domain, ...(row.aliases ?? [])]) owners.set(domain, row.name)
  }
  return owners
}

/**
 * Holds, until the transaction ends, a lock on each of `keys` (`domainKey`, `snippetKey`), so two writes
 * that must see each other take turns: claiming the same domain (in one project or two, on two
 * connections, or two processes sharing one PostgreSQL), or a website naming a VCL snippet while the
 * snippet moves to another hook. The second checks only after the first has committed. Taken in one
 * statement and one order (sorted in the subquery), so two writes never wait on each other.
 */
export async function lockKeys(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return
  const list = sql.join(
    [...new Set(keys)].map((key) => sql`${key}`),
    sql`, `,
  )
  await db.execute(
    sql`select count(pg_advisory_xact_lock(key)) from (select hashtextextended(k, 0) as key from unnest(array[${list}]::text[]) as k order by 1) as sorted`,
  )
}
export const domainKey = (domain: string) => `website-domain|${domain}`
export const snippetKey = (project: string, snippet: string) => `vcl-snippet|${project}|${snippet}`
/** The advisory lock of one page rule: a website listing it and the rule moving to another website take turns. */
export const pageRuleKey = (project: string, rule: string) => `page-rule|${project}|${rule}`

/** The project's websites that list page rule `rule` among their `page_rules`. */
export async function pageRuleListers(db: Db, project: string, rule: string): Promise<string[]> {
  const rows = await db
    .select({ name: resources.name })
    .from(resources)
    .where(
      and(
        eq(resources.type, 'websites'),
        eq(resources.scope, project),
        sql`${resources.data}->'page_rules' @> ${JSON.stringify([rule])}::jsonb`,
      ),
    )
    .orderBy(resources.name)
  return rows.map((row) => row.name)
}

/** Why a website cannot hold `domain`: another of the project's websites has it, or another project. */
function claimedMessage(domain: string, claim: DomainClaim, project: string): string {
  // Another tenant's website is not named: that it exists is all this project may learn.
  return claim.project === project
    ? `${domain} is already used by website ${claim.website}`
    : `${domain} is already used by another project`
}

/** The website fields that each run a VCL snippet in one hook (`custom_vcl_recv` in `vcl_recv`). */
const SNIPPET_FIELDS = [
  'custom_vcl_recv',
  'custom_vcl_synth',
  'custom_vcl_backend_fetch',
  'custom_vcl_backend_response',
  'custom_vcl_deliver',
] as const

/** Where the project's websites run the snippet `snippet`: each website, the field and its hook. */
export async function snippetUses(
  db: Db,
  project: string,
  snippet: string,
): Promise<{ website: string; field: string; hook: string }[]> {
  const named = sql.join(
    SNIPPET_FIELDS.map((field) => sql`${resources.data}->'default_rules'->>${field} = ${snippet}`),
    sql` or `,
  )
  const rows = await db
    .select({ name: resources.name, rules: sql<Record<string, unknown>>`${resources.data}->'default_rules'` })
    .from(resources)
    .where(and(eq(resources.type, 'websites'), eq(resources.scope, project), sql`(${named})`))
    .orderBy(resources.name)
  return rows.flatMap((row) =>
    SNIPPET_FIELDS.filter((field) => row.rules?.[field] === snippet).map((field) => ({
      website: row.name,
      field: `default_rules.${field}`,
      hook: field.replace('custom_', ''),
    })),
  )
}

/**
 * What a website names that does not fit it: a page rule written for another website, or a VCL snippet
 * written for another hook than the one it is set in (`custom_vcl_recv` runs in `vcl_recv`).
 */
async function websiteMismatches(db: Db, project: string, website: string, data: WebsiteData) {
  const problems: { field: string; message: string }[] = []
  for (const ruleName of data.page_rules) {
    const rule = await getResource(db, 'pagerules', project, ruleName)
    if (rule && rule.website !== website)
      problems.push({
        field: 'page_rules',
        message: `page rule ${ruleName} belongs to website ${String(rule.website)}`,
      })
  }
  for (const [field, snippetName] of Object.entries(data.default_rules)) {
    if (!field.startsWith('custom_vcl_') || typeof snippetName !== 'string') continue
    const hook = field.replace('custom_', '')
    const snippet = await getResource(db, 'codesnippets', project, snippetName)
    if (snippet && snippet.hook !== hook)
      problems.push({
        field: `default_rules.${field}`,
        message: `VCL snippet ${snippetName} is written for ${String(snippet.hook)}, not ${hook}`,
      })
  }
  return problems
}

export const websites: ResourceDefinition = {
  type: 'websites',
  label: 'website',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: WebsiteFields,
  references: referenceFieldsOf(websitesUi),
  owners: ownerFieldsOf(websitesUi),

  searchable: (data) => websiteDomains(data as { domain_name: string; domain_aliases: string[] }),
  configuration: true,
  hooks: {
    async beforeWrite({ db, scope, name, data, concurrent }) {
      const website = data as WebsiteData
      // Domains are unique across the platform: a request for one host must reach one website.
      const domains = websiteDomains(website)
      const snippets = Object.entries(website.default_rules).flatMap(([field, snippet]) =>
        field.startsWith('custom_vcl_') && typeof snippet === 'string' ? [snippetKey(scope, snippet)] : [],
      )
      const rules = website.page_rules.map((rule) => pageRuleKey(scope, rule))
      if (concurrent !== false) await lockKeys(db, [...domains.map(domainKey), ...snippets, ...rules])
      // The rules and snippets it names exist (checked before this); they must also fit this website.
      const mismatches = await websiteMismatches(db, scope, name, website)
      if (mismatches.length > 0) throw badRequest(mismatches.map((e) => e.message).join('; '), mismatches)
      const taken = await domainClaims(db, domains, { project: scope, website: name })
      const clashes = domains.filter((domain) => taken.has(domain))
      if (clashes.length > 0) {
        const errors = clashes.map((domain) => ({
          field: domain === data.domain_name ? 'domain_name' : 'domain_aliases',
          message: claimedMessage(domain, taken.get(domain) as DomainClaim, scope),
        }))
        throw conflict(errors.map((e) => e.message).join('; '), undefined, errors)
      }
      return undefined
    },
  },
}

export const server: TypeServer = { definition: websites }
