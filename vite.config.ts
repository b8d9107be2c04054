import { availableParallelism } from 'node:os'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { BOOT_SOURCE, COMPILE_HINT, EAGER_CHUNKS, SIGN_IN_SOURCE } from './src/page-chunks.ts'
import { assignPageKits, PAGE_KITS, type PageKit, ROUTE_CHUNK } from './src/page-kits.ts'

/**
 * The modules every page needs before its first render: the entry, the console's boot module (which the
 * entry imports dynamically, one task after the framework has run: src/main.tsx) and everything they
 * import statically (collected once the module graph is built). They go into one chunk, so the browser
 * asks for a handful of files up front instead of a dozen small shared chunks, each of which would share
 * the slow network with the framework while it downloads.
 */
const startModules = new Set<string>()
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core)|xstate|@xstate|valibot|ofetch|ufo|destr)[\\/]/

/**
 * Library modules that only signed-in pages use, so the sign-in page does not load them: each library's
 * entry re-exports them, which would otherwise put them in the framework chunk. The shell's own: queries
 * through react-query's useQuery.
 */
const SHELL_HOOKS =
  /node_modules[\\/]@tanstack[\\/](react-query[\\/].*[\\/](useQuery|useBaseQuery)|query-core[\\/].*[\\/]queryObserver)\.js$/
/**
 * The ones the signed-in frame itself never calls (useQueries, useMutation, the forms' unsaved-changes
 * guard useBlocker): a chunk of their own that the pages using them load beside their route chunk.
 */
const PAGE_HOOKS =
  /node_modules[\\/]@tanstack[\\/](react-query[\\/].*[\\/](useQueries|useMutation)|query-core[\\/].*[\\/](queriesObserver|mutationObserver)|react-router[\\/].*[\\/]useBlocker)\.js$/
const isSignedInHook = (id: string) => SHELL_HOOKS.test(id) || PAGE_HOOKS.test(id)
/** The virtual tables' library (@tanstack/react-virtual): a chunk of its own, for the pages with long tables. */
const VIRTUAL = /node_modules[\\/]@tanstack[\\/](react-virtual|virtual-core)[\\/]/
const PRELOAD_HELPER = /vite[\\/]preload-helper/

/** The signed-in frame (routes/-shell/Shell.tsx and what it imports statically, less the start): one chunk. */
const shellModules = new Set<string>()
const SHELL = /routes[\\/]-shell[\\/]Shell\.tsx$/
const TYPE_CATALOGUE = /src[\\/](types[\\/](registry|[^\\/]+[\\/]type)|domain[\\/]type-entry)\.ts$/
/** The console's date, time and number formatting (src/domain/datetime.ts, numbers.ts): most pages show one. */
const DATE_FORMATTING = /src[\\/]domain[\\/](datetime|numbers)\.ts$/

/** Each resource page module's kit (src/page-kits.ts), once the module graph is built. */
let pageKits = new Map<string, PageKit>()

/** Modules the groups before the kits take (the framework, the start, the shell and the library hooks). */
const takenBeforeKits = (id: string) =>
  (FRAMEWORK.test(id) && !/xstate-graph/.test(id)) ||
  PRELOAD_HELPER.test(id) ||
  startModules.has(id) ||
  shellModules.has(id) ||
  isSignedInHook(id) ||
  VIRTUAL.test(id) ||
  TYPE_CATALOGUE.test(id) ||
  DATE_FORMATTING.test(id) ||
  id.endsWith('.css')

/**
 * The sign-in page's code (SIGN_IN_SOURCE) is imported dynamically: a chunk of its own, which the sign-in
 * page loads before its first render and a signed-in page never does. What it shares with the rest of the
 * console (the button, the text field) goes into the start: in the shell's chunk or a page kit, it would make
 * the sign-in page load that chunk too. `closure` fills a set with the modules reachable from some.
 */
function keepSharedInStart(
  roots: string[],
  closure: (roots: string[], into: Set<string>) => void,
  importersOf: (id: string) => readonly string[],
) {
  const own = new Set<string>()
  for (let changed = true; changed; ) {
    closure(roots, own)
    for (const id of startModules) own.delete(id)
    const shared = [...own].filter((id) => importersOf(id).some((importer) => !own.has(importer)))
    const reached = new Set<string>()
    closure(shared, reached)
    changed = [...reached].some((id) => !startModules.has(id))
    for (const id of reached) startModules.add(id)
  }
}

function collectUpFrontModules(): Plugin {
  return {
    name: 'wadp:up-front-modules',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[], into: Set<string>) => {
        into.clear()
        const pending = [...roots]
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (into.has(id)) continue
          into.add(id)
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
      }
      const ids = [...this.getModuleIds()]
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry)
      const boot = ids.filter((id) => id.replaceAll('\\', '/').endsWith(`/${BOOT_SOURCE}`))
      if (boot.length !== 1) this.error(`the build has no ${BOOT_SOURCE}`)
      closure([...entries, ...boot], startModules)
      keepSharedInStart(
        ids.filter((id) => id.replaceAll('\\', '/').endsWith(`/${SIGN_IN_SOURCE}`)),
        closure,
        (id) => this.getModuleInfo(id)?.importers ?? [],
      )
      closure(
        ids.filter((id) => SHELL.test(id)),
        shellModules,
      )
      for (const id of startModules) shellModules.delete(id)
      pageKits = assignPageKits({
        ids,
        importsOf: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        takenBefore: takenBeforeKits,
      })
      // The entry (index.html) and the modules it names stay in the entry chunk, which the build manifest
      // and index.html name as the entry.
      for (const id of entries) {
        startModules.delete(id)
        for (const named of this.getModuleInfo(id)?.importedIds ?? []) startModules.delete(named)
      }
    },
  }
}

