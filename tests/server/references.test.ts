/**
 * A reference between types is seen from two sides: the console's reference fields (a dropdown of the
 * target type's resources, `kind: 'reference'` in src/domain/definitions) and the server's `references`
 * (what a write is checked against, what a delete is refused for, what `referenced_by` lists). The server
 * takes its lists from the console's fields (`referencesOf`), and this test holds the two views of every
 * type against each other, so that neither can drift.
 */
import { describe, expect, it } from 'vitest'
import { referenceFieldsOf } from '../../src/domain/resource-ui.ts'
import { TYPE_CATALOGUE } from '../../src/types/registry.ts'
import { RESOURCE_UIS } from '../../src/types/screens.ts'
import { setUpPlatform } from './support.ts'

const platform = setUpPlatform()

describe('references between types', () => {
  it('every type of the console is a type of the server, and the other way round', () => {
    const server = platform.server.ctx.resources.all().map((definition) => definition.type)
    const console = RESOURCE_UIS.map((ui) => ui.type)
    // The server keeps types no screen edits as a resource (backups, the audit's own records…).
    expect(console.filter((type) => !server.includes(type))).toEqual([])
  })

  it('the type catalogue names every type the server serves, where it lives and on which service', () => {
    const server = platform.server.ctx.resources
      .all()
      .map((definition) => ({ type: definition.type, scope: definition.scope, service: definition.service }))
      .sort((a, b) => a.type.localeCompare(b.type))
    const catalogue = TYPE_CATALOGUE.filter((entry) => !entry.feature)
      .map(({ type, scope, service }) => ({ type, scope, service }))
      .sort((a, b) => a.type.localeCompare(b.type))
    expect(server).toEqual(catalogue)
  })

  for (const ui of RESOURCE_UIS) {
    it(`${ui.type}: the server checks exactly the references its form offers`, () => {
      const definition = platform.server.ctx.resources.definition(ui.type)
      const server = Object.entries(definition?.references ?? {}).sort()
      const console = Object.entries(referenceFieldsOf(ui)).sort()
      expect(server).toEqual(console)
    })
  }
})
