import { linksIn, type ResourceLink, throughText } from '../domain/resource-links.ts'
import { type Draft, getPath, type ResourceUi, referenceFieldsOf } from '../domain/resource-ui.ts'
import { isProtectionType, typeLabelOf, typeOneOf } from './resource-routes.ts'

/**
 * Every protection that applies to a resource (a website, a page rule), each with where it comes from:
 * 'WAF policy strict, through director shop-pool'. Read from the record's `uses` (a GET of one: what it
 * uses, directly or through others); a record without it (an older answer) shows its own references.
 */
export function protectionLinks(ui: Pick<ResourceUi, 'sections'>, record: Draft): ResourceLink[] {
  const links =
    record.uses === undefined
      ? Object.entries(referenceFieldsOf(ui)).flatMap(([field, type]) => {
          const value = getPath(record, field)
          const names = (Array.isArray(value) ? value : [value]).filter((name) => typeof name === 'string' && name)
          return names.map((name) => ({ type, name: String(name), field }))
        })
      : linksIn(record.uses)
  return links.filter((link) => isProtectionType(link.type))
}

/** 'WAF Policies' -> 'WAF policies': a type's label in a sentence, acronyms kept. */
const inSentence = (label: string) =>
  label
    .split(' ')
    .map((word) => (/^[A-Z]{2}/.test(word) ? word : word.toLowerCase()))
    .join(' ')

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
      const what = names.length === 1 ? typeOneOf(type) : inSentence(typeLabelOf(type))
      return `${what} ${names.join(', ')}${through ? `, ${through}` : ''}`
    })
    .join('; ')
}
