import { and, eq, ne, sql } from 'drizzle-orm'
import { referenceFieldsOf } from '../../src/domain/resource-ui.ts'
import { type CaptchaData, CaptchaFields, usesProviderKeys } from '../../src/types/captchas/fields.ts'
import { captchasUi } from '../../src/types/captchas/screen.ts'
import { CodeSnippetFields } from '../../src/types/code-snippets/fields.ts'
import { CustomerFields } from '../../src/types/customers/fields.ts'
import { customersUi } from '../../src/types/customers/screen.ts'
import { DirectorFields } from '../../src/types/directors/fields.ts'
import { directorsUi } from '../../src/types/directors/screen.ts'
import { type IpListData, IpListFields } from '../../src/types/ip-lists/fields.ts'
import { OrganizationFields } from '../../src/types/organizations/fields.ts'
import { type PageRuleData, PageRuleFields } from '../../src/types/page-rules/fields.ts'
import { pageRulesUi } from '../../src/types/page-rules/screen.ts'
import { ProjectFields } from '../../src/types/projects/fields.ts'
import { projectsUi } from '../../src/types/projects/screen.ts'
import { RateLimitFields } from '../../src/types/rate-limits/fields.ts'
import { rateLimitsUi } from '../../src/types/rate-limits/screen.ts'
import { SyntheticFields } from '../../src/types/synthetic-responses/fields.ts'
import { TlsPolicyFields } from '../../src/types/tls-policies/fields.ts'
import { WafPolicyFields } from '../../src/types/waf-policies/fields.ts'
import { type WebsiteData, WebsiteFields, websiteDomains } from '../../src/types/websites/fields.ts'
import { websitesUi } from '../../src/types/websites/screen.ts'
import { badRequest, conflict } from '../base/errors.ts'
import type { Db } from '../db/client.ts'
import { resources } from '../db/schema.ts'
import { forgetRevision } from '../platform/revisions.ts'
import type { ResourceDefinition } from './definition.ts'
import { tokens } from './identity.ts'
import { releaseMappingsOf } from './sso-mappings.ts'
import { deleteScope, getResource } from './store.ts'
import { releaseBlocklistOf, releaseProject } from './tenancy-deletion.ts'

export const organizations: ResourceDefinition = {
  type: 'organizations',
  label: 'organization',
  service: 'auth',
  scope: 'platform',
  permissionService: 'auth',
  fields: OrganizationFields,
  configuration: false,
  hooks: {
    beforeDelete: ({ db, name, caller }) => releaseMappingsOf(db, 'organization', name, caller),
  },
}

export const customers: ResourceDefinition = {
  type: 'customers',
  label: 'customer',
  service: 'auth',
  scope: 'platform',
  permissionService: 'auth',
  fields: CustomerFields,
  references: referenceFieldsOf(customersUi),
  // The management page deletes a customer with its projects, after showing what that removes.
  cascadesTo: ['projects'],
  configuration: false,
  hooks: {
    beforeDelete: ({ db, name, caller }) => releaseMappingsOf(db, 'customer', name, caller),
  },
}

export const projects: ResourceDefinition = {
  type: 'projects',
  label: 'project',
  service: 'auth',
  scope: 'platform',
  permissionService: 'auth',
  fields: ProjectFields,
  references: referenceFieldsOf(projectsUi),
  // The admin's Projects list shows and filters by customer, and by organization through the customer.
  listFilters: ['customer'],
  filterThrough: { organization: { reference: 'customer', holds: 'organization' } },
  readOnlyFields: ['organization'],
  configuration: false,
  hooks: {
    // A project's configuration, backups, invalidations and access tokens go with it (the management
    // page says so before asking), and API tokens limited to it let go of it.
    async beforeDelete({ db, name, caller }) {
      await deleteScope(db, name)
      await forgetRevision(db, name)
      return [
        ...(await releaseProject(db, name, caller, tokens)),
        ...(await releaseMappingsOf(db, 'project', name, caller)),
        ...(await releaseBlocklistOf(db, name, caller)),
      ]
    },
  },
}

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

