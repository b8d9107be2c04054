import * as v from 'valibot'
import { integer, isHostname, jsonObject } from '../../domain/common.ts'
import { objectMessage } from '../../domain/field-rules.ts'

export const ACME_CHALLENGES = ['http-01', 'dns-01'] as const
export const KEY_TYPES = ['ecdsa_p256', 'rsa_2048', 'rsa_4096'] as const
export const ACME_CAS = ['letsencrypt', 'letsencrypt_staging'] as const
export const CERTIFICATE_STATUSES = [
  'pending_validation',
  'issuing',
  'active',
  'renewing',
  'failed',
  'expired',
] as const
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number]
/** The statuses the server still moves on by itself: the detail page follows them. */
export const TRANSITIONAL_STATUSES: readonly CertificateStatus[] = ['pending_validation', 'issuing', 'renewing']

/** Let's Encrypt certificates last 90 days. */
export const CERTIFICATE_LIFETIME_DAYS = 90
/** The renewal window: at least a day before expiry, at most 60 (a renewal every 30 days at the most). */
export const RENEW_BEFORE_DAYS = { min: 1, max: 60, default: 30 } as const
const DAY_MS = 86_400_000

/** A certificate's name: a host name, or a wildcard one label deep (`*.shop.example.com`). */
function isCertificateDomain(value: string): boolean {
  return isHostname(value.startsWith('*.') ? value.slice(2) : value)
}

const Domain = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.toLowerCase(),
  v.check(isCertificateDomain, 'must be a host name such as shop.example.com, or *.example.com'),
)

