import { typeEntryOf } from './registry.ts'

/**
 * What people read where the API says an identifier: a type (`ratelimits`), a search result's type
 * (`waf-policies`), an audit action (`le-cert.update`). The words come from each type's registry row
 * (`label`, `one`); audit actions are worded in src/types/action-labels.ts, field labels (heavier) in
 * src/types/field-names.ts.
 */

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** An identifier nothing names, as words (`rotate-secret` → `Rotate secret`): better than the identifier. */
export const humanise = (id: string) => capitalise(id.replaceAll(/[_-]+/g, ' ').trim())

/** What audit entries name that is no resource type: an invalidation is an action of the purge service. */
const OTHER_TYPES: Record<string, string> = { purge: 'invalidation' }

/** One of a type, in a sentence: `rate limit`, `LE certificate`. */
export function typeOneOf(type: string): string {
  return typeEntryOf(type)?.one ?? OTHER_TYPES[type] ?? humanise(type).toLowerCase()
}

/** A resource in a sentence or a toast: `Rate limit "login-throttle"`. */
export const resourceLabel = (type: string, name: string) => `${capitalise(typeOneOf(type))} "${name}"`
