import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DOCS_PATH, renderMachineDocs } from './tools/machine-docs.ts'

describe('docs/machines.md', () => {
  it('matches the machines it documents', () => {
    let written = ''
    try {
      written = readFileSync(DOCS_PATH, 'utf8')
    } catch {
      // A missing file is drift too: the assertion below says how to create it.
    }
    expect(
      written === renderMachineDocs(),
      'docs/machines.md is out of date with machines/: run `npm run docs:machines` (node --import tsx tests/tools/machine-docs.ts) and commit the result',
    ).toBe(true)
  })

  it('draws a diagram and lists the required actors of every machine', () => {
    const docs = renderMachineDocs()
    const sections = docs.match(/^## `\w+Machine`/gm) ?? []
    expect(sections.length).toBeGreaterThanOrEqual(6)
    expect(docs.match(/```mermaid\nstateDiagram-v2/g)).toHaveLength(sections.length)
    expect(docs).toContain('actor `login` (required)')
    expect(docs).toContain('action `reloadPage` (required)')
    expect(docs).toContain('delay `searchDebounce`: 1000 ms')
  })

  it('lists the events a machine emits through a named action of its setup, as well as those written in place', () => {
    const docs = renderMachineDocs()
    const emitted = (machine: string) =>
      docs
        .split(/^## /m)
        .find((section) => section.startsWith(`\`${machine}\``))
        ?.split('### Events it emits')[1]
        ?.split('###')[0]
    // announceCreated, announceExpiry and announce are emit actions named in setup({ actions }).
    expect(emitted('quickSetupMachine')).toContain('`quickSetup.created`')
    expect(emitted('sessionMachine')).toContain('`session.expiredNotice`')
    expect(emitted('syncStatusMachine')).toContain('`sync.finished`')
    expect(docs).toContain('submitting --> finished_created : submission done if wasCreated emits quickSetup.created')
  })
})
