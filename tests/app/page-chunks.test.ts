// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../src/domain/session.ts'
import {
  BOOT_SOURCE,
  bootFiles,
  declaredPath,
  fixedPath,
  type Manifest,
  type PageChunks,
  PRELOAD_PAGE,
  pageChunks,
  pageChunksScript,
  preloadPage,
  SIGN_IN_SOURCE,
  startClosure,
} from '../../src/page-chunks.ts'

const SESSION_KEYS = [STORAGE_KEYS.authToken, STORAGE_KEYS.oauthToken]

/**
 * A build in the shape Vite writes it: the entry, which imports the boot module dynamically, the shell and
 * two routes sharing a chunk.
 */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_framework.js'], dynamicImports: [BOOT_SOURCE] },
  [BOOT_SOURCE]: { file: 'assets/boot.js', imports: ['_start.js'] },
  '_framework.js': { file: 'assets/framework.js' },
  '_start.js': { file: 'assets/start.js', imports: ['_framework.js'] },
  'routes/-shell/Shell.tsx': { file: 'assets/Shell.js', imports: ['_shell.js'] },
  '_shell.js': { file: 'assets/shell.js', imports: ['_framework.js', '_start.js'] },
  'routes/home.tsx?tsr-split=component': { file: 'assets/home.js', imports: ['_framework.js', '_shell.js'] },
  'routes/websites.tsx?tsr-split=component': { file: 'assets/websites.js', imports: ['_list.js', '_shell.js'] },
  'routes/websites-detail.{-$website_name}.tsx?tsr-split=component': {
    file: 'assets/websites-detail.js',
    imports: ['_list.js'],
  },
  '_list.js': { file: 'assets/list.js', imports: ['_start.js'] },
  'routes/index.tsx?tsr-split=component': { file: 'assets/sign-in.js', imports: ['_start.js'] },
  [SIGN_IN_SOURCE]: { file: 'assets/SignInScreen.js', imports: ['_framework.js', '_start.js'] },
}
const ROUTES = {
  'routes/home.tsx': '/home',
  'routes/websites.tsx': '/websites',
  'routes/websites-detail.{-$website_name}.tsx': '/websites-detail/{-$website_name}',
  'routes/index.tsx': '/',
}

/** The files the inline script asks the browser to preload, run as index.html would at `path`. */
function preloadedAt(path: string, chunks: PageChunks, stored = true): string[] {
  document.head.innerHTML = ''
  if (stored) window.localStorage.setItem(STORAGE_KEYS.authToken, 'secret-token')
  window.history.replaceState(null, '', path)
  new Function(pageChunksScript(chunks, SESSION_KEYS))()
  return [...document.head.querySelectorAll('link')].map((link) => {
    expect(link.rel).toBe('modulepreload')
    return new URL(link.href).pathname
  })
}

/** The files preloaded so far, as their paths. */
function preloaded(): string[] {
  return [...document.head.querySelectorAll('link')].map((link) => new URL(link.href).pathname)
}

