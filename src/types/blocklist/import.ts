import * as v from 'valibot'
import { IsoDateTime, jsonObject, Slug } from '../../domain/common.ts'
import { pastedLines } from '../../domain/ip-address.ts'
import {
  BLOCKLIST_ACTIONS,
  BLOCKLIST_SCOPES,
  type BlocklistTarget,
  MAX_BLOCKLIST_NOTES,
  normaliseBlocklistValue,
} from './fields.ts'

/*
 * The Blocklist's bulk paste (`POST /api/core/v0/access-list/import`): apart from the entry's schema so
 * that the console's pages load only the rule they use.
 */

/** One paste adds at most this many entries; past it nothing is written. */
export const MAX_BLOCKLIST_IMPORT = 5_000

/** The target a pasted line is read as: an address, a network, an AS number or a country code. */
export function guessTarget(text: string): BlocklistTarget {
  const trimmed = text.trim()
  if (/^(AS)?\d+$/i.test(trimmed)) return 'asn'
  if (/^[a-z]{2}$/i.test(trimmed)) return 'country'
  return trimmed.includes('/') ? 'cidr' : 'ip'
}

/** The bulk paste's body: values one per line, and what every entry made of them gets. */
export const BlocklistImportBody = jsonObject(
  {
    text: v.pipe(
      v.string('must be a string'),
      v.description(
        'One value per line: an address, a network (CIDR), an AS number or a country code; text after # becomes the notes',
      ),
      v.maxLength(1_000_000, 'at most 1 MB of text'),
    ),
    action: v.optional(
      v.pipe(v.picklist(BLOCKLIST_ACTIONS, 'must be block, challenge or allow'), v.description('Every entry’s action')),
      'block',
    ),
    scope: v.optional(
      v.pipe(v.picklist(BLOCKLIST_SCOPES, 'must be platform or project'), v.description('Every entry’s scope')),
      'platform',
    ),
    project: v.optional(
      v.pipe(v.nullable(Slug), v.description('The project of project-scoped entries; null for platform')),
      null,
    ),
    expires_at: v.optional(
      v.pipe(v.nullable(IsoDateTime), v.description('When the entries stop applying; null keeps them for good')),
      null,
    ),
  },
  (issue) => (issue.input === undefined && issue.path ? 'is required' : 'must be a JSON object with text'),
)
export type BlocklistImportInput = v.InferInput<typeof BlocklistImportBody>

export type BlocklistLine = { line: number; target: BlocklistTarget; value: string; notes: string }
export type BlocklistLineProblem = { line: number; text: string; message: string }

/**
 * Pasted values one per line: blank lines and `#` comments are skipped, text after `#` becomes the
 * entry's notes, each line's target is read from its form. Invalid lines never block the valid ones.
 */
export function parseBlocklistLines(text: string): { entries: BlocklistLine[]; invalid: BlocklistLineProblem[] } {
  const entries: BlocklistLine[] = []
  const invalid: BlocklistLineProblem[] = []
  for (const { line, raw, body, comment } of pastedLines(text, MAX_BLOCKLIST_NOTES)) {
    const target = guessTarget(body)
    const result = normaliseBlocklistValue(target, body)
    if ('error' in result) {
      invalid.push({ line, text: raw.trim().slice(0, 200), message: result.error })
      continue
    }
    entries.push({ line, target, value: result.value, notes: comment })
  }
  return { entries, invalid }
}

/** A pasted entry's name: its target and value as a slug (`ip-203-0-113-7`, `asn-13335`, `country-fr`). */
export function blocklistNameOf(target: BlocklistTarget, value: string): string {
  const slug = value
    .toLowerCase()
    .replace(/^as/, target === 'asn' ? '' : 'as')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${target}-${slug}`.slice(0, 56).replace(/-+$/, '')
}
