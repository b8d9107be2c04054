import { FIELD_LABELS } from './field-labels.ts'
import { humanise } from './labels.ts'

/** The fields every resource has, which no type's form lists among its own. */
const COMMON: Record<string, string> = { name: 'Name', display_name: 'Display name' }

/**
 * A field of a type as its form labels it (`ratelimits`, `penalty_s` → `Penalty (s)`), by dotted path;
 * a path no form shows (a nested value, a server-kept one) in words after its parent's label.
 */
export function fieldLabelOf(type: string, path: string): string {
  const own = FIELD_LABELS[type]?.[path] ?? COMMON[path]
  if (own) return own
  const dot = path.lastIndexOf('.')
  if (dot <= 0) return humanise(path)
  return `${fieldLabelOf(type, path.slice(0, dot))}: ${humanise(path.slice(dot + 1))}`
}
