/**
 * The files a type's folder and its registry line imply, written by `npm run types` and checked by
 * tests/type-files.test.ts (docs/architecture.md, "A new type"; ADR 0006):
 * - `routes/<page>.tsx` for each page the type's screen has (list, add, detail, edit), each rendering the
 *   generic page with the type's screen, unless the type names the page in `ownPages` (a file written by
 *   hand, which adds to the generic page);
 * - `src/types/screens.ts`, every type's screen (what must see every type: the consistency tests);
 * - `src/types/field-labels.ts`, every type's field labels as its screen words them (the audit diff, a
 *   backup's dry run and the search results name fields with them, without loading every screen);
 * - `src/platform/resource-types.ts`, every type's server definition, its own routes and its examples
 *   (`example.ts`), which the process that starts the server hands it (src/platform/types.ts) and the
 *   services register.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import type { TypeEntry } from '../../src/domain/type-entry.ts'
import { TYPE_CATALOGUE } from '../../src/types/registry.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const TYPES = join(ROOT, 'src/types')

type Folder = {
  folder: string
  entry: TypeEntry
  entryName: string
  screenName: string | null
  routes: boolean
  example: boolean
}

/** The export of a module that holds `value` (its name), or the one that passes `test`. */
function exportName(module: Record<string, unknown>, test: (value: unknown) => boolean): string | null {
  return Object.entries(module).find(([, value]) => test(value))?.[0] ?? null
}

const isScreen = (value: unknown): value is ResourceUi =>
  typeof value === 'object' && value !== null && 'sections' in value && 'columns' in value

/** Every type folder, in the registry's order; a folder the registry does not list is an error. */
export async function typeFolders(): Promise<Folder[]> {
  const found = new Map<TypeEntry, Folder>()
  for (const folder of readdirSync(TYPES, { withFileTypes: true }).filter((dirent) => dirent.isDirectory())) {
    const dir = join(TYPES, folder.name)
    const typeModule = (await import(pathToFileURL(join(dir, 'type.ts')).href)) as Record<string, unknown>
    const entryName = exportName(typeModule, (value) => TYPE_CATALOGUE.includes(value as TypeEntry))
    if (!entryName) throw new Error(`src/types/${folder.name}/type.ts: its entry is not in src/types/registry.ts`)
    const entry = typeModule[entryName] as TypeEntry
    let screenName: string | null = null
    if (existsSync(join(dir, 'screen.ts'))) {
      const screenModule = (await import(pathToFileURL(join(dir, 'screen.ts')).href)) as Record<string, unknown>
      screenName = exportName(screenModule, (value) => isScreen(value) && value.type === entry.type)
    }
    found.set(entry, {
      folder: folder.name,
      entry,
      entryName,
      screenName,
      routes: existsSync(join(dir, 'routes.ts')),
      example: existsSync(join(dir, 'example.ts')),
    })
  }
  return TYPE_CATALOGUE.map((entry) => {
    const folder = found.get(entry)
    if (!folder) throw new Error(`${entry.type}: listed in the registry, but no folder's type.ts exports it`)
    return folder
  })
}

type Page = 'list' | 'add' | 'detail' | 'edit'

/** The route file of a path, as TanStack's flat file routes name it: `/admin/projects-add` → `admin.projects-add.tsx`. */
const fileOf = (path: string) => `routes/${path === '/admin' ? 'admin.index' : path.slice(1).replaceAll('/', '.')}.tsx`

function pagesOf(entry: TypeEntry, ui: ResourceUi): { page: Page; path: string }[] {
  const names = ui.routeNames ?? {
    list: ui.route,
    add: `${ui.route}-add`,
    detail: `${ui.route}-detail`,
    edit: `${ui.route}-edit`,
  }
  const param = entry.param ? `{-$${entry.param}}` : null
  const add = { page: 'add', path: `/${names.add}` } as const
  // A type no page shows (organizations, customers: the admin's Projects list does) has its add page only.
  if (entry.page === null) return ui.addable === false ? [] : [add]
  const pages: { page: Page; path: string }[] = [{ page: 'list', path: entry.listPath ?? `/${names.list}` }]
  if (ui.addable !== false) pages.push(add)
  if (param) pages.push({ page: 'detail', path: `/${names.detail}/${param}` })
  if (param && ui.editable !== false) pages.push({ page: 'edit', path: `/${names.edit}/${param}` })
  return pages
}

