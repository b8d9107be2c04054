import { unnamedHeader, VCL_HEADER_NAME } from '../../domain/vcl.ts'
import type { DirectorData } from './fields.ts'

/** What of a director a Varnish node does not do (EDGE.md: said, never pretended). */
export function directorNotEnforced(director: DirectorData): string[] {
  const notes: string[] = []
  if (director.tls.enabled) notes.push('TLS towards the backends (Varnish Cache connects to origins in plain HTTP)')
  if (director.timeout.send_timeout !== 30)
    notes.push('a send timeout per director (Varnish nodes use their own send timeout)')
  if (director.waf_config) notes.push('its WAF policy (Varnish nodes have no WAF engine)')
  const header = director.sticky_header ?? ''
  if (director.type.endsWith('_header') && !VCL_HEADER_NAME.test(header))
    notes.push(`stickiness by ${unnamedHeader(header)}: by the client's address instead`)
  return notes
}
