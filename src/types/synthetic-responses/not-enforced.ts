import type { SyntheticData } from './fields.ts'

/** What of a synthetic response a Varnish node does not do (EDGE.md: said, never pretended). */
export function syntheticNotEnforced(synthetic: SyntheticData): string[] {
  return synthetic.ttl_s > 0 ? ['its TTL: Varnish nodes answer a synthetic response afresh every time, at no cost'] : []
}
