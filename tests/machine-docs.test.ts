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
})
