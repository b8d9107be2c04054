import * as v from 'valibot'
import { HostOrIp, integer, jsonObject, Slug } from '../../domain/common.ts'
import { TLS_PROTOCOLS } from '../../domain/field-rules.ts'
import { VCL_HEADER_NAME } from '../../domain/vcl.ts'

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

/** Probe presets (spec section 3); Medium is the default. */
export const PROBE_PRESETS = {
  Low: { window: 3, threshold: 2, interval_seconds: 15, timeout_seconds: 5 },
  Medium: { window: 3, threshold: 2, interval_seconds: 10, timeout_seconds: 5 },
  High: { window: 5, threshold: 3, interval_seconds: 5, timeout_seconds: 5 },
} as const

export const Backend = jsonObject({
  host: v.pipe(HostOrIp, v.description('Host name or IP address of the origin server')),
  port: v.pipe(integer(1, 65535), v.description('TCP port, such as 443')),
  weight: v.optional(v.pipe(integer(0, 100), v.description('Share of requests for weighted types; 0 takes none')), 1),
})

export const Probe = v.pipe(
  jsonObject({
    enabled: v.optional(v.pipe(v.boolean(), v.description('Whether the backends are checked')), true),
    method: v.optional(
      v.pipe(
        v.picklist(PROBE_METHODS, 'must be one of GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD'),
        v.description('HTTP method of the check request'),
      ),
      'GET',
    ),
    path: v.optional(
      v.pipe(v.string(), v.startsWith('/', 'must start with /'), v.maxLength(2048), v.description('Path requested')),
      '/',
    ),
    host: v.optional(
      v.pipe(v.nullable(HostOrIp), v.description('Host header of the check; null for the backend’s host')),
      null,
    ),
    status_code: v.optional(v.pipe(integer(100, 599), v.description('The status a healthy backend answers')), 200),
    window: v.optional(
      v.pipe(integer(1, 20), v.description('How many recent checks count')),
      PROBE_PRESETS.Medium.window,
    ),
    threshold: v.optional(
      v.pipe(integer(1, 20), v.description('How many of the window must pass for a healthy backend')),
      PROBE_PRESETS.Medium.threshold,
    ),
    interval_seconds: v.optional(
      v.pipe(integer(1, 300), v.description('Seconds between checks')),
      PROBE_PRESETS.Medium.interval_seconds,
    ),
    timeout_seconds: v.optional(
      v.pipe(integer(1, 60), v.description('Seconds a check may take')),
      PROBE_PRESETS.Medium.timeout_seconds,
    ),
  }),
  v.forward(
    v.partialCheck(
      [['threshold'], ['window']],
      (probe) => probe.threshold <= probe.window,
      'must not exceed the window',
    ),
    ['threshold'],
  ),
)

export const Timeouts = jsonObject({
  connect_timeout: v.optional(v.pipe(integer(1, 600), v.description('Seconds to open a connection')), 30),
  read_timeout: v.optional(v.pipe(integer(1, 600), v.description('Seconds to wait for the origin’s answer')), 30),
  send_timeout: v.optional(v.pipe(integer(1, 600), v.description('Seconds to send the request')), 30),
})

export const DirectorTls = jsonObject({
  enabled: v.optional(v.pipe(v.boolean(), v.description('Connect to the backends over TLS')), false),
  session_reuse: v.optional(v.pipe(v.boolean(), v.description('Resume TLS sessions with the backends')), true),
  protocols: v.optional(
    v.pipe(
      v.array(v.picklist(TLS_PROTOCOLS, 'must be TLSv1, TLSv1.1, TLSv1.2 or TLSv1.3')),
      v.description('TLS versions offered to the backends; none for the platform’s defaults'),
    ),
    [],
  ),
})

const needsCookie = (type: DirectorType) => type.endsWith('_cookie')
const needsHeader = (type: DirectorType) => type.endsWith('_header')

export const DirectorFields = v.pipe(
  jsonObject({
    type: v.optional(
      v.pipe(
        v.picklist(DIRECTOR_TYPES, 'must be one of the director types'),
        v.description('How requests are spread over the backends'),
      ),
      'round_robin',
    ),
    sticky_cookie: v.optional(
      v.pipe(
        v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(128))),
        v.description('Cookie that keeps a client on one backend'),
      ),
      null,
    ),
    sticky_header: v.optional(
      v.pipe(
        v.nullable(
          v.pipe(
            v.string(),
            v.trim(),
            v.maxLength(128),
            // Written into the node's VCL as it is (`req.http.<name>`), so a name VCL can hold (RFC 7230 allows
            // more: X.User broke the project's VCL, and free text was VCL of its own); blank is none.
            v.check(
              (name) => name === '' || VCL_HEADER_NAME.test(name),
              'must be a header name of letters, digits, - and _, starting with a letter, such as X-User',
            ),
          ),
        ),
        v.description('Header that keeps a client on one backend'),
      ),
      null,
    ),
    backends: v.pipe(
      v.array(Backend, 'must be a list of backends'),
      v.minLength(1, 'add at least one backend'),
      v.maxLength(64, 'at most 64 backends'),
      v.description('The origin servers'),
    ),
    probe: v.optional(v.pipe(Probe, v.description('Health check of the backends')), () => v.parse(Probe, {})),
    timeout: v.optional(v.pipe(Timeouts, v.description('Timeouts towards the backends')), () => v.parse(Timeouts, {})),
    tls: v.optional(v.pipe(DirectorTls, v.description('TLS towards the backends')), () => v.parse(DirectorTls, {})),
    waf_config: v.optional(v.pipe(v.nullable(Slug), v.description('WAF policy applied to its requests')), null),
  }),
  v.forward(
    v.partialCheck(
      [['type'], ['sticky_cookie']],
      (d) => !needsCookie(d.type) || Boolean(d.sticky_cookie),
      'a cookie name is required for this director type',
    ),
    ['sticky_cookie'],
  ),
  v.forward(
    v.partialCheck(
      [['type'], ['sticky_header']],
      (d) => !needsHeader(d.type) || Boolean(d.sticky_header),
      'a header name is required for this director type',
    ),
    ['sticky_header'],
  ),
)
export type DirectorInput = v.InferInput<typeof DirectorFields>
export type DirectorData = v.InferOutput<typeof DirectorFields>
