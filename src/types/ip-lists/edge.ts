import { vclName } from '../../domain/vcl.ts'
import type { IpListEntryData } from './fields.ts'

/** The ACL's name of IP list `name`. */
export const ipListAcl = (name: string) => vclName('iplist', name)

/** A CIDR (stored normalised: `10.0.0.0/8`, `2001:db8::/32`, `192.0.2.1/32`) as an ACL entry. */
export function aclEntry(cidr: string, negated = false): string {
  const [address, bits] = cidr.split('/')
  return `${negated ? '! ' : ''}"${address}"${bits === undefined ? '' : `/${bits}`};`
}

/**
 * IP list `name` as a VCL ACL: its entries (a negated one excludes its addresses from the wider
 * networks), those past their expiry at `now` left out.
 */
export function ipListVcl(name: string, entries: readonly IpListEntryData[], now: number): string {
  const live = entries.filter((entry) => entry.expires_at === null || Date.parse(entry.expires_at) > now)
  return [`acl ${ipListAcl(name)} {`, ...live.map((entry) => `  ${aclEntry(entry.cidr, entry.negated)}`), '}'].join(
    '\n',
  )
}
