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

/**
 * Every relative import of a file, as a path from the repository root: static, dynamic and bare
 * (`import './x'`, for its side effects); type-only imports excepted unless `types` asks for them.
 */
function localImports(file: string, { types = false } = {}): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8')
  const text = types ? source : source.replace(/^import type [^;]*?from\s+['"][^'"]+['"]/gm, '')
  const specifiers = [
    ...text.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
    ),
  ]
    .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
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

/**
 * The import circles among `files` (type-only imports included: a type circle ties the files as much
 * for a reader): each strongly connected group of two files or more, sorted.
 */
function circles(files: string[], importsOf = (file: string) => localImports(file, { types: true })): string[][] {
  const known = new Set(files)
  const resolveFile = (target: string) => [target, `${target}.ts`, `${target}.tsx`].find((path) => known.has(path))
  const edges = new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .map(resolveFile)
        .filter((target): target is string => target !== undefined),
    ]),
  )
  // Tarjan's strongly connected components.
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, counter)
    low.set(file, counter)
    counter += 1
    stack.push(file)
    onStack.add(file)
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) as number, index.get(target) as number))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop() as string
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1) found.push(group.sort())
  }
  for (const file of files) if (!index.has(file)) visit(file)
  return found
}

const within =
  (...dirs: string[]) =>
  (target: string) =>
    dirs.some((dir) => target === dir || target.startsWith(`${dir}/`))

/**
 * A type folder's server half (ADR 0006): its server definition (`server.ts`), the routes of its own
 * actions (`routes.ts`) and its VCL (`edge.ts`), each with the parts it grew beside it (`server-*.ts`,
 * `routes-*.ts`, `edge-*.ts`: the quick setup, the configuration nodes are sent); `src/types/edge-*.ts`
 * composes the types' VCL. Server code: only the server imports it.
 */
const serverHalf = (file: string) =>
  /^src\/types\/([^/]+\/)?edge(-[a-z-]+)?\.ts$/.test(file) ||
  /^src\/types\/[^/]+\/(server|routes)(-[a-z-]+)?\.ts$/.test(file)

/** The domain: `src/domain` and the console half of every type folder (fields, screen, catalogue row). */
const DOMAIN = (target: string) => within('src/domain', 'src/types')(target) && !serverHalf(target)
const domainFiles = () => ['src/domain', 'src/types'].flatMap(sourceFiles).filter(DOMAIN)
/**
 * The processes that start the server with the resource types (`npm start`, `npm run dev`): the one
 * place that imports both server/ and the types' server halves, so that the server imports no type.
 */
const PLATFORM = within('src/platform')
const serverFiles = () => [
  ...sourceFiles('server'),
  ...sourceFiles('src/types').filter(serverHalf),
  ...sourceFiles('src/platform'),
]
/** The console's own files: everything of src/, routes/ and machines/ that runs in the browser. */
const consoleFiles = () =>
  ['src', 'routes', 'machines'].flatMap(sourceFiles).filter((file) => !serverHalf(file) && !PLATFORM(file))

/**
 * The server's layers, top to bottom: a file imports its own layer or the ones below it, never one above
 * (the map in docs/architecture.md, "The server").
 */
