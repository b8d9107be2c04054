import { aclEntry } from '../ip-lists/edge.ts'
import { type BlocklistData, isExpired } from './fields.ts'
import { blocklistNotEnforced } from './not-enforced.ts'

/**
 * The blocklist entries that apply to a project (the platform's and its own) on a Varnish node: two ACLs,
 * and the guard at the start of vcl_recv that answers a blocked client 403 unless an allow entry names it
 * (allow wins). Entries by AS number or country, and challenges, are said, not pretended (EDGE.md).
 */
export function blocklistVcl(entries: readonly { name: string; data: BlocklistData }[], now: number) {
  const live = entries.filter(({ data }) => !isExpired(data, now))
  const byAddress = live.filter(({ data }) => data.target === 'ip' || data.target === 'cidr')
  const acl = (action: BlocklistData['action']) =>
    byAddress.filter(({ data }) => data.action === action).map(({ data }) => `  ${aclEntry(data.value)}`)
  const declarations = [
    'acl wadp_blocklist_allow {',
    ...acl('allow'),
    '}',
    'acl wadp_blocklist_block {',
    ...acl('block'),
    '}',
  ].join('\n')
  const guard = [
    'if (client.ip !~ wadp_blocklist_allow && client.ip ~ wadp_blocklist_block) {',
    '  return (synth(403, "Forbidden"));',
    '}',
  ].join('\n')
  const notEnforced = live.flatMap(({ name, data }) => blocklistNotEnforced(data).map((what) => ({ name, what })))
  return { declarations, guard, notEnforced }
}
