import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const pageRulesType: TypeEntry = configuration(
  'pagerules',
  'page-rules',
  'Page Rules',
  'page rule',
  'page_rule_name',
  {
    section: 'configuration',
  },
)
