import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { RateLimitFields } from './fields.ts'
import { rateLimitsUi } from './screen.ts'

export const rateLimits: ResourceDefinition = {
  type: 'ratelimits',
  label: 'rate limit',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: RateLimitFields,
  references: referenceFieldsOf(rateLimitsUi),
  owners: ownerFieldsOf(rateLimitsUi),
  searchable: (data) => [
    ...((data.match as { paths?: string[] } | undefined)?.paths ?? []),
    ...(data.keys as string[]),
  ],
  configuration: true,
}

export const server: TypeServer = { definition: rateLimits }
