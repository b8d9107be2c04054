import * as v from 'valibot'
import { integer, Slug } from '../common.ts'

export const NODE_STATUSES = ['active', 'maintenance', 'draining', 'disabled'] as const

/**
 * A point-of-presence server. Its name is the endpoint id (`pop-fr-par-1`), whose second segment is
 * the country code. `reachable` is the reference fleet's switch for simulating an unavailable node.
 */
export const NodeFields = v.object({
  hostname: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(253)),
  pool: v.optional(v.nullable(Slug), null),
  pop_code: v.pipe(v.string(), v.regex(/^[a-z]{3}$/, 'must be a three-letter code such as par')),
  country: v.pipe(v.string(), v.toLowerCase(), v.regex(/^[a-z]{2}$/, 'must be a two-letter country code')),
  ipv4: v.optional(v.nullable(v.pipe(v.string(), v.ipv4('must be an IPv4 address'))), null),
  ipv6: v.optional(v.nullable(v.pipe(v.string(), v.ipv6('must be an IPv6 address'))), null),
  status: v.optional(v.picklist(NODE_STATUSES, 'must be active, maintenance, draining or disabled'), 'active'),
  weight: v.optional(integer(1, 100), 1),
  reachable: v.optional(v.boolean(), true),
})
export type NodeData = v.InferOutput<typeof NodeFields>