/**
 * A route's own chunks (its code-split component, loader…), by file name, as written. The route tree
 * imports them; Vite would list each one's files beside the import so that the browser fetches them at
 * once, a table of about 200 file names in the start chunk (3-4 kB gzip). index.html carries the same list
 * per page (src/page-chunks.ts), and the root route asks its inline script to preload a page's files as
 * the router starts loading it (navigation or intent): the list is not needed twice.
 */
const routeChunkFiles = new Set<string>()

function collectRouteChunks(): Plugin {
  return {
    name: 'wadp:route-chunks',
    apply: 'build',
    generateBundle: {
      // Before Vite writes the preload lists (its own generateBundle), which read this set.
      order: 'pre',
      handler(_options, bundle) {
        routeChunkFiles.clear()
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.facadeModuleId && ROUTE_CHUNK.test(chunk.facadeModuleId))
            routeChunkFiles.add(chunk.fileName)
      },
    },
  }
}

/**
 * The schemas' `v.description(…)` texts document the API (openapi.json, built by the server from the same
 * schemas); the console never reads them. The browser build drops their text, which every resource page
 * would otherwise carry (1-2 kB gzip each). Only plain string literals are emptied; the call stays.
 */
const DESCRIPTION = /v\.description\(\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*,?\s*\)/g
function stripSchemaDescriptions(): Plugin {
  return {
    name: 'wadp:strip-schema-descriptions',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]src[\\/](domain|types)[\\/].*\.ts$/.test(id) || !code.includes('v.description(')) return null
      return { code: code.replace(DESCRIPTION, "v.description('')"), map: null }
    },
  }
}

/**
 * The chunks every page runs at start begin with V8's compile hint (src/page-chunks.ts, COMPILE_HINT), put
 * on the minified code: their functions are compiled while they download, not as each is first called.
 */
function compileHints(): Plugin {
  return {
    name: 'wadp:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !EAGER_CHUNKS.includes(chunk.name)) continue
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`
          // A source map (`vite build --sourcemap`) skips the line the hint adds.
          const map = bundle[`${chunk.fileName}.map`]
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string }
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` })
          }
        }
      },
    },
  }
}

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so the code-split route chunks get the React transform.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A list route's loader (routes/-resources/listLoader.ts) imports its type's definition: a chunk of
      // its own, fetched beside the component's when the route starts or a link to it is hovered, instead
      // of going up front with the route tree.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: './routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    collectUpFrontModules(),
    collectRouteChunks(),
    stripSchemaDescriptions(),
    compileHints(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps routes to chunks: the size budget (tests/bench/bundle.ts) reads it.
    manifest: true,
    // A route's chunks are preloaded from index.html's table of pages (collectRouteChunks); every other
    // dynamic import keeps Vite's list of the files it needs.
    modulePreload: { resolveDependencies: (file, deps) => (routeChunkFiles.has(file) ? [] : deps) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page needs these before it can render: one request for them instead of a dozen.
          groups: [
            {
              name: 'framework',
              // xstate/graph (the /debug page's test paths) is not: it loads with the module that asks for it.
              // Nor are the hooks that only signed-in pages use (isSignedInHook): they go with the shell or the pages.
              // Vite's preload helper too: the entry's dynamic import of the boot module goes through it, and
              // the entry must import nothing from the start chunk, or that chunk would run with the framework.
              test: (id) =>
                (FRAMEWORK.test(id) && !/xstate-graph/.test(id) && !isSignedInHook(id)) || PRELOAD_HELPER.test(id),
              priority: 10,
            },
            // The stylesheet (src/styles.css) stays the entry's: index.html links it, and as a start module
            // it would make the entry import the start chunk for it.
            {
              name: 'start',
              test: (id) => startModules.has(id) && !isSignedInHook(id) && !id.endsWith('.css'),
              priority: 5,
            },
            // The type catalogue and the date formatting (a few hundred bytes each, which every list, detail
            // and tool page reads) go with the signed-in frame rather than into chunks of their own that
            // each of those pages would count.
            {
              name: 'shell',
              test: (id) =>
                shellModules.has(id) || SHELL_HOOKS.test(id) || TYPE_CATALOGUE.test(id) || DATE_FORMATTING.test(id),
              priority: 4,
            },
            // After the shell, which takes what they share with its own hooks (react-query's QueryObserver).
            { name: 'page-hooks', test: (id) => PAGE_HOOKS.test(id), priority: 3 },
            { name: 'virtual', test: (id) => VIRTUAL.test(id), priority: 3 },
            // The resource pages' kits (assignPageKits), the most shared first: a module one kit shares with
            // another is in the more shared one before the other could take it as an import.
            ...PAGE_KITS.map((name, index) => ({
              name,
              test: (id: string) => pageKits.get(id) === name,
              priority: 2 - index / 10,
            })),
          ],
        },
      },
    },
  },
  test: {
    // e2e/ holds Playwright specs: they run in a real browser through `playwright test`, never in vitest.
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 30000,
    globalSetup: ['tests/tools/memory-template.ts'],
    setupFiles: ['tests/tools/testing-library.ts'],
    // Vitest's default is one worker fewer than the cores: one on the 2-core machines, whose server tests
    // mostly wait (on PGlite, timers, HTTP). Two workers there: 234 s instead of 321 s for the whole
    // suite (docs/benchmarks.md, "CI on a busy machine").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker keeps its modules from one test file to the next instead of loading them again for each:
    // the whole suite in about half the time (docs/benchmarks.md, "CI on a busy machine"). Every server
    // test starts its own platform, and what a test changes globally is put back after it.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
  },
})
