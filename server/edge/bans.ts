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
 * A text as a regular expression for a ban's word: `classQuote`, except that a character Varnish's command
 * line cannot carry (a space, a quote, a backslash) matches any character (a ban that takes a few more
 * objects costs only their next fetch).
 */
function loosePattern(text: string): string {
  return [...text].map((char) => (unsafe(char) ? '.' : classQuote(char))).join('')
}

/**
 * The path and query of an absolute URL as it is written, the way a client such as curl sends it
 * (`/a{b}`), without its fragment; `new URL()` percent-encodes some characters (`/a%7Bb%7D`, as a browser
 * sends it), and a node caches each form as it was asked for.
 */
export function writtenPath(target: string): string {
  const rest = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\\?#]*([^#]*)/.exec(target)?.[1] ?? ''
  return rest.startsWith('/') ? rest : `/${rest}`
}

/** The forms of a URL's path and query a client may send: as written and as `new URL()` normalises it. */
function pathForms(target: string, url: URL): string[] {
  return [...new Set([`${url.pathname}${url.search}`, writtenPath(target)])]
}

/**
 * The `ban` commands (each as its words) that carry out an invalidation on a Varnish node (EDGE.md):
 * a URL bans that host and exact path, a prefix that host and every path starting so (each path both as
 * written and as `new URL()` normalises it, since clients send either), a host all of it,
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
      return invalidation.targets.flatMap((target) => {
        const url = new URL(target)
        const onHost = ['ban', 'req.http.host', '==', host(url.hostname), '&&', 'req.url']
        return pathForms(target, url).map((path) => {
          if (invalidation.type === 'prefix') return [...onHost, '~', `^${loosePattern(path)}`]
          return unsafe(path) ? [...onHost, '~', `^${loosePattern(path)}$`] : [...onHost, '==', path]
        })
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
