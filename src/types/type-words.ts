import { titleInSentence } from '../domain/resource-ui.ts'
import { typeEntryOf } from './registry.ts'

/** One resource of a type in a sentence: 'wafconfigs' -> 'WAF policy', 'pagerules' -> 'page rule' (the type catalogue). */
export function typeOneOf(apiType: string): string {
  const entry = typeEntryOf(apiType)
  if (!entry) return apiType
  if (entry.one) return entry.one
  return typeManyOf(apiType).replace(/ies$/, 'y').replace(/s$/, '')
}

/** Several of a type in a sentence, acronyms kept: 'wafconfigs' -> 'WAF policies' (the type catalogue). */
export function typeManyOf(apiType: string): string {
  const entry = typeEntryOf(apiType)
  return entry ? titleInSentence({ title: entry.label }) : apiType
}

/** Whether a type protects a website's traffic (`TypeEntry.protection`). */
export function isProtectionType(apiType: string): boolean {
  return typeEntryOf(apiType)?.protection === true
}
