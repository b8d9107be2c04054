import { and, eq, ne, sql } from 'drizzle-orm'
import { badRequest, conflict } from '../../../server/base/errors.ts'
import type { Db } from '../../../server/db/client.ts'
import { resources } from '../../../server/db/schema.ts'
import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { getResource } from '../../../server/resources/store.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { type WebsiteData, WebsiteFields, websiteDomains } from './fields.ts'
import { websitesUi } from './screen.ts'

/**
 * Every domain and alias of the project's websites except `exceptWebsite`, with the website serving it;
 * `among` narrows the search to those domains, found through the indexes of migration 0005 (a write
 * checks its own few domains instead of reading every website of the project).
 */
/**
 * The websites of `project` (other than `exceptWebsite`) holding one of `among` as domain or alias, in
 * two look-ups, each through its own index however many websites the project has: those whose domain
 * is one of these (btree on scope and domain), and those with one of them among their aliases (GIN over
 * every website's aliases, narrowed to the project after: the OFFSET 0 keeps the planner from trading
 * the GIN index for a scan of the project's websites).
 */
export function domainOwners(project: string, among: readonly string[], exceptWebsite?: string) {
  const list = sql.join(
    among.map((domain) => sql`${domain}`),
    sql`, `,
  )
  const except = exceptWebsite ? sql` and "name" <> ${exceptWebsite}` : sql``
  return sql`
    select "name", "data"->>'domain_name' as "domain", "data"->'domain_aliases' as "aliases"
      from "resources"
      where "type" = 'websites' and "scope" = ${project}${except} and ("data"->>'domain_name') in (${list})
    union all
    select "name", "domain", "aliases" from (
      select "name", "scope", "data"->>'domain_name' as "domain", "data"->'domain_aliases' as "aliases"
        from "resources"
        where "type" = 'websites' and "data"->'domain_aliases' <> '[]'::jsonb
          and ("data"->'domain_aliases') ?| array[${list}]::text[]
        offset 0
    ) as "aliased"
      where "scope" = ${project}${except}`
}

export async function projectDomains(
  db: Db,
  project: string,
  exceptWebsite?: string,
  among?: readonly string[],
): Promise<Map<string, string>> {
  let rows: { name: string; domain: string; aliases: string[] | null }[]
  if (among === undefined) {
    const conditions = [eq(resources.type, 'websites'), eq(resources.scope, project)]
    if (exceptWebsite) conditions.push(ne(resources.name, exceptWebsite))
    rows = await db
      .select({
        name: resources.name,
        domain: sql<string>`${resources.data}->>'domain_name'`,
        aliases: sql<string[]>`${resources.data}->'domain_aliases'`,
      })
      .from(resources)
      .where(and(...conditions))
  } else {
    if (among.length === 0) return new Map()
    const found = await db.execute(domainOwners(project, among, exceptWebsite))
    rows = (found as unknown as { rows: typeof rows }).rows
  }
  const owners = new Map<string, string>()
  for (const row of rows) {
    for (const domain of [row.domain, ...(row.aliases ?? [])]) owners.set(domain, row.name)
  }
  return owners
}

/**
 * Holds, until the transaction ends, a lock on each of the project's `domains`, so two writes claiming
 * the same domain at once (on two connections, or two processes sharing one PostgreSQL) take turns:
 * the second checks only after the first has committed, and sees its website. Writes of other domains
 * do not wait. Taken in one order (sorted in the subquery) so two writes never wait on each other.
 */
export async function lockDomains(db: Db, project: string, domains: readonly string[]): Promise<void> {
  if (domains.length === 0) return
  const keys = [...new Set(domains)].map((domain) => `website-domain|${project}|${domain}`)
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )
  await db.execute(
    sql`select count(pg_advisory_xact_lock(key)) from (select hashtextextended(k, 0) as key from unnest(array[${list}]::text[]) as k order by 1) as sorted`,
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
      // The rules and snippets it names exist (checked before this); they must also fit this website.
      const mismatches = await websiteMismatches(db, scope, name, data as WebsiteData)
      if (mismatches.length > 0) throw badRequest(mismatches.map((e) => e.message).join('; '), mismatches)
      // Domains are unique across the project: a request for one host must reach one website.
      const domains = websiteDomains(data as { domain_name: string; domain_aliases: string[] })
      if (concurrent !== false) await lockDomains(db, scope, domains)
      const taken = await projectDomains(db, scope, name, domains)
      const clashes = domains.filter((domain) => taken.has(domain))
      if (clashes.length > 0) {
        const errors = clashes.map((domain) => ({
          field: domain === data.domain_name ? 'domain_name' : 'domain_aliases',
          message: `${domain} is already used by website ${taken.get(domain)}`,
        }))
        throw conflict(errors.map((e) => e.message).join('; '), undefined, errors)
      }
      return undefined
    },
  },
}

export const server: TypeServer = { definition: websites }