afterEach(() => {
  Reflect.deleteProperty(window, PRELOAD_PAGE)
  document.head.innerHTML = ''
  window.localStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('route paths', () => {
  it('keeps the fixed part of a path', () => {
    expect(fixedPath('/home')).toBe('/home')
    expect(fixedPath('/websites-detail/{-$website_name}')).toBe('/websites-detail')
    expect(fixedPath('/admin/projects-edit/{-$projects_name}')).toBe('/admin/projects-edit')
    expect(fixedPath('/admin/')).toBe('/admin')
    expect(fixedPath('/')).toBe('/')
  })

  it('reads the path a route file declares', () => {
    expect(declaredPath("export const Route = createFileRoute('/home')({ component: Home })")).toBe('/home')
    expect(declaredPath('export function helper() {}')).toBeNull()
  })

  it('finds a declared path in every route file of the console', () => {
    // A path, not a URL: this file runs under happy-dom, whose URL the file system does not take.
    const routes = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'routes')
    const files = readdirSync(routes).filter((name) => name.endsWith('.tsx') && !name.startsWith('__'))
    const undeclared = files.filter((name) => declaredPath(readFileSync(join(routes, name), 'utf8')) === null)
    expect(files.length).toBeGreaterThan(50)
    expect(undeclared).toEqual([])
  })
})

describe('the start', () => {
  it('is the entry, the boot module it imports dynamically, and what both import statically', () => {
    expect([...startClosure(MANIFEST)].sort()).toEqual(['_framework.js', '_start.js', 'index.html', BOOT_SOURCE])
  })

  it("names the boot module's files that the entry's own preload links miss", () => {
    expect(bootFiles(MANIFEST).sort()).toEqual(['assets/boot.js', 'assets/start.js'])
  })

  it('refuses a build without the boot module: its files would go unpreloaded', () => {
    const { [BOOT_SOURCE]: _boot, ...without } = MANIFEST
    expect(() => startClosure(without)).toThrow(`the build manifest has no ${BOOT_SOURCE}`)
  })
})

describe('the files a stored session preloads', () => {
  const chunks = pageChunks(MANIFEST, 'routes/-shell/Shell.tsx', ROUTES)

  it('lists the shell first and each page beyond the entry and the shell', () => {
    expect(chunks.files.slice(0, chunks.shell).sort()).toEqual(['assets/Shell.js', 'assets/shell.js'])
    const filesOf = (path: string) => (chunks.pages[path] ?? []).map((index) => chunks.files[index]).sort()
    expect(filesOf('/home')).toEqual(['assets/home.js'])
    expect(filesOf('/websites')).toEqual(['assets/list.js', 'assets/websites.js'])
    expect(filesOf('/websites-detail')).toEqual(['assets/list.js', 'assets/websites-detail.js'])
    expect(filesOf('/')).toEqual(['assets/sign-in.js'])
    // A file two pages share is listed once.
    expect(chunks.files.filter((file) => file === 'assets/list.js')).toHaveLength(1)
  })

  it("preloads the sign-in page's code alone without a stored session, whatever the path", () => {
    expect(preloadedAt('/home', chunks, false)).toEqual(['/assets/SignInScreen.js'])
    expect(preloadedAt('/', chunks, false)).toEqual(['/assets/SignInScreen.js'])
  })

  it("never preloads the sign-in page's code for a stored session", () => {
    expect(preloadedAt('/home?project=shop', chunks)).not.toContain('/assets/SignInScreen.js')
    expect(preloadedAt('/', chunks)).not.toContain('/assets/SignInScreen.js')
  })

  it("preloads the shell and the page's files, a detail page by its fixed path", () => {
    expect(preloadedAt('/home?project=shop', chunks).sort()).toEqual([
      '/assets/Shell.js',
      '/assets/home.js',
      '/assets/shell.js',
    ])
    expect(preloadedAt('/websites-detail/shop-example-com?project=shop', chunks).sort()).toEqual([
      '/assets/Shell.js',
      '/assets/list.js',
      '/assets/shell.js',
      '/assets/websites-detail.js',
    ])
    expect(preloadedAt('/websites/', chunks)).toContain('/assets/websites.js')
  })

  it('preloads only the shell on a path no route declares', () => {
    expect(preloadedAt('/no-such-page/deeper', chunks).sort()).toEqual(['/assets/Shell.js', '/assets/shell.js'])
  })

  it('fails without an entry or a shell in the manifest', () => {
    expect(() => pageChunks({}, 'routes/-shell/Shell.tsx', ROUTES)).toThrow(/no entry/)
    expect(() =>
      pageChunks(
        { 'index.html': MANIFEST['index.html'] as never, [BOOT_SOURCE]: MANIFEST[BOOT_SOURCE] as never },
        'routes/-shell/Shell.tsx',
        ROUTES,
      ),
    ).toThrow(/no routes\/-shell\/Shell\.tsx/)
  })
})

describe('the files of a page the router starts loading', () => {
  const chunks = pageChunks(MANIFEST, 'routes/-shell/Shell.tsx', ROUTES)

  it("preloads a page's files when the console asks, with or without a stored session", () => {
    preloadedAt('/', chunks, false)
    expect(preloaded()).toEqual(['/assets/SignInScreen.js'])
    preloadPage('/websites-detail/shop-example-com')
    expect(preloaded().sort()).toEqual(['/assets/SignInScreen.js', '/assets/list.js', '/assets/websites-detail.js'])
  })

  it('asks for each file once', () => {
    preloadedAt('/home', chunks)
    preloadPage('/home')
    preloadPage('/websites')
    preloadPage('/websites-detail/shop-example-com')
    const files = preloaded()
    expect(files.sort()).toEqual([
      '/assets/Shell.js',
      '/assets/home.js',
      '/assets/list.js',
      '/assets/shell.js',
      '/assets/websites-detail.js',
      '/assets/websites.js',
    ])
  })

  it('preloads nothing for a path no route declares, nor outside index.html', () => {
    preloadPage('/home')
    expect(preloaded()).toEqual([])
    preloadedAt('/', chunks, false)
    preloadPage('/no-such-page')
    expect(preloaded()).toEqual(['/assets/SignInScreen.js'])
  })
})
