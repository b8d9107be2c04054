import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const directorsType: TypeEntry = configuration(
  'directors',
  'directors',
  'Directors',
  'director',
  'director_name',
  {
    section: 'configuration',
  },
)
