import * as v from 'valibot'
import { integer, jsonObject } from '../common.ts'
import { TLS_PROTOCOLS } from './director.ts'
import { objectMessage } from './page-rule.ts'

export const CIPHER_PROFILES = ['modern', 'intermediate', 'old', 'custom'] as const
export const ALPN_PROTOCOLS = ['h2', 'http/1.1'] as const
export const CLIENT_AUTH_MODES = ['off', 'optional', 'required'] as const
/** HSTS preload lists take a site only with a max-age of at least a year that covers its subdomains. */
export const HSTS_PRELOAD_MIN_AGE_S = 31_536_000

const Version = v.picklist(TLS_PROTOCOLS, 'must be TLSv1, TLSv1.1, TLSv1.2 or TLSv1.3')
const rank = (version: string) => TLS_PROTOCOLS.indexOf(version as (typeof TLS_PROTOCOLS)[number])

/** An OpenSSL cipher suite name (TLS 1.3 suites are not configurable, so none of those). */
const CipherName = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.regex(/^[A-Z0-9][A-Z0-9_-]{2,63}$/, 'must be a cipher name such as ECDHE-RSA-AES128-GCM-SHA256'),
  v.check((name) => !name.startsWith('TLS_'), 'TLS 1.3 suites are always on and cannot be chosen'),
)

/** One or more PEM certificates, each between its BEGIN and END lines with base64 in between. */
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END CERTIFICATE-----/g
export function isPemCertificates(text: string): boolean {
  const blocks = [...text.matchAll(PEM_CERTIFICATE)]
  if (blocks.length === 0) return false
  const rest = text.replace(PEM_CERTIFICATE, '').trim()
  return rest === '' && blocks.every((block) => (block[1] ?? '').replace(/\s/g, '').length >= 64)
}

const Hsts = v.pipe(
  jsonObject(
    {
      enabled: v.optional(v.boolean('must be true or false'), false),
      max_age_s: v.optional(integer(0, 63_072_000), HSTS_PRELOAD_MIN_AGE_S),
      include_subdomains: v.optional(v.boolean('must be true or false'), false),
      preload: v.optional(v.boolean('must be true or false'), false),
    },
    objectMessage,
  ),
  v.forward(
    v.check(
      (hsts) => !hsts.preload || (hsts.include_subdomains && hsts.max_age_s >= HSTS_PRELOAD_MIN_AGE_S),
      'preload needs subdomains included and a max-age of at least one year',
    ),
    ['preload'],
  ),
)

const ClientAuth = v.pipe(
  jsonObject(
    {
      mode: v.optional(v.picklist(CLIENT_AUTH_MODES, 'must be off, optional or required'), 'off'),
      ca_pem: v.optional(
        v.nullable(v.pipe(v.string('must be a string'), v.maxLength(262_144, 'at most 256 KiB'))),
        null,
      ),
      verify_depth: v.optional(integer(1, 10), 2),
    },
    objectMessage,
  ),
  v.forward(
    v.check(
      (auth) => auth.mode === 'off' || (auth.ca_pem !== null && isPemCertificates(auth.ca_pem)),
      'must be the CA certificates in PEM (-----BEGIN CERTIFICATE----- …)',
    ),
    ['ca_pem'],
  ),
)

/** The TLS settings a website's listeners offer (RESOURCES.md, Crypto). */
export const TlsPolicyFields = v.pipe(
  jsonObject(
    {
      min_version: v.optional(Version, 'TLSv1.2'),
      max_version: v.optional(Version, 'TLSv1.3'),
      cipher_profile: v.optional(
        v.picklist(CIPHER_PROFILES, 'must be modern, intermediate, old or custom'),
        'intermediate',
      ),
      custom_ciphers: v.optional(
        v.pipe(v.array(CipherName, 'must be a list of cipher names'), v.maxLength(100, 'at most 100 ciphers')),
        [],
      ),
      alpn: v.optional(
        v.pipe(
          v.array(v.picklist(ALPN_PROTOCOLS, 'must be h2 or http/1.1'), 'must be a list of protocols'),
          v.check((list) => new Set(list).size === list.length, 'each protocol once'),
        ),
        ['h2', 'http/1.1'],
      ),
      ocsp_stapling: v.optional(v.boolean('must be true or false'), true),
      hsts: v.optional(Hsts, () => v.parse(Hsts, {})),
      client_auth: v.optional(ClientAuth, () => v.parse(ClientAuth, {})),
    },
    objectMessage,
  ),
  v.forward(
    v.check((p) => rank(p.max_version) >= rank(p.min_version), 'must not be below the minimum version'),
    ['max_version'],
  ),
  v.forward(
    v.check(
      (p) => p.cipher_profile !== 'custom' || p.custom_ciphers.length > 0,
      'name at least one cipher for a custom profile',
    ),
    ['custom_ciphers'],
  ),
  v.forward(
    v.check(
      (p) => p.custom_ciphers.length === 0 || (p.cipher_profile === 'custom' && rank(p.min_version) <= rank('TLSv1.2')),
      'only a custom profile that allows TLS 1.2 or older chooses ciphers',
    ),
    ['custom_ciphers'],
  ),
)
export type TlsPolicyData = v.InferOutput<typeof TlsPolicyFields>
