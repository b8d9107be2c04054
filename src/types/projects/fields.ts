import * as v from 'valibot'
import { Slug } from '../../domain/common.ts'
import { Description } from '../organizations/fields.ts'

export const ProjectFields = v.object({
  customer: v.pipe(Slug, v.description('The customer the project belongs to')),
  description: Description,
})
