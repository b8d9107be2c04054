import * as v from 'valibot'
import { nameParam, ProjectParam } from '../../src/domain/requests.ts'
import {
  CERTIFICATE_CHANGEABLE,
  type CertificateOrder,
  certificateState,
  type LeCertificateData,
  LeCertificateFields,
  unservedDomains,
} from '../../src/types/le-certificates/fields.ts'
import { badRequest } from '../base/errors.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { callerOf, registerResource } from '../http/resource-router.ts'
import { ServiceRouter } from '../http/service.ts'
import type { ResourceDefinition, ResourceRecord } from '../resources/definition.ts'
import { parseIfMatch } from '../resources/service.ts'
import { projectDomains } from '../resources/types.ts'
import { registerUtils } from './utils.ts'

/** The fields the server keeps beside what was asked: the order, and the state presented from it. */
const MAINTAINED = ['order', 'status', 'not_before', 'not_after', 'issuer', 'serial', 'last_error', 'next_renewal_at']

/** A new order for a certificate's domains, failing now when a domain is served by none of the project's websites. */
async function placeOrder(
  db: Db,
  project: string,
  domains: readonly string[],
  kind: CertificateOrder['kind'],
  now: number,
  previous: CertificateOrder['previous'],
): Promise<CertificateOrder> {
  const served = [...(await projectDomains(db, project)).keys()]
  const unserved = unservedDomains(domains, served)
  const error =
    unserved.length === 0
      ? null
      : `${unserved.join(', ')} ${unserved.length === 1 ? 'is' : 'are'} served by no website of this project, so the ${unserved.length === 1 ? 'domain' : 'domains'} could not be validated`
  return { started_at: new Date(now).toISOString(), kind, error, previous }
}

/** LE certificates (RESOURCES.md, Crypto; API.md, LE certificates), presented at the server's clock. */
export function leCertificates(ctx: ServerContext): ResourceDefinition {
  return {
    type: 'le-cert',
    label: 'LE certificate',
    service: 'acme',
    scope: 'project',
    permissionService: 'wadp',
    fields: LeCertificateFields,
    readOnlyFields: MAINTAINED,
    searchable: (data) => (data.domains as string[] | undefined) ?? [],
    configuration: true,
    // A certificate is issued by the CA, not configured: a restored order would claim a certificate the
    // edge does not hold. Restores leave certificates as they are; they renew on their own.
    backedUp: false,
    hooks: {
      async beforeWrite({ db, scope, data, existing }) {
        const cert = data as LeCertificateData
        if (!existing) {
          return { ...cert, order: await placeOrder(db, scope, cert.domains, 'issue', ctx.now(), null) }
        }
        // Only the renewal settings change; another domain or key is another certificate.
        const fixed = Object.keys(cert).filter(
          (field) =>
            !(CERTIFICATE_CHANGEABLE as readonly string[]).includes(field) &&
            JSON.stringify(cert[field as keyof LeCertificateData]) !== JSON.stringify(existing[field]),
        )
        if (fixed.length > 0) {
          const errors = fixed.map((field) => ({
            field,
            message: 'cannot be changed; create a new certificate (only auto_renew and renew_before_days can)',
          }))
          throw badRequest(`${fixed.join(', ')} cannot be changed`, errors)
        }
        return undefined
      },
      // Time moves the certificate on: its state is computed at every read, never cached.
      present(record) {
        const { order, ...rest } = record as ResourceRecord & { order?: CertificateOrder }
        if (!order) return rest as ResourceRecord
        const state = certificateState(
          record.name,
          record as unknown as LeCertificateData,
          order,
          ctx.now(),
          ctx.config.acmeStepMs,
        )
        return { ...rest, ...state } as ResourceRecord
      },
    },
  }
}

/** The acme service: LE certificates, created, read, renewed and deleted; changed only by PATCH. */
export function acmeService(ctx: ServerContext): ServiceRouter {
  const router = new ServiceRouter('acme', ctx)
  registerUtils(router)
  const definition = leCertificates(ctx)
  registerResource(router, ctx.resources, definition, { updates: ['patch'] })

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
        callerOf(c, principal),
        true,
        { order },
      )
      c.header('ETag', `"${renewed.revision}"`)
      return c.json({ data: renewed }, 202)
    },
  })
  return router
}
