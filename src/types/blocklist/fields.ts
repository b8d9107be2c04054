import * as v from 'valibot'
import { IsoDateTime, jsonObject, Slug } from '../../domain/common.ts'
import { normaliseCidr } from '../../domain/ip-address.ts'

export const BLOCKLIST_TARGETS = ['ip', 'cidr', 'asn', 'country'] as const
export type BlocklistTarget = (typeof BLOCKLIST_TARGETS)[number]
export const BLOCKLIST_ACTIONS = ['block', 'challenge', 'allow'] as const
export const BLOCKLIST_SCOPES = ['platform', 'project'] as const
export const MAX_BLOCKLIST_NOTES = 500

const HIGHEST_ASN = 4_294_967_295
let regionNames: Intl.DisplayNames | null = null

/** An ISO 3166 two-letter code the platform's locale data names (`ZZ`, "unknown region", is none). */
function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ') return false
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' })
  const name = regionNames.of(code)
  return name !== undefined && name !== code
}

/**
 * A value as the target reads it, normalised: an address bare and canonical (`2001:DB8::1` ->
 * `2001:db8::1`), a network at its network address (`10.1.2.3/8` -> `10.0.0.0/8`), an ASN as
 * `AS13335` (from `13335`, `as13335` or `AS13335`), a country as its upper-case ISO code.
 */
export function normaliseBlocklistValue(target: BlocklistTarget, text: string): { value: string } | { error: string } {
  const trimmed = text.trim()
  if (trimmed === '') return { error: 'is required' }
  if (target === 'ip' || target === 'cidr') {
    const hasPrefix = trimmed.includes('/')
    if (target === 'ip' && hasPrefix) return { error: 'must be one address, without a /prefix' }
    if (target === 'cidr' && !hasPrefix) return { error: 'must be a network with a /prefix, such as 10.0.0.0/8' }
    const result = normaliseCidr(trimmed)
    if ('error' in result) return { error: target === 'ip' ? 'must be an IPv4 or IPv6 address' : result.error }
    // A /32 (or /128) network is one address, which normaliseCidr writes bare.
    if (target === 'cidr' && !result.cidr.includes('/')) {
      return { value: `${result.cidr}/${result.cidr.includes(':') ? 128 : 32}` }
    }
    return { value: result.cidr }
  }
  if (target === 'asn') {
    const match = /^(?:AS)?(\d{1,10})$/i.exec(trimmed)
    const number = match ? Number(match[1]) : 0
    if (!match || number < 1 || number > HIGHEST_ASN) return { error: 'must be an AS number such as AS13335 or 13335' }
    return { value: `AS${number}` }
  }
  const code = trimmed.toUpperCase()
  return isCountryCode(code) ? { value: code } : { error: 'must be an ISO 3166 two-letter country code such as FR' }
}

/**
 * A blocklist entry (RESOURCES.md): what it matches (`target`, `value`), what the edge does with a
 * request from there, and whether it is the whole platform's or one project's. An `allow` entry wins
 * over a `block` or `challenge` entry matching the same request; an entry past `expires_at` no longer
 * applies (it stays, shown as expired). Unique on (scope and project, target, value): the server says
 * which entry already holds a value. The server stores the value normalised (`normaliseBlocklistValue`)
 * and a platform entry without a project.
 */
type BlocklistValue = { target: BlocklistTarget; value: string }
const valueProblem = (entry: BlocklistValue): string | null => {
  const result = normaliseBlocklistValue(entry.target, entry.value)
  return 'error' in result ? result.error : null
}

export const BlocklistFields = v.pipe(
  jsonObject({
    target: v.optional(
      v.pipe(v.picklist(BLOCKLIST_TARGETS, 'must be ip, cidr, asn or country'), v.description('What the value is')),
      'ip',
    ),
    value: v.pipe(
      v.string('must be a string'),
      v.description('Address, network, AS number (AS13335) or country (FR)'),
      v.maxLength(64, 'at most 64 characters'),
    ),
    action: v.optional(
      v.pipe(
        v.picklist(BLOCKLIST_ACTIONS, 'must be block, challenge or allow'),
        v.description('allow wins over block and challenge'),
      ),
      'block',
    ),
    notes: v.optional(
      v.pipe(
        v.string('must be a string'),
        v.description('Why the entry exists'),
        v.trim(),
        v.maxLength(MAX_BLOCKLIST_NOTES, `at most ${MAX_BLOCKLIST_NOTES} characters`),
      ),
      '',
    ),
    expires_at: v.optional(
      v.pipe(v.nullable(IsoDateTime), v.description('When it stops applying; null for never')),
      null,
    ),
    scope: v.optional(
      v.pipe(
        v.picklist(BLOCKLIST_SCOPES, 'must be platform or project'),
        v.description('Every project, or the one in project'),
      ),
      'platform',
    ),
    project: v.optional(v.pipe(v.nullable(Slug), v.description('The project of a project entry')), null),
  }),
  v.forward(
    v.partialCheck(
      [['target'], ['value']],
      (entry) => valueProblem(entry) === null,
      (issue) => valueProblem(issue.input as BlocklistValue) ?? '',
    ),
    ['value'],
  ),
  v.forward(
    v.partialCheck(
      [['scope'], ['project']],
      (entry) => entry.scope !== 'project' || Boolean(entry.project),
      'choose the project it applies to',
    ),
    ['project'],
  ),
)
export type BlocklistData = v.InferOutput<typeof BlocklistFields>

/** Whether an entry no longer applies at `now` (its expiry passed). */
export function isExpired(entry: { expires_at?: unknown }, now: number): boolean {
  return typeof entry.expires_at === 'string' && Date.parse(entry.expires_at) <= now
}
