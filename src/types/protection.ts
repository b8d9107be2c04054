import { linksIn, type ResourceLink, throughText } from '../domain/resource-links.ts'
import { type Draft, type ResourceUi, referenceFieldsOf, type SummaryLine } from '../domain/resource-ui.ts'
import { isProtectionType, typeManyOf, typeOneOf } from './type-words.ts'

/**
 * The "Protection" line of a detail page: every protection that applies to the resource (a website, a page
 * rule, a director…), each with where it comes from: 'WAF policy strict, through director shop-pool'.
 * Read from the record's `uses` (a GET of one: what it uses, directly or through others). None for a
 * record without `uses`; 'None' for one whose type can name a protection but has none.
 */
export function protectionLine(ui: Pick<ResourceUi, 'sections'>, record: Draft): SummaryLine | null {
  if (!Array.isArray(record.uses)) return null
  const links = linksIn(record.uses).filter((link) => isProtectionType(link.type))
  if (links.length === 0 && !Object.values(referenceFieldsOf(ui)).some(isProtectionType)) return null
  return { label: 'Protection', value: protectionText(links, 'None') }
}

/**
 * The protection links in one line, those of a type that come the same way together: 'TLS policy tls;
 * rate limits login, api; WAF policy strict, through director shop-pool'; `none` when there is none.
 */
export function protectionText(links: readonly ResourceLink[], none: string): string {
  if (links.length === 0) return none
  const groups = new Map<string, { type: string; through: string; names: string[] }>()
  for (const link of links) {
    const through = throughText(link, typeOneOf)
    const key = `${link.type}|${through}`
    const group = groups.get(key) ?? { type: link.type, through, names: [] }
    group.names.push(link.name)
    groups.set(key, group)
  }
  return [...groups.values()]
    .map(({ type, through, names }) => {
      const what = names.length === 1 ? typeOneOf(type) : typeManyOf(type)
      return `${what} ${names.join(', ')}${through ? `, ${through}` : ''}`
    })
    .join('; ')
}
