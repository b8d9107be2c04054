import type { EdgeInvalidation } from '../../src/domain/edge-node.ts'

/**
 * A text as a regular expression that matches exactly it, written without a backslash or a space:
 * Varnish's command line reads backslashes in a ban's words as escapes of its own, so every character
 * but letters, digits and a few plain ones goes in a class of its own (`.` as `[.]`). `^` has no class
 * of its own without a backslash: `[$^]` matches it (and `$`, which no URL or tag confuses with it).
 */
export function classQuote(text: string): string {
  return [...text]
    .map((char) => {
      if (/[A-Za-z0-9\-_/%=&:;,@!~'<>#`]/.test(char)) return char
      if (char === '^') return '[$^]'
      if (char === ']') return '[]]'
      return `[${char}]`
    })
    .join('')
}

/** Why a text cannot be a word of a ban on Varnish's command line (a space, a quote, a backslash), or null. */
function unsafe(text: string): string | null {
  return /[\s"\\]/.test(text) ? 'contains a space, a quote or a backslash' : null
}

/**
 * The `ban` commands (each as its words) that carry out an invalidation on a Varnish node (EDGE.md):
 * a URL bans that host and exact path, a prefix that host and every path starting so, a host all of it,
 * a tag every object of the project's hosts whose origin tagged it (`Surrogate-Key` or `Cache-Tag`, kept
 * by the project's VCL as `X-Wadp-Tags`: a node's cache holds every project's objects, and another
 * project's origin may use the same tag), all every host of the project. Throws with the reason when a
 * target cannot be said to Varnish.
 */
export function banCommands(invalidation: EdgeInvalidation): string[][] {
  const host = (value: string) => value.toLowerCase()
  switch (invalidation.type) {
    case 'url':
    case 'prefix':
      return invalidation.targets.map((target) => {
        const url = new URL(target)
        const path = `${url.pathname}${url.search}`
        const problem = unsafe(path)
        if (problem) throw new Error(`${target} ${problem}`)
        return invalidation.type === 'url'
          ? ['ban', 'req.http.host', '==', host(url.hostname), '&&', 'req.url', '==', path]
          : ['ban', 'req.http.host', '==', host(url.hostname), '&&', 'req.url', '~', `^${classQuote(path)}`]
      })
    case 'host':
      return invalidation.targets.map((target) => ['ban', 'req.http.host', '==', host(target)])
    case 'tag':
      if (invalidation.hosts.length === 0) return []
      return invalidation.targets.map((tag) => {
        const problem = unsafe(tag)
        if (problem) throw new Error(`tag ${tag} ${problem}`)
        return ['ban', 'obj.http.X-Wadp-Tags', '~', `,${classQuote(tag)},`, '&&', ...projectHosts(invalidation)]
      })
    case 'all':
      if (invalidation.hosts.length === 0) return []
      return [['ban', ...projectHosts(invalidation)]]
  }
}

/** A ban's condition on the project's hosts (the request's host is part of every object's hash). */
function projectHosts(invalidation: EdgeInvalidation): string[] {
  return ['req.http.host', '~', `^(${invalidation.hosts.map(classQuote).join('|')})$`]
}
