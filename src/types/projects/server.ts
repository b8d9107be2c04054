import * as v from 'valibot'
import { reachesProject } from '../../../server/base/principal.ts'
import { forgetStats } from '../../../server/platform/edge-stats.ts'
import { forgetRevision } from '../../../server/platform/revisions.ts'
import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { deleteScope } from '../../../server/resources/store.ts'
import { releaseBlocklistOf, releaseProject } from '../../../server/resources/tenancy-deletion.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { releaseMappingsOf } from '../sso-mappings/server.ts'
import { tokens } from '../tokens/server.ts'
import { ProjectFields } from './fields.ts'
import { projectsUi } from './screen.ts'

export const projects: ResourceDefinition = {
  type: 'projects',
  label: 'project',
  service: 'auth',
  scope: 'platform',
  permissionService: 'auth',
  fields: ProjectFields,
  references: referenceFieldsOf(projectsUi),
  owners: ownerFieldsOf(projectsUi),
  // The admin's Projects list shows and filters by customer, and by organization through the customer.
  listFilters: ['customer'],
  filterThrough: { organization: { reference: 'customer', holds: 'organization' } },
  readOnlyFields: ['organization'],
  derivedFields: {
    organization: v.optional(
      v.pipe(
        v.nullable(v.string()),
        v.description('Lists and GET of one: the organization of its customer (null if the customer has none)'),
      ),
    ),
  },
  configuration: false,
  hooks: {
    // A project's configuration, backups, invalidations, access tokens and edge statistics go with it
    // (the management page says so before asking), and API tokens limited to it let go of it.
    async beforeDelete({ db, name, caller }) {
      await deleteScope(db, name)
      await forgetRevision(db, name)
      await forgetStats(db, name)
      return [
        ...(await releaseProject(db, name, caller, tokens)),
        ...(await releaseMappingsOf(db, 'project', name, caller)),
        ...(await releaseBlocklistOf(db, name, caller)),
      ]
    },
  },
}

export const server: TypeServer = {
  definition: projects,
  // Its members read the project they work in (the console's project picker and Home).
  routes: { alsoReadableBy: (principal, name) => reachesProject(principal, name) },
}
