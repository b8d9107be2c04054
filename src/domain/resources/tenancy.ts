import * as v from 'valibot'
import { Slug } from '../common.ts'

const Description = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'at most 2000 characters')), '')

export const OrganizationFields = v.object({ description: Description })
export const CustomerFields = v.object({ organization: Slug, description: Description })
export const ProjectFields = v.object({ customer: Slug, description: Description })

export type Parent = { name: string; display_name: string | null }