const SERVER_LAYERS: (string | RegExp)[][] = [
  // Wiring: the processes, the app that mounts every service, the demo data put in through the services.
  // The edge agent's own process, and the local one the platform runs beside itself.
  ['src/platform'],
  [
    'server/start-report.ts',
    'server/main.ts',
    'server/app.ts',
    'server/seed.ts',
    'server/edge-agent.ts',
    'server/local-edge.ts',
  ],
  // One feature each, with its routes: backups, search, statistics, the jobs that run them; and the routes
  // of a type's own actions (an import), in its folder.
  ['server/services', /^src\/types\/[^/]+\/routes(-[a-z-]+)?\.ts$/],
  // Routing and middleware: the service builder, the resource routes, compression, headers, static files.
  ['server/http'],
  // What every router and service shares.
  ['server/context.ts'],
  // Who calls: tokens, OpenID Connect access tokens, SSO groups.
  ['server/auth'],
  // The one resource mechanism: definitions, the store, the write path; and each type's server
  // definition and VCL, in its folder.
  ['server/resources', 'server/edge', /^src\/types\/([^/]+\/)?(server|edge)(-[a-z-]+)?\.ts$/],
  // The simulated edge and the platform's own machinery: revisions, the fleet, traffic, the job queue.
  ['server/platform'],
  ['server/audit.ts', 'server/tenancy.ts', 'server/oidc'],
  // Errors, principals, secrets: what every layer above speaks.
  ['server/base'],
  ['server/db'],
]

describe('import direction (ARCHITECTURE.md)', () => {
  it("keeps the domain (src/domain and the types' console halves) free of everything but itself", () => {
    const offenders = domainFiles().flatMap((file) =>
      localImports(file)
        .filter((target) => !DOMAIN(target))
        .map((target) => `${file} -> ${target}`),
    )
    expect(offenders).toEqual([])
  })

  it('lets machines import only the domain', () => {
    expect(violations(['machines'], (target) => within('machines')(target) || DOMAIN(target))).toEqual([])
  })

  it("lets the server (and the types' server halves) import only itself and the domain", () => {
    const offenders = serverFiles().flatMap((file) =>
      localImports(file, { types: true })
        .filter(
          (target) =>
            !(within('server', 'package.json')(target) || serverHalf(target) || DOMAIN(target) || PLATFORM(target)),
        )
        .map((target) => `${file} -> ${target}`),
    )
    expect(offenders).toEqual([])
  })

  it("keeps the console away from the server and the types' server halves", () => {
    const offenders = consoleFiles().flatMap((file) =>
      localImports(file, { types: true })
        .filter((target) => within('server')(target) || serverHalf(target) || PLATFORM(target))
        .map((target) => `${file} -> ${target}`),
    )
    expect(offenders).toEqual([])
  })

  it('keeps views and UI primitives presentational: no API clients, queries or machines', () => {
    expect(
      violations(['src/views', 'src/ui'], (target) => within('src/views', 'src/ui')(target) || DOMAIN(target)),
    ).toEqual([])
  })

  it('lets routes read machines, queries, views and UI primitives, not API clients or the composition layer', () => {
    // And the page-chunk preloader, which the root route's beforeLoad calls with the page it starts
    // loading (every file of that page fetched at once: docs/architecture.md, "Size and loading").
    const allowed = within(
      'routes',
      'src/views',
      'src/ui',
      'src/queries',
      'machines',
      'src/routeTree.gen.ts',
      'src/page-chunks.ts',
    )
    // The one exception, named: the resource pages' bare import of the resource tools (in
    // useResourcePage.ts), which takes no name from them but makes the bundle fetch them with the page's
    // code, where the console's resources() finds them (a round trip saved).
    const coLoaded = (target: string) => target === 'src/app/resources.ts'
    expect(violations(['routes'], (target) => allowed(target) || DOMAIN(target) || coLoaded(target))).toEqual([])
    expect(
      sourceFiles('routes')
        .filter((file) => localImports(file).some(coLoaded))
        .map((file) => [
          file,
          /^import\s+['"][^'"]*src\/app\/resources\.ts['"]/m.test(readFileSync(join(ROOT, file), 'utf8')),
        ]),
    ).toEqual([['routes/-resources/useResourcePage.ts', true]])
  })

  it('lets API clients import only the domain', () => {
    expect(violations(['src/api'], (target) => within('src/api')(target) || DOMAIN(target))).toEqual([])
  })

  it('imports routes from nowhere but the generated route tree, not even for a type', () => {
    const importers = ['src', 'machines', 'server', 'routes']
      .flatMap(sourceFiles)
      .filter((file) => !file.startsWith('routes/'))
    const offenders = importers.flatMap((file) =>
      localImports(file, { types: true })
        .filter(within('routes'))
        .map((target) => `${file} -> ${target}`),
    )
    expect(offenders).toEqual([])
  })

  it('keeps the composition root (src/root: the router, the actors, navigation) at the top: only src/main.tsx imports it', () => {
    const importers = [...['src', 'routes', 'machines'].flatMap(sourceFiles), 'src/routeTree.gen.ts'].filter(
      (file) => !within('src/root')(file) && file !== 'src/main.tsx',
    )
    const offenders = importers.flatMap((file) =>
      localImports(file, { types: true })
        .filter(within('src/root'))
        .map((target) => `${file} -> ${target}`),
    )
    expect(offenders).toEqual([])
  })

  it('has no import circle in the console, the route tree included', () => {
    const files = [...consoleFiles(), 'src/routeTree.gen.ts']
    expect(circles(files)).toEqual([])
  })

  it('finds the imports it checks (the check itself works)', () => {
    expect(localImports('server/app.ts')).toContain('server/services/auth.ts')
    // A bare import, for its side effects only.
    expect(localImports('routes/-resources/listLoader.ts').length).toBeGreaterThan(0)
    expect(localImports('src/root/router.tsx', { types: true })).toContain('src/app/router-context.ts')
    // A type-only import counts for circles and layers.
    expect(localImports('server/context.ts', { types: true })).toContain('server/resources/service.ts')
    const imports: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] }
    expect(circles(['a', 'b', 'c', 'd'], (file) => imports[file] ?? [])).toEqual([['a', 'b', 'c']])
  })

  it("has no import circle in the server, the types' server halves included", () => {
    expect(circles(serverFiles())).toEqual([])
  })

  it('keeps the server in layers that import downward only (docs/architecture.md, "The server")', () => {
    const layerOf = (file: string) =>
      SERVER_LAYERS.findIndex((layer) =>
        layer.some((place) => (typeof place === 'string' ? within(place)(file) : place.test(file))),
      )
    const unplaced = serverFiles().filter((file) => layerOf(file) === -1)
    expect(unplaced, 'every server file has a layer').toEqual([])
    const upward = serverFiles().flatMap((file) =>
      localImports(file, { types: true })
        .filter(
          (target) =>
            (within('server')(target) || serverHalf(target) || PLATFORM(target)) && layerOf(target) < layerOf(file),
        )
        .map((target) => `${file} -> ${target}`),
    )
    expect(upward).toEqual([])
  })
})

