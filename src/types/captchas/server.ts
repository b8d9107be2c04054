import { badRequest } from '../../../server/base/errors.ts'
import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { type CaptchaData, CaptchaFields, usesProviderKeys } from './fields.ts'
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
    // The secret is write-only, so whether a provider type has one is known only here, with the stored one.
    async beforeWrite({ data }) {
      const captcha = data as CaptchaData
      if (usesProviderKeys(captcha.type) && !captcha.secret) {
        const message = 'the provider’s secret is required for this type'
        throw badRequest(`secret ${message}`, [{ field: 'secret', message }])
      }
      return undefined
    },
  },
}

export const server: TypeServer = { definition: captchas }
