import { and, eq, ne, sql } from 'drizzle-orm'
import { conflict } from '../../../server/base/errors.ts'
import type { Db } from '../../../server/db/client.ts'
import { resources } from '../../../server/db/schema.ts'
import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { checkRegexVcl } from '../code-snippets/edge-check.ts'
import { lockKeys, pageRuleKey, pageRuleListers } from '../websites/server.ts'
import { type PageRuleData, PageRuleFields } from './fields.ts'
import { pageRulesUi } from './screen.ts'

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

/** The advisory lock of one priority among a website's page rules (`lockKeys`). */
export const priorityKey = (project: string, website: string, priority: number) =>
  `pagerule-priority|${project}|${website}|${priority}`

export const pageRules: ResourceDefinition = {
  type: 'pagerules',
  label: 'page rule',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: PageRuleFields,
  references: referenceFieldsOf(pageRulesUi),
  owners: ownerFieldsOf(pageRulesUi),
  searchable: (data) => {
    const rule = data as PageRuleData
    return [rule.website, rule.match.path, ...rule.match.hosts]
  },
  configuration: true,
  hooks: {
    // A website's rules run by priority: two at the same priority would have no defined order. Two writes
    // giving the website's rules one priority at the same moment take turns (lockKeys): otherwise each
    // found the priority free on its own connection and both were stored.
    async beforeWrite({ db, scope, name, data, existing, concurrent }) {
      const { website, priority } = data as PageRuleData
      if (concurrent !== false) await lockKeys(db, [priorityKey(scope, website, priority), pageRuleKey(scope, name)])
      // A website runs only its own rules (src/types/websites/server.ts): moved to another website while
      // one lists it, that website could not be saved again.
      if (existing && existing.website !== website) {
        const listers = (await pageRuleListers(db, scope, name)).filter((lister) => lister !== website)
        if (listers.length > 0) {
          const message = `website ${listers.join(', ')} lists it in its page rules: remove it there first`
          throw conflict(`website ${message}`, undefined, [{ field: 'website', message }])
        }
      }
      const { match } = data as PageRuleData
      if (match.match_type === 'regex') await checkRegexVcl('match.path', [match.path])
      const other = await pageRuleWithPriority(db, scope, website, priority, name)
      if (other) {
        const message = `priority ${priority} is already used by page rule ${other} of website ${website}`
        throw conflict(message, undefined, [{ field: 'priority', message }])
      }
      return undefined
    },
  },
}

export const server: TypeServer = { definition: pageRules }
