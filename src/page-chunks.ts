/**
 * Build-time (src/prerender.tsx): which JavaScript files a stored session's first page needs beyond the
 * entry's, read from Vite's build manifest, and the inline script that fetches them from index.html.
 * Without it the browser learns of the shell's code only once the framework has run, and of the page's
 * code a step later: two round trips after the largest download instead of during it.
 */

export type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] }
export type Manifest = Record<string, ManifestChunk>

/** A manifest key and every key it imports statically. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into
  into.add(key)
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into)
  return into
}

/** The manifest keys of a source file: the file itself and its code-split parts (`routes/home.tsx?tsr-split=…`). */
export function keysOf(manifest: Manifest, source: string): string[] {
  return Object.keys(manifest).filter((key) => key === source || key.startsWith(`${source}?`))
}

/**
 * A route path's fixed part, which is what the inline script looks up: `/websites-detail/{-$website_name}`
 * gives `/websites-detail`, `/admin/` gives `/admin`, `/` stays `/`.
 */
export function fixedPath(routePath: string): string {
  return `/${routePath
    .split('/')
    .filter((segment) => segment !== '' && !segment.includes('$'))
    .join('/')}`
}

/** The path a file route declares (`createFileRoute('/home')`), or null for a file that is not a route. */
export function declaredPath(source: string): string | null {
  return /createFileRoute\(\s*['"]([^'"]+)['"]\s*\)/.exec(source)?.[1] ?? null
}

export type PageChunks = {
  /** Every file to fetch, without a leading slash; the shell's first. */
  files: string[]
  /** How many of `files`, from the start, the shell needs (every signed-in page). */
  shell: number
  /** A page's own files, by fixed path, as indexes into `files`. */
  pages: Record<string, number[]>
}

/**
 * The shell's files and each route's, less what the entry already loads (and, for a route, less the
 * shell's). `routes` maps a route source file (`routes/home.tsx`) to the path it declares.
 */
export function pageChunks(manifest: Manifest, shellSource: string, routes: Record<string, string>): PageChunks {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entry) throw new Error('the build manifest has no entry')
  const loaded = staticClosure(manifest, entry)
  const shellKeys = keysOf(manifest, shellSource)
  if (shellKeys.length === 0) throw new Error(`the build manifest has no ${shellSource}`)
  const files: string[] = []
  const indexOf = (key: string) => {
    const file = manifest[key]?.file ?? key
    const known = files.indexOf(file)
    return known >= 0 ? known : files.push(file) - 1
  }
  const shell = new Set<string>()
  for (const key of shellKeys) staticClosure(manifest, key, shell)
  for (const key of shell) if (!loaded.has(key)) indexOf(key)
  const shellCount = files.length
  const pages: Record<string, number[]> = {}
  for (const [source, path] of Object.entries(routes)) {
    const own = new Set<string>()
    for (const key of keysOf(manifest, source)) staticClosure(manifest, key, own)
    const needed = [...own].filter((key) => !loaded.has(key) && !shell.has(key))
    if (needed.length > 0) pages[fixedPath(path)] = needed.map(indexOf)
  }
  return { files, shell: shellCount, pages }
}

/**
 * The inline script (ES5): when a session is stored, adds a modulepreload link for the shell's files and
 * for the files of the page in the URL (its fixed path, found by dropping trailing segments: a detail
 * page's name, a path no route declares, which then fetches nothing).
 */
export function pageChunksScript(chunks: PageChunks, sessionKeys: readonly string[]): string {
  // Vite names every chunk assets/….js: the script says it once.
  const [prefix, suffix] = chunks.files.every((file) => file.startsWith('assets/') && file.endsWith('.js'))
    ? ['assets/', '.js']
    : ['', '']
  const files = JSON.stringify(chunks.files.map((file) => file.slice(prefix.length, file.length - suffix.length)))
  const pages = JSON.stringify(chunks.pages)
  return `(function(){try{var s=localStorage;if(!${JSON.stringify(sessionKeys)}.some(function(k){return s.getItem(k)}))return;var f=${files},m=${pages},n=[],i,p=location.pathname.replace(/\\/+$/,'')||'/';for(i=0;i<${chunks.shell};i++)n.push(i);while(p&&!m[p])p=p.slice(0,p.lastIndexOf('/'));n=n.concat(m[p]||[]);for(i=0;i<n.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/${prefix}'+f[n[i]]+'${suffix}';document.head.appendChild(l)}}catch(e){}})()`
}
