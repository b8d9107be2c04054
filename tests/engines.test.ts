import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

type Manifest = {
  version?: string
  engines?: { node?: string } | string[]
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  optional?: boolean
}

const read = (path: string): Manifest => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Manifest
const nodeRange = (manifest: Manifest): string | undefined =>
  Array.isArray(manifest.engines) ? undefined : manifest.engines?.node

const pkg = read('package.json')
const ours = nodeRange(pkg) ?? ''

/** Who refuses part of our range: "name@version wants range". */
function refusing(entries: [name: string, manifest: Manifest][]): string[] {
  return entries.flatMap(([name, manifest]) => {
    const theirs = nodeRange(manifest)
    return theirs && !semver.subset(ours, theirs) ? [`${name}@${manifest.version} wants ${theirs}`] : []
  })
}

describe('the Node.js versions', () => {
  it('of package.json are the ones the README states, and include the one the tests run on', () => {
    expect(semver.validRange(ours)).not.toBeNull()
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`\`${ours}\``)
    expect(semver.satisfies(process.version, ours), `${process.version} in ${ours}`).toBe(true)
  })

  it('are all accepted by every direct dependency, as installed', () => {
    const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    const installed = names.map((name): [string, Manifest] => [name, read(`node_modules/${name}/package.json`)])
    expect(refusing(installed)).toEqual([])
  })

  it('are all accepted by every package the lockfile installs here (npm would warn EBADENGINE)', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, Manifest>
    }
    // Optional packages for other platforms (a WebAssembly fallback, another CPU) are in the lockfile but
    // not installed: npm does not check them here.
    const here = Object.entries(lock.packages).filter(([path]) => path !== '' && existsSync(join(ROOT, path)))
    expect(here.length).toBeGreaterThan(100)
    expect(refusing(here)).toEqual([])
  })
})
