/**
 * How one resource reaches another through references, as the API answers it in `referenced_by` (what
 * uses this one) and `uses` (what this one uses): a website names its director in `default_director`,
 * and the director names its WAF policy in `waf_config`.
 */

/** A resource on the way, with its field that names the next one (or the end of the chain). */
export type LinkStep = { type: string; name: string; field: string }

/**
 * The resource at the far end (`type`, `name`); `field` is the first field of the chain, at the resource
 * that uses; `through` the resources in between, in order from that one (absent: it names the other
 * directly). The WAF policy `strict` is used by website `shop` with `field: 'default_director'`,
 * `through: [{type: 'directors', name: 'shop-pool', field: 'waf_config'}]`.
 */
export type ResourceLink = LinkStep & { through?: LinkStep[] }

/** How far the chains go: a website, its page rule, that rule's director, the director's WAF policy. */
export const LINK_DEPTH = 3

/** Whether a value read from an answer is a list of links (what the console shows of `referenced_by`, `uses`). */
export function linksIn(value: unknown): ResourceLink[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (link): link is ResourceLink =>
      typeof link === 'object' && link !== null && typeof link.type === 'string' && typeof link.name === 'string',
  )
}

/**
 * Where a link comes from, in words: '' when direct, else 'through director shop-pool' ('through page rule
 * api and director api-pool'); `one` names a type in a sentence ('directors' -> 'director').
 */
export function throughText(link: ResourceLink, one: (type: string) => string): string {
  const steps = link.through ?? []
  if (steps.length === 0) return ''
  const named = steps.map((step) => `${one(step.type)} ${step.name}`)
  const last = named.pop()
  return `through ${named.length > 0 ? `${named.join(', ')} and ${last}` : last}`
}
