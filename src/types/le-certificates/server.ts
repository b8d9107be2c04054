import * as v from 'valibot'
import { badRequest } from '../../../server/base/errors.ts'
import type { Db } from '../../../server/db/client.ts'
import type { ResourceDefinition, ResourceRecord, TypeServer } from '../../../server/resources/definition.ts'
import { Timestamp } from '../../domain/common.ts'
import { projectDomains } from '../websites/server.ts'
import {
  CERTIFICATE_CHANGEABLE,
  CERTIFICATE_STATUSES,
  type CertificateOrder,
  certificateState,
  type LeCertificateData,
  LeCertificateFields,
  unservedDomains,
} from './fields.ts'

/** The fields the server keeps beside what was asked: the order, and the state presented from it. */
const MAINTAINED = ['order', 'status', 'not_before', 'not_after', 'issuer', 'serial', 'last_error', 'next_renewal_at']

/** A new order for a certificate's domains, failing now when a domain is served by none of the project's websites. */
export async function placeOrder(
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
/** What the certificates' presentation needs of the server: its clock and the simulated CA's pace. */
export type AcmeClock = { now(): number; config: { acmeStepMs: number } }

export function leCertificates(ctx: AcmeClock): ResourceDefinition {
  return {
    type: 'le-cert',
    label: 'LE certificate',
    service: 'acme',
    scope: 'project',
    permissionService: 'wadp',
    fields: LeCertificateFields,
    readOnlyFields: MAINTAINED,
    // What `present` makes of the order (which it leaves out): the state at the server's clock.
    derivedFields: {
      status: v.pipe(
        v.picklist(CERTIFICATE_STATUSES),
        v.description('pending_validation, issuing, active, renewing, failed or expired: the server moves it on'),
      ),
      not_before: v.pipe(v.nullable(Timestamp), v.description('Start of validity (ISO 8601); null before issue')),
      not_after: v.pipe(v.nullable(Timestamp), v.description('End of validity (ISO 8601); null before issue')),
      issuer: v.pipe(v.nullable(v.string()), v.description('The issuing CA; null before issue')),
      serial: v.pipe(v.nullable(v.string()), v.description('Serial number; null before issue')),
      last_error: v.pipe(
        v.nullable(
          v.object({
            at: v.pipe(Timestamp, v.description('When it failed (ISO 8601)')),
            message: v.pipe(v.string(), v.description('Why')),
          }),
        ),
        v.description('Why the last order failed; null when it did not'),
      ),
      next_renewal_at: v.pipe(
        v.nullable(Timestamp),
        v.description('When its renewal starts (ISO 8601); null without auto_renew or once expired'),
      ),
    },
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

export const server: TypeServer = { definition: leCertificates, routes: { updates: ['patch'] } }
