import { readFile, rename, writeFile } from 'node:fs/promises'
import * as v from 'valibot'
import type { EdgeConfiguration } from '../../src/domain/edge-node.ts'

const Hosts = v.array(v.string())

/** What the agent keeps: the configuration as the platform sent it, each project's as last loaded. */
const SavedConfiguration = v.object({
  node: v.string(),
  platform_revision: v.pipe(v.number(), v.integer()),
  projects: v.array(
    v.object({
      project: v.string(),
      revision: v.pipe(v.number(), v.integer()),
      label: v.string(),
      hosts: Hosts,
      websites: v.array(v.object({ name: v.string(), hosts: Hosts })),
      vcl: v.string(),
      not_enforced: v.array(v.object({ type: v.string(), name: v.string(), what: v.string() })),
    }),
  ),
})

/**
 * The configuration node `node` last applied, as `saveConfiguration` wrote it to `file`; null when there
 * is none (a new directory) or it is another node's. Rejects when it cannot be read or is not one.
 */
export async function readSavedConfiguration(file: string, node: string): Promise<EdgeConfiguration | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  const saved = v.parse(SavedConfiguration, JSON.parse(text))
  return saved.node === node ? saved : null
}

/** Writes `config` to `file` whole or not at all (a stop in the middle leaves the previous one). */
export async function saveConfiguration(file: string, config: EdgeConfiguration): Promise<void> {
  const next = `${file}.next`
  await writeFile(next, JSON.stringify(config), { mode: 0o600 })
  await rename(next, file)
}
