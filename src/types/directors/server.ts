import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { DirectorFields } from './fields.ts'
import { directorsUi } from './screen.ts'

export const directors: ResourceDefinition = {
  type: 'directors',
  label: 'director',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: DirectorFields,
  references: referenceFieldsOf(directorsUi),
  owners: ownerFieldsOf(directorsUi),
  searchable: (data) => ((data.backends as { host: string }[] | undefined) ?? []).map((b) => b.host),
  configuration: true,
}

export const server: TypeServer = { definition: directors }