function routeFile(page: Page, path: string, folder: string, screen: string, param: string | undefined): string {
  const screenImport = `import { ${screen} } from '../src/types/${folder}/screen.ts'`
  const routePath = path === '/admin' ? '/admin/' : path
  if (page === 'list') {
    return `import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
${screenImport}
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('${routePath}')({
  validateSearch: ResourceListSearch,
  loader: listLoader(${screen}),
  component: () => <ResourceListRoute ui={${screen}} />,
})
`
  }
  if (page === 'add') {
    return `import { createFileRoute } from '@tanstack/react-router'
${screenImport}
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('${routePath}')({
  component: () => <ResourceFormRoute ui={${screen}} mode="create" />,
})
`
  }
  const view =
    page === 'detail'
      ? ['ResourceDetailRoute', `<ResourceDetailRoute ui={${screen}} name={name} />`]
      : ['ResourceFormRoute', `<ResourceFormRoute ui={${screen}} mode="edit" name={name} />`]
  return `import { createFileRoute, getRouteApi } from '@tanstack/react-router'
${screenImport}
import { ${view[0]} } from './-resources/${view[0]}.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('${routePath}')

export const Route = createFileRoute('${routePath}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.${param} })
  return ${view[1]}
}
`
}

const GENERATED = '// Written by `npm run types` from src/types/registry.ts (tests/tools/type-files.ts): do not edit.'

function screensFile(folders: Folder[]): string {
  const withScreens = folders.filter((folder) => folder.screenName)
  const imports = withScreens
    .map((folder) => `import { ${folder.screenName} } from './${folder.folder}/screen.ts'`)
    .sort((a, b) => a.localeCompare(b))
  return `${GENERATED}
import type { ResourceUi } from '../domain/resource-ui.ts'
${imports.join('\n')}

/**
 * Every resource type's screen definition, in the registry's order. Each route imports its own type's
 * screen (so a page's bundle carries only its own); what must see every type (the consistency tests)
 * reads this list.
 */
export const RESOURCE_UIS: readonly ResourceUi[] = [
${withScreens.map((folder) => `  ${folder.screenName},`).join('\n')}
]
`
}

/**
 * A type's field labels by dotted path: its form's fields (a dotted one with its section's title unless the
 * label says it already, `Timeouts: Read`; a number with its unit, `Penalty (s)`), then its list's columns
 * for what no form field shows. Buttons name no field.
 */
export function fieldLabelsOf(ui: ResourceUi): Record<string, string> {
  const labels: Record<string, string> = {}
  for (const section of ui.sections) {
    const title = section.title.toLowerCase()
    for (const field of section.fields) {
      if (field.kind === 'presets' || field.path in labels) continue
      const label = field.kind === 'number' && field.unit ? `${field.label} (${field.unit})` : field.label
      const inTitle = label.toLowerCase().startsWith(title)
      labels[field.path] = field.path.includes('.') && !inTitle ? `${section.title}: ${label}` : label
    }
  }
  for (const column of ui.columns) labels[column.path] ??= column.label
  return labels
}

function fieldLabelsFile(folders: Folder[], screens: Map<string, ResourceUi>): string {
  const rows = folders.flatMap((folder) => {
    const ui = screens.get(folder.folder)
    return ui ? [`  ${JSON.stringify(ui.type)}: ${JSON.stringify(fieldLabelsOf(ui))},`] : []
  })
  return `${GENERATED}

/**
 * Each type's field labels by dotted path, as its screen words them (\`fieldLabelsOf\` in
 * tests/tools/type-files.ts): what the audit diff, a backup's dry run and the search results call a field.
 * A page imports it dynamically, when it has fields to name.
 */
export const FIELD_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
${rows.join('\n')}
}
`
}

