import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')

function sourceFiles(dir: string): string[] {
  const path = join(ROOT, dir)
  try {
    statSync(path)
  } catch {
    return []
  }
  return readdirSync(path, { recursive: true })
    .map(String)
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.gen.ts'))
    .map((file) => join(dir, file))
}

/** Every relative import of a file, as a path from the repository root; type-only imports excepted. */
function localImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/^import type [^;]*?from\s+['"][^'"]+['"]/gm, '')
  const specifiers = [
    ...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
  return specifiers.map((specifier) => relative(ROOT, resolve(ROOT, dirname(file), specifier)))
}

function violations(fromDirs: string[], allowed: (target: string) => boolean): string[] {
  return fromDirs.flatMap(sourceFiles).flatMap((file) =>
    localImports(file)
      .filter((target) => !allowed(target))
      .map((target) => `${file} -> ${target}`),
  )
}

const within =
  (...dirs: string[]) =>
  (target: string) =>
    dirs.some((dir) => target === dir || target.startsWith(`${dir}/`))

describe('import direction (ARCHITECTURE.md)', () => {
  it('keeps src/domain free of everything but itself', () => {
    expect(violations(['src/domain'], within('src/domain'))).toEqual([])
  })

  it('lets machines import only src/domain', () => {
    expect(violations(['machines'], within('machines', 'src/domain'))).toEqual([])
  })

  it('lets the server import only itself and src/domain', () => {
    expect(violations(['server'], within('server', 'src/domain', 'package.json'))).toEqual([])
  })

  it('keeps the console away from the server', () => {
    expect(violations(['src', 'routes', 'machines'], (target) => !within('server')(target))).toEqual([])
  })

  it('keeps views and UI primitives presentational: no API clients, queries or machines', () => {
    expect(violations(['src/views', 'src/ui'], within('src/views', 'src/ui', 'src/domain'))).toEqual([])
  })

  it('lets routes read machines, queries, views and UI primitives, not API clients or the composition layer', () => {
    const allowed = within(
      'routes',
      'src/views',
      'src/ui',
      'src/queries',
      'src/domain',
      'machines',
      'src/routeTree.gen.ts',
    )
    expect(violations(['routes'], allowed)).toEqual([])
  })

  it('lets API clients import only src/domain', () => {
    expect(violations(['src/api'], within('src/api', 'src/domain'))).toEqual([])
  })

  it('imports routes from nowhere but the generated route tree', () => {
    const importers = ['src', 'machines', 'server', 'routes']
      .flatMap(sourceFiles)
      .filter((file) => !file.startsWith('routes/'))
    const offenders = importers.flatMap((file) =>
      localImports(file)
        .filter(within('routes'))
        .map((target) => `${file} -> ${target}`),
    )
    expect(offenders).toEqual([])
  })

  it('finds the imports it checks (the check itself works)', () => {
    expect(localImports('server/app.ts')).toContain('server/services/auth.ts')
  })
})

describe('screens', () => {
  it('has no route that renders a placeholder instead of its screen', () => {
    // Issue 14 built the last screens the placeholder (ComingSoonPage) stood in for, and removed it.
    const placeholders = [...sourceFiles('routes'), ...sourceFiles('src')].filter((file) =>
      /ComingSoon|This screen is built with its resource type|coming soon/i.test(
        readFileSync(join(ROOT, file), 'utf8'),
      ),
    )
    expect(placeholders).toEqual([])
  })

  it('gives every route file a component of its own', () => {
    const routeFiles = readdirSync(join(ROOT, 'routes')).filter(
      (file) => file.endsWith('.tsx') && file !== '__root.tsx',
    )
    const without = routeFiles.filter((file) => !/component:/.test(readFileSync(join(ROOT, 'routes', file), 'utf8')))
    expect(without).toEqual([])
  })
})
