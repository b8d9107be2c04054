import { isControl, regexQuote, seconds, VCL_HEADER_NAME, vclName, vclRegex, vclString } from '../../domain/vcl.ts'
import type { DirectorData, DirectorType } from './fields.ts'
import { directorNotEnforced } from './not-enforced.ts'

/** The VCL name of a director's backend (the `index`th of its list): how a node names it in what it reports. */
export const backendVclName = (director: string, index: number) => vclName('b', `${director}-${index}`)

/** How a node reaches a backend host: the address it connects to (Varnish resolves names when it compiles). */
export type AddressOf = (host: string) => string

/** A director on a Varnish node: its backends and probes, how it is built in vcl_init, and how it picks. */
export type DirectorVcl = {
  /** Top-level declarations: one backend a backend, each with its probe. */
  declarations: string
  /** Statements of vcl_init that build the director object. */
  init: string
  /** The expression a request's `backend_hint` is set to (client context: `req`). */
  pick: string
  /** What this director asks for that Varnish nodes do not do (said, never pretended: EDGE.md). */
  notEnforced: string[]
}

/** The vmod `directors` object each director type is built on. */
const OBJECT: Record<DirectorType, 'fallback' | 'round_robin' | 'random' | 'hash' | 'shard'> = {
  fallback: 'fallback',
  round_robin: 'round_robin',
  weighted: 'random',
  round_robin_sticky_ip: 'hash',
  round_robin_sticky_header: 'hash',
  round_robin_sticky_cookie: 'hash',
  shard_sticky_ip: 'shard',
  shard_sticky_url: 'shard',
  shard_sticky_header: 'shard',
  shard_sticky_cookie: 'shard',
}

/** The value a sticky director hashes a request by. */
function stickyKey(director: DirectorData): string {
  if (director.type.endsWith('_ip')) return 'client.ip'
  // A name VCL cannot write as it is (stored before the schema's rule) keeps a client by its address (said).
  if (director.type.endsWith('_header'))
    return VCL_HEADER_NAME.test(director.sticky_header ?? '') ? `req.http.${director.sticky_header}` : 'client.ip'
  if (director.type.endsWith('_cookie')) {
    const cookie = regexQuote(director.sticky_cookie ?? '')
    return `regsub(req.http.cookie, ${vclRegex(`^(?:.*;\\s*)?${cookie}=([^;]*).*$`)}, "\\1")`
  }
  return 'req.url'
}

/** A probe's request line and headers: the path with anything that would break the line percent-encoded. */
function probeRequest(method: string, path: string, host: string): string {
  const safePath = [...path]
    .map((char) => (char === ' ' || char === '"' || isControl(char) ? encodeURIComponent(char) : char))
    .join('')
  return [`${method} ${safePath} HTTP/1.1`, `Host: ${host}`, 'Connection: close', 'User-Agent: wadp-probe']
    .map((line) => vclString(line))
    .join(' ')
}

/**
 * The VCL of director `name`: a backend per origin server (address from `addressOf`, the origin's own
 * name kept as its Host), its probe, its timeouts, and the `directors` vmod object of its type.
 */
export function directorVcl(name: string, director: DirectorData, addressOf: AddressOf): DirectorVcl {
  const object = vclName('d', name)
  const kind = OBJECT[director.type]
  const declarations: string[] = []
  const adds: string[] = []
  director.backends.forEach((backend, index) => {
    const id = backendVclName(name, index)
    const probe = director.probe.enabled
      ? [
          '  .probe = {',
          `    .request = ${probeRequest(director.probe.method, director.probe.path, director.probe.host ?? backend.host)};`,
          `    .expected_response = ${director.probe.status_code};`,
          `    .interval = ${seconds(director.probe.interval_seconds)};`,
          `    .timeout = ${seconds(director.probe.timeout_seconds)};`,
          `    .window = ${director.probe.window};`,
          `    .threshold = ${director.probe.threshold};`,
          `    .initial = ${director.probe.threshold};`,
          '  }',
        ]
      : []
    declarations.push(
      [
        `backend ${id} {`,
        `  .host = ${vclString(addressOf(backend.host))};`,
        `  .port = "${backend.port}";`,
        `  .host_header = ${vclString(backend.host)};`,
        `  .connect_timeout = ${seconds(director.timeout.connect_timeout)};`,
        `  .first_byte_timeout = ${seconds(director.timeout.read_timeout)};`,
        `  .between_bytes_timeout = ${seconds(director.timeout.read_timeout)};`,
        ...probe,
        '}',
      ].join('\n'),
    )
    if (kind === 'random' || kind === 'hash') adds.push(`  ${object}.add_backend(${id}, ${backend.weight});`)
    else adds.push(`  ${object}.add_backend(${id});`)
  })
  const init = [`  new ${object} = directors.${kind}();`, ...adds]
  if (kind === 'shard') init.push(`  ${object}.reconfigure();`)
  const pick =
    kind === 'hash'
      ? `${object}.backend(${stickyKey(director)})`
      : kind === 'shard'
        ? director.type === 'shard_sticky_url'
          ? `${object}.backend(by=URL)`
          : `${object}.backend(by=KEY, key=${object}.key(${stickyKey(director)}))`
        : `${object}.backend()`
  return {
    declarations: declarations.join('\n'),
    init: init.join('\n'),
    pick,
    notEnforced: directorNotEnforced(director),
  }
}
