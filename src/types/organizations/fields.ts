import * as v from 'valibot'

/** What an organization, a customer or a project says about itself. */
export const Description = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(2000, 'at most 2000 characters'), v.description('Free text about it')),
  '',
)

export const OrganizationFields = v.object({ description: Description })