describe('views read machines through their selectors', () => {
  it('never names a state in routes/ or src/views/ (no snapshot.value, no .matches), the /debug page aside', () => {
    // The /debug page shows each machine's state by name: that is what it is for.
    const shown = new Set(['src/views/DebugPage.tsx'])
    const offenders = ['routes', 'src/views']
      .flatMap(sourceFiles)
      .filter((file) => !shown.has(file))
      .filter((file) => /\.matches\(|\b(state|snapshot)\.value\b/.test(readFileSync(join(ROOT, file), 'utf8')))
    expect(offenders).toEqual([])
  })
})

describe('screens', () => {
  it("puts the focus after a refused submit in one place (src/ui/focus-invalid.ts), quick setup's own aside", () => {
    // Quick setup picks a group's chosen option too (firstInvalidControl): its own rule, kept in its file.
    const own = new Set(['src/ui/focus-invalid.ts', 'src/views/QuickSetupWizard.tsx'])
    const repeated = [...sourceFiles('src'), ...sourceFiles('routes')]
      .filter((file) => !own.has(file))
      .filter((file) => /querySelector[^(]*\(\s*['"`][^'"`]*aria-invalid/.test(readFileSync(join(ROOT, file), 'utf8')))
    expect(repeated).toEqual([])
  })

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
