/**
 * Build-time (src/prerender.tsx): which JavaScript files each page needs beyond the entry's, read from
 * Vite's build manifest, and the inline script in index.html that fetches them: a stored session's first
 * page while the entry downloads, and every page the router starts loading after that (`preloadPage`).
 * Without it the browser learns of the shell's code only once the framework has run, and of the page's
 * code a step later: two round trips after the largest download instead of during it.
 */

export type ManifestChunk = {
  file: string
  name?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

/**
 * V8's explicit compile hint (Chrome 136 and later): a file that starts with this comment has all its
 * functions compiled on a background thread while it downloads, instead of each one on the main thread
 * when it is first called. The chunks every page runs at start carry it (vite.config.ts, `compileHints`):
 * on a phone most of their evaluation task was that compiling (docs/benchmarks.md, issue 27, change 14).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
/**
 * The chunks (by their name in the build) that carry the compile hint: the framework, the start and the
 * signed-in frame. A page's own chunks do not: the hint on every chunk measured no better.
 */
export const EAGER_CHUNKS: readonly string[] = ['framework', 'start', 'shell']
export type Manifest = Record<string, ManifestChunk>

/**
 * The console's boot module: the entry (src/main.tsx) imports it dynamically once the framework's modules
 * have run, so that its chunk runs in a task of its own. Every page runs it before its first render, and
 * index.html preloads its files beside the entry's (src/prerender.tsx).
 */
export const BOOT_SOURCE = 'src/root/boot.ts'

/**
 * The sign-in page's code, which the root route imports dynamically: loaded before the first render where
 * no session is stored (index.html preloads its files then), and otherwise only when the page shows.
 */
export const SIGN_IN_SOURCE = 'routes/-shell/SignInScreen.tsx'

/** A manifest key and every key it imports statically. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into
  into.add(key)
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into)
  return into
}

/** The manifest key of the build's entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entry) throw new Error('the build manifest has no entry')
  return entry
}

/**
 * What every page loads before its first render: the entry, the boot module (BOOT_SOURCE) and what either
 * imports statically.
 */
export function startClosure(manifest: Manifest): Set<string> {
  const entry = entryKey(manifest)
  if (!manifest[BOOT_SOURCE]) throw new Error(`the build manifest has no ${BOOT_SOURCE}`)
  return staticClosure(manifest, BOOT_SOURCE, staticClosure(manifest, entry))
}

/**
 * The files of the boot module's chunks that the entry does not import statically: Vite's modulepreload
 * links in index.html name only the entry's static imports, and without links of their own these would be
 * fetched only once the framework has run.
 */
export function bootFiles(manifest: Manifest): string[] {
  const entryKeys = staticClosure(manifest, entryKey(manifest))
  return [...startClosure(manifest)].filter((key) => !entryKeys.has(key)).map((key) => manifest[key]?.file ?? key)
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
  /** The sign-in page's files (SIGN_IN_SOURCE's beyond the start), as indexes into `files`. */
  signIn: number[]
}

/**
 * The shell's files and each route's, less what the start already loads (and, for a route, less the
 * shell's), and the sign-in page's. `routes` maps a route source file (`routes/home.tsx`) to the path it
 * declares.
 */
export function pageChunks(
  manifest: Manifest,
  shellSource: string,
  routes: Record<string, string>,
  signInSource = SIGN_IN_SOURCE,
): PageChunks {
  const loaded = startClosure(manifest)
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
  const signIn = new Set<string>()
  for (const key of keysOf(manifest, signInSource)) staticClosure(manifest, key, signIn)
  return { files, shell: shellCount, pages, signIn: [...signIn].filter((key) => !loaded.has(key)).map(indexOf) }
}

/**
 * The global function index.html's inline script defines: it adds modulepreload links for a page's files,
 * by its path. The root route calls it as the router starts loading a page (a navigation, or a link
 * hovered or focused), so that the browser fetches all of the page's files at once rather than learning
 * of each file's imports from the file before it.
 */
export const PRELOAD_PAGE = 'wadpPreloadPage'

/** Preloads the files of the page at `path` (nothing outside a build's index.html: development, tests). */
export function preloadPage(path: string): void {
  const preload = (window as unknown as Partial<Record<typeof PRELOAD_PAGE, (path: string) => void>>)[PRELOAD_PAGE]
  preload?.(path)
}

/**
 * The inline script (ES5): defines the PRELOAD_PAGE function, which finds a page by its fixed path
 * (dropping trailing segments: a detail page's name, a path no route declares, which then fetches
 * nothing) and adds a modulepreload link for each of its files that has none yet (Vite's own preloading
 * of a dynamic import adds them too); then, when a session is stored, preloads the shell's files and the
 * files of the page in the URL, and otherwise the sign-in page's, which the first render shows.
 */
export function pageChunksScript(chunks: PageChunks, sessionKeys: readonly string[]): string {
  // Vite names every chunk assets/….js: the script says it once.
  const [prefix, suffix] = chunks.files.every((file) => file.startsWith('assets/') && file.endsWith('.js'))
    ? ['assets/', '.js']
    : ['', '']
  const files = JSON.stringify(chunks.files.map((file) => file.slice(prefix.length, file.length - suffix.length)))
  const pages = JSON.stringify(chunks.pages)
  const signIn = JSON.stringify(chunks.signIn)
  return `(function(){var f=${files},m=${pages},d={};function l(n){for(var i=0;i<n.length;i++){var h='/${prefix}'+f[n[i]]+'${suffix}';if(d[h]||document.querySelector('link[href="'+h+'"]'))continue;d[h]=1;var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=h;document.head.appendChild(k)}}function g(p){p=p.replace(/\\/+$/,'')||'/';while(p&&!m[p])p=p.slice(0,p.lastIndexOf('/'));return m[p]||[]}window.${PRELOAD_PAGE}=function(p){try{l(g(p))}catch(e){}};try{var s=localStorage;if(!${JSON.stringify(sessionKeys)}.some(function(k){return s.getItem(k)})){l(${signIn});return}var n=[],i;for(i=0;i<${chunks.shell};i++)n.push(i);l(n.concat(g(location.pathname)))}catch(e){}})()`
}
