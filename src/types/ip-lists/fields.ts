import * as v from 'valibot'
import { IsoDateTime, jsonObject } from '../../domain/common.ts'
import { objectMessage } from '../../domain/field-rules.ts'
import { normaliseCidr, pastedLines } from '../../domain/ip-address.ts'

/** An IP list holds at most this many entries (RESOURCES.md): the edge keeps each list in memory. */
export const MAX_IP_LIST_ENTRIES = 10_000
export const MAX_ENTRY_COMMENT = 200

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
  for (const { line, raw, body, comment } of pastedLines(text, MAX_ENTRY_COMMENT)) {
    const negated = body.startsWith('!')
    const result = normaliseCidr(negated ? body.slice(1) : body)
    if ('error' in result) {
      invalid.push({ line, text: raw.trim().slice(0, 200), message: result.error })
      continue
    }
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
