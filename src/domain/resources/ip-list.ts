import * as v from 'valibot'
import { IsoDateTime, jsonObject } from '../common.ts'
import { objectMessage } from './shared.ts'

/** An IP list holds at most this many entries (RESOURCES.md): the edge keeps each list in memory. */
export const MAX_IP_LIST_ENTRIES = 10_000
export const MAX_ENTRY_COMMENT = 200

/**
 * An IPv4 or IPv6 address or network, normalised: lowercase canonical IPv6 (RFC 5952), the network
 * address of a CIDR (`10.1.2.3/24` -> `10.1.2.0/24`), and a single address written bare (`10.0.0.1`,
 * never `10.0.0.1/32`). `null` with the reason when the text is neither.
 */
export function normaliseCidr(text: string): { cidr: string } | { error: string } {
  const trimmed = text.trim()
  const slash = trimmed.indexOf('/')
  const address = slash === -1 ? trimmed : trimmed.slice(0, slash)
  const prefixText = slash === -1 ? null : trimmed.slice(slash + 1)
  const v4 = parseIpv4(address)
  const v6 = v4 !== null ? null : parseIpv6(address)
  if (v4 === null && v6 === null) return { error: 'must be an IPv4 or IPv6 address, optionally with a /prefix' }
  const bits = v4 !== null ? 32 : 128
  let prefix = bits
  if (prefixText !== null) {
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) {
      return { error: `the prefix must be a number from 0 to ${bits}` }
    }
    prefix = Number(prefixText)
  }
  if (v4 !== null) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0
    const network = (v4 & mask) >>> 0
    const dotted = [24, 16, 8, 0].map((shift) => (network >>> shift) & 255).join('.')
    return { cidr: prefix === 32 ? dotted : `${dotted}/${prefix}` }
  }
  const groups = v6 as number[]
  const masked = groups.map((group, index) => {
    const kept = Math.max(0, Math.min(16, prefix - index * 16))
    return kept === 0 ? 0 : group & ((0xffff << (16 - kept)) & 0xffff)
  })
  const canonical = formatIpv6(masked)
  return { cidr: prefix === 128 ? canonical : `${canonical}/${prefix}` }
}

/** A dotted-quad IPv4 address as a 32-bit number; no leading zeros (`010` is ambiguous: octal or not). */
function parseIpv4(text: string): number | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  let value = 0
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null
    value = value * 256 + Number(part)
  }
  return value
}

/** An IPv6 address as eight 16-bit groups (`::` compression and an IPv4 tail allowed). */
function parseIpv6(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45 || !text.includes(':')) return null
  let hexText = text
  if (text.includes('.')) {
    // An IPv4 tail (`::ffff:10.0.0.1`) stands for the last two groups.
    const lastColon = text.lastIndexOf(':')
    const v4 = parseIpv4(text.slice(lastColon + 1))
    if (v4 === null) return null
    hexText = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const halves = hexText.split('::')
  if (halves.length > 2) return null
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'))
  const left = groupsOf(halves[0] ?? '')
  const right = halves.length === 2 ? groupsOf(halves[1] ?? '') : []
  if ([...left, ...right].some((group) => !/^[0-9a-fA-F]{1,4}$/.test(group))) return null
  const missing = 8 - left.length - right.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((g) => Number.parseInt(g, 16))
}