/** What an LE certificate is asked for (RESOURCES.md, Crypto); the rest is the server's. */
export const LeCertificateFields = v.pipe(
  jsonObject(
    {
      domains: v.pipe(
        v.array(Domain, 'must be a list of domains'),
        v.minLength(1, 'name at least one domain'),
        v.maxLength(100, 'at most 100 domains'),
        v.check((list) => new Set(list).size === list.length, 'each domain once'),
        v.description('Domains it covers; a wildcard (*.example.com) needs dns-01'),
      ),
      challenge: v.optional(
        v.pipe(
          v.picklist(ACME_CHALLENGES, 'must be http-01 or dns-01'),
          v.description('How the CA checks the domains are ours'),
        ),
        'http-01',
      ),
      key_type: v.optional(
        v.pipe(v.picklist(KEY_TYPES, 'must be ecdsa_p256, rsa_2048 or rsa_4096'), v.description('Private key type')),
        'ecdsa_p256',
      ),
      ca: v.optional(
        v.pipe(
          v.picklist(ACME_CAS, 'must be letsencrypt or letsencrypt_staging'),
          v.description('Let’s Encrypt, or its staging CA for tests'),
        ),
        'letsencrypt',
      ),
      auto_renew: v.optional(
        v.pipe(v.boolean('must be true or false'), v.description('Renew it before it expires')),
        true,
      ),
      renew_before_days: v.optional(
        v.pipe(
          integer(RENEW_BEFORE_DAYS.min, RENEW_BEFORE_DAYS.max),
          v.description('Days before expiry a renewal starts'),
        ),
        RENEW_BEFORE_DAYS.default,
      ),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck(
      [['challenge'], ['domains']],
      (cert) => cert.challenge === 'dns-01' || cert.domains.every((domain) => !domain.startsWith('*.')),
      'a wildcard domain needs the dns-01 challenge',
    ),
    ['domains'],
  ),
)
export type LeCertificateData = v.InferOutput<typeof LeCertificateFields>

/** The fields a certificate may change after creation (PATCH); anything else means a new certificate. */
export const CERTIFICATE_CHANGEABLE = ['auto_renew', 'renew_before_days'] as const

/** Whether a website domain is covered by a certificate domain (a wildcard covers one label). */
export function coversDomain(certificateDomain: string, websiteDomain: string): boolean {
  if (!certificateDomain.startsWith('*.')) return certificateDomain === websiteDomain
  const suffix = certificateDomain.slice(1)
  return websiteDomain.endsWith(suffix) && !websiteDomain.slice(0, -suffix.length).includes('.')
}

/** The domains of a certificate that none of the project's websites serves: validation fails for them. */
export function unservedDomains(domains: readonly string[], served: readonly string[]): string[] {
  return domains.filter((domain) => !served.some((website) => coversDomain(domain, website)))
}

/**
 * The order the server keeps: when the current one started, whether it issues or renews, and how it
 * ends, decided when it is placed (a domain no website serves cannot be validated).
 */
export type CertificateOrder = {
  started_at: string
  kind: 'issue' | 'renew'
  error: string | null
  /** The dates of the certificate a renewal replaces (it stays in use meanwhile). */
  previous: { not_before: string; not_after: string } | null
}

export type CertificateState = {
  status: CertificateStatus
  not_before: string | null
  not_after: string | null
  issuer: string | null
  serial: string | null
  last_error: { at: string; message: string } | null
  next_renewal_at: string | null
}

function serialOf(seed: string): string {
  let h1 = 0x811c9dc5
  let h2 = 0x01000193
  for (let i = 0; i < seed.length; i += 1) {
    h1 = Math.imul(h1 ^ seed.charCodeAt(i), 16777619) >>> 0
    h2 = Math.imul(h2 ^ seed.charCodeAt(i), 2246822519) >>> 0
  }
  const hex = (h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0')).slice(0, 16)
  return (hex.match(/../g) ?? []).join(':')
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * A certificate's state at `now`, a pure function of its order and settings: each step of an order
 * (validation, then issuance) takes `stepMs`; an issued certificate lasts 90 days; with auto-renew, a
 * renewal starts `renew_before_days` before expiry and replaces it two steps later, again and again.
 * Every process of the API computes the same answer, and nothing needs a timer or a job.
 */
export function certificateState(
  name: string,
  settings: Pick<LeCertificateData, 'auto_renew' | 'renew_before_days' | 'ca'>,
  order: CertificateOrder,
  now: number,
  stepMs: number,
): CertificateState {
  const issuer = settings.ca === 'letsencrypt_staging' ? '(STAGING) Ersatz Edamame E1' : "Let's Encrypt E6"
  const started = Date.parse(order.started_at)
  const validated = started + stepMs
  const issued = started + 2 * stepMs
  const lifetime = CERTIFICATE_LIFETIME_DAYS * DAY_MS
  const renewBefore = settings.renew_before_days * DAY_MS
  const previous = order.previous
  const base = {
    issuer: previous || now >= issued ? issuer : null,
    serial: null,
    last_error: null,
    next_renewal_at: null,
    not_before: previous?.not_before ?? null,
    not_after: previous?.not_after ?? null,
  }
  if (now < issued && !(order.error && now >= validated)) {
    const status: CertificateStatus =
      order.kind === 'renew' ? 'renewing' : now < validated ? 'pending_validation' : 'issuing'
    return { ...base, serial: previous ? serialOf(`${name}|${previous.not_before}`) : null, status }
  }
  if (order.error) {
    const stillValid = previous !== null && now < Date.parse(previous.not_after)
    return {
      ...base,
      serial: previous ? serialOf(`${name}|${previous.not_before}`) : null,
      status: previous && !stillValid ? 'expired' : 'failed',
      last_error: { at: iso(validated), message: order.error },
    }
  }
  // Issued at `issued`. With auto-renew, each certificate's renewal starts at its next_renewal_at
  // (not_after - renew_before_days) and its successor takes over two steps later: a period of
  // (lifetime - renewBefore + 2 steps) per certificate.
  let notBefore = issued
  let renewing = false
  if (settings.auto_renew) {
    const untilRenewal = lifetime - renewBefore
    const period = untilRenewal + 2 * stepMs
    const generation = Math.floor((now - issued) / period)
    notBefore = issued + generation * period
    renewing = now - notBefore >= untilRenewal
  }
  const notAfter = notBefore + lifetime
  const expired = now >= notAfter
  return {
    status: expired ? 'expired' : renewing ? 'renewing' : 'active',
    not_before: iso(notBefore),
    not_after: iso(notAfter),
    issuer,
    serial: serialOf(`${name}|${iso(notBefore)}`),
    last_error: null,
    next_renewal_at: settings.auto_renew && !expired ? iso(notAfter - renewBefore) : null,
  }
}

/**
 * How many days before expiry a certificate that nothing renews (auto-renew off) is pointed out, whatever
 * its renewal window says: the month Let's Encrypt advises renewing in (its default window, 30 days). A
 * certificate that renews itself is pointed out from its own window (or when its renewal fails).
 */
export const MANUAL_RENEWAL_NOTICE_DAYS = RENEW_BEFORE_DAYS.default

/** Whether a certificate needs someone's attention: failed, expired, or expiring within its window. */
export function certificateAttention(
  state: Pick<CertificateState, 'status' | 'not_after'>,
  settings: Pick<LeCertificateData, 'auto_renew' | 'renew_before_days'>,
  now: number,
): { tone: 'danger' | 'warning'; text: string } | null {
  if (state.status === 'failed') return { tone: 'danger', text: 'Failed' }
  if (state.status === 'expired') return { tone: 'danger', text: 'Expired' }
  if (!state.not_after) return null
  const left = Date.parse(state.not_after) - now
  // Auto-renew off: its renewal window (as short as a day) is no reason to keep quiet until then.
  const window = settings.auto_renew
    ? settings.renew_before_days
    : Math.max(settings.renew_before_days, MANUAL_RENEWAL_NOTICE_DAYS)
  if (left > window * DAY_MS) return null
  const days = Math.max(0, Math.ceil(left / DAY_MS))
  return { tone: 'warning', text: `Expires in ${days} day${days === 1 ? '' : 's'}` }
}
