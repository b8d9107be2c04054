import * as v from 'valibot'
import { Slug } from '../../domain/common.ts'
import { Description } from '../organizations/fields.ts'

export const CustomerFields = v.object({
  organization: v.pipe(Slug, v.description('The organization the customer belongs to')),
  description: Description,
})