export const directors: ResourceDefinition = {
  type: 'directors',
  label: 'director',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: DirectorFields,
  references: referenceFieldsOf(directorsUi),
  searchable: (data) => ((data.backends as { host: string }[] | undefined) ?? []).map((b) => b.host),
  configuration: true,
}

/** The page rule of `website` in the project that already has `priority`, other than `exceptRule`. */
async function pageRuleWithPriority(db: Db, project: string, website: string, priority: number, exceptRule: string) {
  const rows = await db
    .select({ name: resources.name })
    .from(resources)
    .where(
      and(
        eq(resources.type, 'pagerules'),
        eq(resources.scope, project),
        ne(resources.name, exceptRule),
        sql`${resources.data}->>'website' = ${website}`,
        sql`${resources.data}->'priority' = ${JSON.stringify(priority)}::jsonb`,
      ),
    )
    .limit(1)
  return rows[0]?.name ?? null
}

export const pageRules: ResourceDefinition = {
  type: 'pagerules',
  label: 'page rule',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: PageRuleFields,
  references: referenceFieldsOf(pageRulesUi),
  searchable: (data) => {
    const rule = data as PageRuleData
    return [rule.website, rule.match.path, ...rule.match.hosts]
  },
  configuration: true,
  hooks: {
    // A website's rules run by priority: two at the same priority would have no defined order.
    async beforeWrite({ db, scope, name, data }) {
      const { website, priority } = data as PageRuleData
      const other = await pageRuleWithPriority(db, scope, website, priority, name)
      if (other) {
        const message = `priority ${priority} is already used by page rule ${other} of website ${website}`
        throw conflict(message, undefined, [{ field: 'priority', message }])
      }
      return undefined
    },
  },
}

export const synthetics: ResourceDefinition = {
  type: 'synthetics',
  label: 'synthetic response',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: SyntheticFields,
  searchable: (data) => [String(data.content_type ?? '')],
  configuration: true,
}

export const wafPolicies: ResourceDefinition = {
  type: 'wafconfigs',
  label: 'WAF policy',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: WafPolicyFields,
  searchable: (data) => [String(data.mode ?? ''), String(data.ruleset ?? '')],
  configuration: true,
}

export const tlsPolicies: ResourceDefinition = {
  type: 'sslpolicies',
  label: 'TLS policy',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: TlsPolicyFields,
  searchable: (data) => [String(data.min_version ?? ''), String(data.cipher_profile ?? '')],
  configuration: true,
}

export const ipLists: ResourceDefinition = {
  type: 'iplists',
  label: 'IP list',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: IpListFields,
  readOnlyFields: ['entry_count', 'referenced_by'],
  showReferrers: true,
  searchable: (data) => [String(data.description ?? '')],
  configuration: true,
  hooks: {
    // Kept in the data, so a list page shows the count without reading every entry.
    async beforeWrite({ data }) {
      return { ...data, entry_count: (data as IpListData).entries.length }
    },
  },
}

export const rateLimits: ResourceDefinition = {
  type: 'ratelimits',
  label: 'rate limit',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: RateLimitFields,
  references: referenceFieldsOf(rateLimitsUi),
  searchable: (data) => [
    ...((data.match as { paths?: string[] } | undefined)?.paths ?? []),
    ...(data.keys as string[]),
  ],
  configuration: true,
}

export const captchas: ResourceDefinition = {
  type: 'challenges',
  label: 'captcha',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: CaptchaFields,
  references: referenceFieldsOf(captchasUi),
  secretFields: ['secret'],
  readOnlyFields: ['secret_set'],
  searchable: (data) => [String(data.type ?? '')],
  configuration: true,
  hooks: {
    // The secret is write-only, so whether a provider type has one is known only here, with the stored one.
    async beforeWrite({ data }) {
      const captcha = data as CaptchaData
      if (usesProviderKeys(captcha.type) && !captcha.secret) {
        const message = 'the provider’s secret is required for this type'
        throw badRequest(`secret ${message}`, [{ field: 'secret', message }])
      }
      return undefined
    },
  },
}

export const codeSnippets: ResourceDefinition = {
  type: 'codesnippets',
  label: 'VCL snippet',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: CodeSnippetFields,
  searchable: (data) => [String(data.hook ?? ''), String(data.comment ?? '')],
  configuration: true,
}
