import { and, eq, sql } from 'drizzle-orm'
import { recordAudit } from '../../../server/audit.ts'
import { badRequest } from '../../../server/base/errors.ts'
import type { ScopedGrant } from '../../../server/base/principal.ts'
import type { Db } from '../../../server/db/client.ts'
import { resources } from '../../../server/db/schema.ts'
import type { Caller, ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { lockResource, toRecord } from '../../../server/resources/store.ts'
import { grantRefusal, permissionsOfRoles } from '../roles.ts'
import { inGroup, SCOPE_TYPES, type SsoMappingData, SsoMappingFields, type SsoScope } from './fields.ts'

export const SSO_MAPPINGS = 'sso-groups-roles'

export const ssoMappings: ResourceDefinition = {
  type: SSO_MAPPINGS,
  label: 'SSO group/role mapping',
  service: 'auth',
  scope: 'platform',
  permissionService: 'auth',
  fields: SsoMappingFields,
  listFilters: ['role', 'scope', 'scope_name'],
  searchable: (data) => [String(data.group ?? ''), String(data.role ?? ''), String(data.scope_name ?? '')],
  configuration: false,
  hooks: {
    // The scope's name depends on the scope, so it is checked here rather than as a fixed reference,
    // and held as one is (`checkReferences`): a delete of it at the same moment takes this mapping along
    // (`releaseMappingsOf`) or makes this write find it gone.
    // A mapping hands its role to everyone in its group: only a caller holding the role's permissions may
    // write one (as a token's creator must hold what it hands out), or `auth.sso-groups-roles.create`
    // alone would make any group admin.
    async beforeWrite({ db, data, principal }) {
      const { scope, scope_name, role } = data as SsoMappingData
      const refusal = grantRefusal(principal.permissions, [role])
      if (refusal) throw badRequest(`role ${refusal}`, [{ field: 'role', message: refusal }])
      if (scope === 'platform' || scope_name === null) return undefined
      if (!(await lockResource(db, SCOPE_TYPES[scope], '', scope_name, 'key share'))) {
        const message = `${scope} ${scope_name} does not exist`
        throw badRequest(message, [{ field: 'scope_name', message }])
      }
      return undefined
    },
  },
}

async function allMappings(db: Db): Promise<SsoMappingData[]> {
  const rows = await db
    .select({ data: resources.data })
    .from(resources)
    .where(and(eq(resources.type, SSO_MAPPINGS), eq(resources.scope, '')))
  return rows.map((row) => row.data as SsoMappingData)
}

/** The projects of an organization, a customer or a project (itself), as stored now. */
async function projectsIn(db: Db, scope: Exclude<SsoScope, 'platform'>, name: string): Promise<string[]> {
  const projectsOf = (condition: ReturnType<typeof sql>) =>
    db
      .select({ name: resources.name })
      .from(resources)
      .where(and(eq(resources.type, 'projects'), eq(resources.scope, ''), condition))
      .then((rows) => rows.map((row) => row.name))
  if (scope === 'project') return projectsOf(sql`${resources.name} = ${name}`)
  if (scope === 'customer') return projectsOf(sql`${resources.data}->>'customer' = ${name}`)
  return projectsOf(
    sql`${resources.data}->>'customer' in (select c.name from resources c where c.type = 'customers' and c.scope = '' and c.data->>'organization' = ${name})`,
  )
}

/**
 * The roles a signed-in user's groups (the `groups` claim of their OIDC access token) earn through the
 * mappings: platform-wide roles, and roles granted in the projects of a mapping's organization,
 * customer or project. Groups match case-insensitively.
 */
export async function rolesOfGroups(
  db: Db,
  groups: readonly string[],
): Promise<{ roles: string[]; scoped: ScopedGrant[] }> {
  if (groups.length === 0) return { roles: [], scoped: [] }
  const matching = (await allMappings(db)).filter((mapping) => inGroup(groups, mapping.group))
  const roles = new Set<string>()
  const scoped = new Map<string, Set<string>>()
  for (const mapping of matching) {
    if (mapping.scope === 'platform' || mapping.scope_name === null) {
      roles.add(mapping.role)
      continue
    }
    const projects = scoped.get(mapping.role) ?? new Set<string>()
    for (const project of await projectsIn(db, mapping.scope, mapping.scope_name)) projects.add(project)
    scoped.set(mapping.role, projects)
  }
  return {
    roles: [...roles],
    scoped: [...scoped]
      .filter(([role, projects]) => projects.size > 0 && !roles.has(role))
      .map(([role, projects]) => ({ role, permissions: permissionsOfRoles([role]), projects: [...projects].sort() })),
  }
}

/** The users whose recorded groups include the mapping's group (what the mappings page shows). */
export async function usersMatching(db: Db, group: string): Promise<string[]> {
  const rows = await db
    .select({ name: resources.name })
    .from(resources)
    .where(
      and(
        eq(resources.type, 'users'),
        eq(resources.scope, ''),
        sql`exists (select 1 from jsonb_array_elements_text(coalesce(${resources.data}->'groups', '[]'::jsonb)) as member where lower(member) = lower(${group}))`,
      ),
    )
    .orderBy(resources.name)
  return rows.map((row) => row.name)
}

/**
 * A deleted organization, customer or project takes the mappings scoped to it along (audited as
 * `sso-groups-roles.delete`): left behind, one would grant its role to a later namesake. Returns the
 * types changed, for their caches.
 */
export async function releaseMappingsOf(
  db: Db,
  scope: Exclude<SsoScope, 'platform'>,
  name: string,
  caller: Caller,
): Promise<string[]> {
  const rows = await db
    .delete(resources)
    .where(
      and(
        eq(resources.type, SSO_MAPPINGS),
        eq(resources.scope, ''),
        sql`${resources.data}->>'scope' = ${scope}`,
        sql`${resources.data}->>'scope_name' = ${name}`,
      ),
    )
    .returning()
  for (const row of rows) {
    await recordAudit(db, {
      actor: caller.actor,
      action: `${SSO_MAPPINGS}.delete`,
      result: 'success',
      resource: { type: SSO_MAPPINGS, name: row.name },
      project: scope === 'project' ? name : null,
      changes: { before: toRecord(row), after: null },
    })
  }
  return rows.length > 0 ? [SSO_MAPPINGS] : []
}

export const server: TypeServer = { definition: ssoMappings }
