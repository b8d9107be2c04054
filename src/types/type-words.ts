import { typeEntryOf } from './registry.ts'

/** One resource of a type in a sentence: 'wafconfigs' -> 'WAF policy', 'pagerules' -> 'page rule' (the type catalogue). */
export function typeOneOf(apiType: string): string {
  const entry = typeEntryOf(apiType)
  if (!entry) return apiType
  if (entry.one) return entry.one
  const words = entry.label.split(' ').map((word) => (/^[A-Z]{2}/.test(word) ? word : word.toLowerCase()))
  const last = (words.pop() ?? '').replace(/ies$/, 'y').replace(/s$/, '')
  return [...words, last].join(' ')
}

/** Whether a type protects a website's traffic (`TypeEntry.protection`). */
export function isProtectionType(apiType: string): boolean {
  return typeEntryOf(apiType)?.protection === true
}
