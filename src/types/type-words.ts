import { titleInSentence } from '../domain/resource-ui.ts'
import { typeEntryOf } from './registry.ts'

/** One resource of a type in a sentence: 'wafconfigs' -> 'WAF policy' (the registry's `one`, src/types/labels.ts). */
export { typeOneOf } from './labels.ts'

/** Several of a type in a sentence, acronyms kept: 'wafconfigs' -> 'WAF policies' (the type catalogue). */
export function typeManyOf(apiType: string): string {
  const entry = typeEntryOf(apiType)
  return entry ? titleInSentence({ title: entry.label }) : apiType
}

/** Whether a type protects a website's traffic (`TypeEntry.protection`). */
export function isProtectionType(apiType: string): boolean {
  return typeEntryOf(apiType)?.protection === true
}
