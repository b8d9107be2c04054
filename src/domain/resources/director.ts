import * as v from 'valibot'
import { HostOrIp, integer, jsonObject, Slug } from '../common.ts'

export const DIRECTOR_TYPES = [
  'fallback',
  'round_robin',
  'weighted',
  'round_robin_sticky_ip',
  'round_robin_sticky_header',
  'round_robin_sticky_cookie',
  'shard_sticky_ip',
  'shard_sticky_url',
  'shard_sticky_header',
  'shard_sticky_cookie',
] as const
export type DirectorType = (typeof DIRECTOR_TYPES)[number]

export const PROBE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const
export const TLS_PROTOCOLS = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const

/** Probe presets (spec section 3); Medium is the default. */
export const PROBE_PRESETS = {
  Low: { window: 3, threshold: 2, interval_seconds: 15, timeout_seconds: 5 },
  Medium: { window: 3, threshold: 2, interval_seconds: 10, timeout_seconds: 5 },
  High: { window: 5, threshold: 3, interval_seconds: 5, timeout_seconds: 5 },
} as const

export const Backend = jsonObject({
  host: HostOrIp,
  port: integer(1, 65535),
  weight: v.optional(integer(0, 100), 1),
})

export const Probe = v.pipe(
  jsonObject({
    enabled: v.optional(v.boolean(), true),
    method: v.optional(v.picklist(PROBE_METHODS, 'must be one of GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD'), 'GET'),
    path: v.optional(v.pipe(v.string(), v.startsWith('/', 'must start with /'), v.maxLength(2048)), '/'),
    host: v.optional(v.nullable(HostOrIp), null),
    status_code: v.optional(integer(100, 599), 200),
    window: v.optional(integer(1, 20), PROBE_PRESETS.Medium.window),
    threshold: v.optional(integer(1, 20), PROBE_PRESETS.Medium.threshold),
    interval_seconds: v.optional(integer(1, 300), PROBE_PRESETS.Medium.interval_seconds),
    timeout_seconds: v.optional(integer(1, 60), PROBE_PRESETS.Medium.timeout_seconds),
  }),
  v.forward(
    v.check((probe) => probe.threshold <= probe.window, 'must not exceed the window'),
    ['threshold'],
  ),
)

export const Timeouts = jsonObject({
  connect_timeout: v.optional(integer(1, 600), 30),
  read_timeout: v.optional(integer(1, 600), 30),
  send_timeout: v.optional(integer(1, 600), 30),
})

export const DirectorTls = jsonObject({
  enabled: v.optional(v.boolean(), false),
  session_reuse: v.optional(v.boolean(), true),
  protocols: v.optional(v.array(v.picklist(TLS_PROTOCOLS, 'must be TLSv1, TLSv1.1, TLSv1.2 or TLSv1.3')), []),
})

const needsCookie = (type: DirectorType) => type.endsWith('_cookie')
const needsHeader = (type: DirectorType) => type.endsWith('_header')

export const DirectorFields = v.pipe(
  jsonObject({
    type: v.optional(v.picklist(DIRECTOR_TYPES, 'must be one of the director types'), 'round_robin'),
    sticky_cookie: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(128))), null),
    sticky_header: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(128))), null),
    backends: v.pipe(
      v.array(Backend, 'must be a list of backends'),
      v.minLength(1, 'add at least one backend'),
      v.maxLength(64, 'at most 64 backends'),
    ),
    probe: v.optional(Probe, () => v.parse(Probe, {})),
    timeout: v.optional(Timeouts, () => v.parse(Timeouts, {})),
    tls: v.optional(DirectorTls, () => v.parse(DirectorTls, {})),
    waf_config: v.optional(v.nullable(Slug), null),
  }),
  v.forward(
    v.check(
      (d) => !needsCookie(d.type) || Boolean(d.sticky_cookie),
      'a cookie name is required for this director type',
    ),
    ['sticky_cookie'],
  ),
  v.forward(
    v.check(
      (d) => !needsHeader(d.type) || Boolean(d.sticky_header),
      'a header name is required for this director type',
    ),
    ['sticky_header'],
  ),
)
export type DirectorInput = v.InferInput<typeof DirectorFields>
export type DirectorData = v.InferOutput<typeof DirectorFields>
