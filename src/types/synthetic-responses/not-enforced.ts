import { unnamedHeader, VCL_HEADER_NAME } from '../../domain/vcl.ts'
import type { SyntheticData } from './fields.ts'

/** What of a synthetic response a Varnish node does not do (EDGE.md: said, never pretended). */
export function syntheticNotEnforced(synthetic: SyntheticData): string[] {
  return [
    ...(synthetic.ttl_s > 0
      ? ['its TTL: Varnish nodes answer a synthetic response afresh every time, at no cost']
      : []),
    ...synthetic.headers
      .filter((header) => !VCL_HEADER_NAME.test(header.name))
      .map((header) => unnamedHeader(header.name)),
  ]
}
