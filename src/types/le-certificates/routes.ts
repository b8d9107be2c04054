import * as v from 'valibot'
import { writerOf } from '../../../server/http/resource-router.ts'
import type { TypeRoutes } from '../../../server/http/type-routes.ts'
import { responseSchemas } from '../../../server/resources/definition.ts'
import { parseIfMatch } from '../../../server/resources/service.ts'
import { nameParam, ProjectParam } from '../../domain/requests.ts'
import type { LeCertificateData } from './fields.ts'
import { placeOrder } from './server.ts'

/** A certificate renewed now, before its time (202: it is renewing, then active again or failed). */
export const routes: TypeRoutes = (router, ctx, definition) => {
  router.route({
    method: 'post',
    path: '/projects/:project/le-cert/:name/renew',
    summary: 'Renew a certificate now (202; it is renewing, then active again or failed)',
    access: { permission: 'wadp.le-cert.update' },
    params: v.object({ project: ProjectParam, name: nameParam('certificate') }),
    // Nothing to send: no body, or an empty object.
    body: v.optional(
      v.custom<Record<string, never>>(
        (value) =>
          typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0,
        'takes no fields: send no body, or {}',
      ),
    ),
    documentedBody: v.optional(v.strictObject({})),
    status: 202,
    response: responseSchemas(definition).one,
    headers: ['ETag'],
    ifMatch: 'optional',
    handler: async ({ c, params, principal }) => {
      const current = await ctx.resources.get(definition, params.project, params.name)
      const header = c.req.header('if-match')
      const precondition = header === undefined ? '*' : parseIfMatch(header)
      const shown = definition.hooks?.present?.(current) ?? current
      const previous =
        typeof shown.not_before === 'string' && typeof shown.not_after === 'string'
          ? { not_before: shown.not_before, not_after: shown.not_after }
          : null
      const cert = current as unknown as LeCertificateData
      const order = await placeOrder(ctx.db, params.project, cert.domains, 'renew', ctx.now(), previous)
      const renewed = await ctx.resources.update(
        definition,
        params.project,
        params.name,
        precondition,
        {},
        // Within the write deadline of its arrival or not at all (503).
        writerOf(c, principal, ctx.config.writeDeadlineMs),
        true,
        { order },
      )
      c.header('ETag', `"${renewed.revision}"`)
      return c.json({ data: renewed }, 202)
    },
  })
}
