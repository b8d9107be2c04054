import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const directorsType: TypeEntry = {
  ...configuration('directors', 'directors', 'Directors', 'director', 'director_name', { section: 'configuration' }),
  // Its detail page adds its backends' health (issue 24).
  ownPages: ['detail'],
}
