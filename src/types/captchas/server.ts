import { badRequest } from '../../../server/base/errors.ts'
import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { type CaptchaData, CaptchaFields, SECRET_REQUIRED, usesProviderKeys } from './fields.ts'
import { captchasUi } from './screen.ts'

export const captchas: ResourceDefinition = {
  type: 'challenges',
  label: 'captcha',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: CaptchaFields,
  references: referenceFieldsOf(captchasUi),
  owners: ownerFieldsOf(captchasUi),
  secretFields: ['secret'],
  readOnlyFields: ['secret_set'],
  searchable: (data) => [String(data.type ?? '')],
  configuration: true,
  hooks: {
    // The schema refuses a provider type sent without a secret (null); one left out is the stored one,
    // which only this hook sees: a create, or an update of a record that holds none, has nothing.
    async beforeWrite({ data }) {
      const captcha = data as CaptchaData
      if (usesProviderKeys(captcha.type) && !captcha.secret) {
        throw badRequest(`secret ${SECRET_REQUIRED}`, [{ field: 'secret', message: SECRET_REQUIRED }])
      }
      return undefined
    },
  },
}

export const server: TypeServer = { definition: captchas }