/** RFC 5952: lowercase, no leading zeros, the longest run of two or more zero groups as `::`. */
function formatIpv6(groups: number[]): string {
  // An IPv4-mapped address keeps its IPv4 part dotted (RFC 5952, section 5).
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6)
    return `::ffff:${high >>> 8}.${high & 255}.${low >>> 8}.${low & 255}`
  }
  let bestStart = -1
  let bestLength = 1
  for (let start = 0; start < 8; ) {
    if (groups[start] !== 0) {
      start += 1
      continue
    }
    let end = start
    while (end < 8 && groups[end] === 0) end += 1
    if (end - start > bestLength) {
      bestStart = start
      bestLength = end - start
    }
    start = end
  }
  const hex = groups.map((group) => group.toString(16))
  if (bestStart === -1) return hex.join(':')
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`
}

const Cidr = v.pipe(
  v.string('must be a string'),
  // Before the transform: openapi.json describes the input, which ends there.
  v.description('An IPv4 or IPv6 address or network (10.0.0.0/8), stored normalised'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const result = normaliseCidr(dataset.value)
    if ('error' in result) {
      addIssue({ message: result.error })
      return NEVER
    }
    return result.cidr
  }),
)

export const IpListEntry = jsonObject(
  {
    cidr: Cidr,
    negated: v.optional(
      v.pipe(
        v.boolean('must be true or false'),
        v.description('Excludes its addresses from the list’s wider networks'),
      ),
      false,
    ),
    comment: v.optional(
      v.pipe(
        v.string('must be a string'),
        v.trim(),
        v.maxLength(MAX_ENTRY_COMMENT, `at most ${MAX_ENTRY_COMMENT} characters`),
        v.description('Why it is listed'),
      ),
      '',
    ),
    expires_at: v.optional(
      v.pipe(
        v.nullable(IsoDateTime),
        v.description('After this time the edge ignores it (a temporary ban or allowance)'),
      ),
      null,
    ),
  },
  objectMessage,
)
export type IpListEntryData = v.InferOutput<typeof IpListEntry>

const entryKey = (entry: { cidr: string; negated: boolean }) => `${entry.negated ? '!' : ''}${entry.cidr}`

/** A named list of addresses and networks that rate limits and captchas name (RESOURCES.md, Security). */
export const IpListFields = v.pipe(
  jsonObject(
    {
      description: v.optional(
        v.pipe(
          v.string('must be a string'),
          v.trim(),
          v.maxLength(500, 'at most 500 characters'),
          v.description('What the list is for'),
        ),
        '',
      ),
      entries: v.optional(
        v.pipe(
          v.array(IpListEntry, 'must be a list of entries'),
          v.maxLength(MAX_IP_LIST_ENTRIES, `at most ${MAX_IP_LIST_ENTRIES.toLocaleString('en-US')} entries`),
          v.description('Its addresses and networks, each once'),
        ),
        [],
      ),
    },
    objectMessage,
  ),
  // The same network twice (after normalisation) is a mistake the user should see, on the second one.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const seen = new Map<string, number>()
    dataset.value.entries.forEach((entry, index) => {
      const key = entryKey(entry)
      const first = seen.get(key)
      if (first === undefined) {
        seen.set(key, index)
        return
      }
      const entries = dataset.value.entries
      addIssue({
        message: `${entry.cidr} is already entry ${first + 1}`,
        path: [
          { type: 'object', origin: 'value', input: dataset.value, key: 'entries', value: entries },
          { type: 'array', origin: 'value', input: entries, key: index, value: entry },
          { type: 'object', origin: 'value', input: entry, key: 'cidr', value: entry.cidr },
        ],
      })
    })
  }),
)
export type IpListData = v.InferOutput<typeof IpListFields>

export type ImportLineProblem = { line: number; text: string; message: string }

/**
 * Addresses pasted one per line: blank lines and `#` comments are skipped, text after `#` on a line
 * becomes the entry's comment, a leading `!` negates it. Invalid lines never block the valid ones.
 */
export function parseAddressLines(text: string): { entries: IpListEntryData[]; invalid: ImportLineProblem[] } {
  const entries: IpListEntryData[] = []
  const invalid: ImportLineProblem[] = []
  const lines = text.split(/\r?\n/)
  for (let index = 0; index < lines.length; index += 1) {
    const raw = lines[index] ?? ''
    const hash = raw.indexOf('#')
    const body = (hash === -1 ? raw : raw.slice(0, hash)).trim()
    if (body === '') continue
    const negated = body.startsWith('!')
    const result = normaliseCidr(negated ? body.slice(1) : body)
    if ('error' in result) {
      invalid.push({ line: index + 1, text: raw.trim().slice(0, 200), message: result.error })
      continue
    }
    const comment =
      hash === -1
        ? ''
        : raw
            .slice(hash + 1)
            .trim()
            .slice(0, MAX_ENTRY_COMMENT)
    entries.push({ cidr: result.cidr, negated, comment, expires_at: null })
  }
  return { entries, invalid }
}

/**
 * What an import makes of a list: `append` adds the new entries after the current ones, `replace`
 * keeps only the pasted ones; either way each network once (the first one wins).
 */
export function mergeEntries(
  current: readonly IpListEntryData[],
  pasted: readonly IpListEntryData[],
  mode: 'append' | 'replace',
): { entries: IpListEntryData[]; added: number; duplicates: number } {
  const base = mode === 'append' ? [...current] : []
  const seen = new Set(base.map(entryKey))
  let duplicates = 0
  for (const entry of pasted) {
    const key = entryKey(entry)
    if (seen.has(key)) {
      duplicates += 1
      continue
    }
    seen.add(key)
    base.push(entry)
  }
  return { entries: base, added: base.length - (mode === 'append' ? current.length : 0), duplicates }
}

/** The import action's body: the pasted text, and whether it adds to the entries or replaces them. */
export const IpImportBody = jsonObject(
  {
    text: v.pipe(
      v.string('must be a string'),
      v.maxLength(2_000_000, 'at most 2 MB of text'),
      v.description('Addresses one per line; # starts a comment, a leading ! negates'),
    ),
    mode: v.optional(
      v.pipe(
        v.picklist(['append', 'replace'], 'must be append or replace'),
        v.description('append adds to the entries, replace keeps only the pasted ones'),
      ),
      'append',
    ),
  },
  (issue) => (issue.input === undefined && issue.path ? 'is required' : 'must be a JSON object with text and mode'),
)
