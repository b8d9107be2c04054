import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { checkRegexVcl } from '../code-snippets/edge-check.ts'
import { type RateLimitData, RateLimitFields } from './fields.ts'
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
  hooks: {
    async beforeWrite({ data }) {
      const { match } = data as RateLimitData
      if (match.match_type === 'regex') await checkRegexVcl('match.paths', match.paths)
      return undefined
    },
  },
}

export const server: TypeServer = { definition: rateLimits }