function serversFile(folders: Folder[]): string {
  const served = folders.filter((folder) => existsSync(join(TYPES, folder.folder, 'server.ts')))
  const imports = [
    ...served.map((folder) => `import * as ${camel(folder.folder)} from '../types/${folder.folder}/server.ts'`),
    ...served
      .filter((folder) => folder.routes)
      .map((folder) => `import * as ${camel(folder.folder)}Routes from '../types/${folder.folder}/routes.ts'`),
    ...served
      .filter((folder) => folder.example)
      .map((folder) => `import * as ${camel(folder.folder)}Example from '../types/${folder.folder}/example.ts'`),
  ].sort((a, b) => a.localeCompare(b))
  const rows = served.map((folder) => {
    const name = camel(folder.folder)
    const routes = folder.routes ? `, routes: ${name}Routes.routes` : ''
    const example = folder.example ? `, example: ${name}Example.example` : ''
    return `  { server: ${name}.server${routes}${example} },`
  })
  return `${GENERATED}
import type { TypeList } from '../../server/http/type-routes.ts'
${imports.join('\n')}

/**
 * Every resource type's server definition, the routes of its own actions and its examples for the API
 * documents, in the registry's order.
 */
export const RESOURCE_TYPES: TypeList = [
${rows.join('\n')}
]
`
}

const camel = (folder: string) => folder.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())

/** `content` as the linter's fixes and formatter leave it (imports sorted, lines wrapped), so the check agrees with `npm run lint`. */
function formatted(path: string, content: string): string {
  return execFileSync(join(ROOT, 'node_modules/.bin/biome'), ['check', '--write', `--stdin-file-path=${path}`], {
    cwd: ROOT,
    input: content,
    encoding: 'utf8',
  })
}

/** Every file the registry implies, by path from the repository root, with its content. */
export async function expectedTypeFiles(): Promise<Map<string, string>> {
  const folders = await typeFolders()
  const files = new Map<string, string>()
  const screens = new Map<string, ResourceUi>()
  for (const { folder, entry, screenName } of folders) {
    if (!screenName) continue
    const screenModule = (await import(pathToFileURL(join(TYPES, folder, 'screen.ts')).href)) as Record<string, unknown>
    const ui = screenModule[screenName] as ResourceUi
    screens.set(folder, ui)
    for (const { page, path } of pagesOf(entry, ui)) {
      if (entry.ownPages?.includes(page)) continue
      files.set(fileOf(path), routeFile(page, path, folder, screenName, entry.param))
    }
  }
  files.set('src/types/screens.ts', formatted('src/types/screens.ts', screensFile(folders)))
  files.set('src/types/field-labels.ts', formatted('src/types/field-labels.ts', fieldLabelsFile(folders, screens)))
  files.set('src/platform/resource-types.ts', formatted('src/platform/resource-types.ts', serversFile(folders)))
  return files
}

/** The expected files that differ from what is checked in. */
export async function staleTypeFiles(): Promise<string[]> {
  const stale: string[] = []
  for (const [path, content] of await expectedTypeFiles()) {
    const current = existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : null
    if (current !== content) stale.push(path)
  }
  return stale
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const write = process.argv.includes('--write')
  const stale = await staleTypeFiles()
  const files = await expectedTypeFiles()
  for (const path of stale) {
    if (write) writeFileSync(join(ROOT, path), files.get(path) ?? '')
    console.log(`${write ? 'wrote' : 'stale'} ${path}`)
  }
  // The route tree follows the route files, as the router's Vite plugin writes it (vite.config.ts).
  if (write && stale.some((path) => path.startsWith('routes/'))) {
    const { Generator, getConfig } = await import('@tanstack/router-generator')
    const config = getConfig(
      { target: 'react', routesDirectory: './routes', generatedRouteTree: './src/routeTree.gen.ts' },
      ROOT,
    )
    await new Generator({ config, root: ROOT }).run()
    console.log('wrote src/routeTree.gen.ts')
  }
  if (!write && stale.length > 0) process.exitCode = 1
}
