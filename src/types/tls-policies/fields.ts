import * as v from 'valibot'
import { integer, jsonObject } from '../../domain/common.ts'
import { objectMessage, TLS_PROTOCOLS } from '../../domain/field-rules.ts'

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
      enabled: v.optional(
        v.pipe(v.boolean('must be true or false'), v.description('Send Strict-Transport-Security')),
        false,
      ),
      max_age_s: v.optional(
        v.pipe(integer(0, 63_072_000), v.description('Seconds browsers keep to HTTPS')),
        HSTS_PRELOAD_MIN_AGE_S,
      ),
      include_subdomains: v.optional(
        v.pipe(v.boolean('must be true or false'), v.description('Cover the subdomains too')),
        false,
      ),
      preload: v.optional(
        v.pipe(v.boolean('must be true or false'), v.description('Ask to be on browsers’ preload lists')),
        false,
      ),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck(
      [['preload'], ['include_subdomains'], ['max_age_s']],
      (hsts) => !hsts.preload || (hsts.include_subdomains && hsts.max_age_s >= HSTS_PRELOAD_MIN_AGE_S),
      'preload needs subdomains included and a max-age of at least one year',
    ),
    ['preload'],
  ),
)

const ClientAuth = v.pipe(
  jsonObject(
    {
      mode: v.optional(
        v.pipe(
          v.picklist(CLIENT_AUTH_MODES, 'must be off, optional or required'),
          v.description('Whether clients present a certificate: off, optional or required'),
        ),
        'off',
      ),
      ca_pem: v.optional(
        v.pipe(
          v.nullable(v.pipe(v.string('must be a string'), v.maxLength(262_144, 'at most 256 KiB'))),
          v.description('CA certificates (PEM) that client certificates must chain to'),
        ),
        null,
      ),
      verify_depth: v.optional(v.pipe(integer(1, 10), v.description('Longest chain accepted')), 2),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck(
      [['mode'], ['ca_pem']],
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
      min_version: v.optional(v.pipe(Version, v.description('Oldest TLS version accepted')), 'TLSv1.2'),
      max_version: v.optional(v.pipe(Version, v.description('Newest TLS version offered')), 'TLSv1.3'),
      cipher_profile: v.optional(
        v.pipe(
          v.picklist(CIPHER_PROFILES, 'must be modern, intermediate, old or custom'),
          v.description('Mozilla’s cipher profiles, or custom with custom_ciphers'),
        ),
        'intermediate',
      ),
      custom_ciphers: v.optional(
        v.pipe(
          v.array(CipherName, 'must be a list of cipher names'),
          v.maxLength(100, 'at most 100 ciphers'),
          v.description('OpenSSL cipher names for a custom profile (TLS 1.2 and older)'),
        ),
        [],
      ),
      alpn: v.optional(
        v.pipe(
          v.array(v.picklist(ALPN_PROTOCOLS, 'must be h2 or http/1.1'), 'must be a list of protocols'),
          v.check((list) => new Set(list).size === list.length, 'each protocol once'),
          v.description('Application protocols offered, in order of preference'),
        ),
        ['h2', 'http/1.1'],
      ),
      ocsp_stapling: v.optional(
        v.pipe(v.boolean('must be true or false'), v.description('Staple the certificate’s OCSP status')),
        true,
      ),
      hsts: v.optional(v.pipe(Hsts, v.description('HTTP Strict Transport Security')), () => v.parse(Hsts, {})),
      client_auth: v.optional(v.pipe(ClientAuth, v.description('Client certificates (mutual TLS)')), () =>
        v.parse(ClientAuth, {}),
      ),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck(
      [['min_version'], ['max_version']],
      (p) => rank(p.max_version) >= rank(p.min_version),
      'must not be below the minimum version',
    ),
    ['max_version'],
  ),
  v.forward(
    v.partialCheck(
      [['cipher_profile'], ['custom_ciphers']],
      (p) => p.cipher_profile !== 'custom' || p.custom_ciphers.length > 0,
      'name at least one cipher for a custom profile',
    ),
    ['custom_ciphers'],
  ),
  v.forward(
    v.partialCheck(
      [['cipher_profile'], ['custom_ciphers'], ['min_version']],
      (p) => p.custom_ciphers.length === 0 || (p.cipher_profile === 'custom' && rank(p.min_version) <= rank('TLSv1.2')),
      'only a custom profile that allows TLS 1.2 or older chooses ciphers',
    ),
    ['custom_ciphers'],
  ),
)
export type TlsPolicyData = v.InferOutput<typeof TlsPolicyFields>
