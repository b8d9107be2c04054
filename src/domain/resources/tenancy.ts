import * as v from 'valibot'
import { Slug } from '../common.ts'

const Description = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(2000, 'at most 2000 characters'), v.description('Free text about it')),
  '',
)

export const OrganizationFields = v.object({ description: Description })
export const CustomerFields = v.object({
  organization: v.pipe(Slug, v.description('The organization the customer belongs to')),
  description: Description,
})
export const ProjectFields = v.object({
  customer: v.pipe(Slug, v.description('The customer the project belongs to')),
  description: Description,
})

export type Parent = { name: string; display_name: string | null }
