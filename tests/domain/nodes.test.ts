import { describe, expect, it } from 'vitest'
import { validatorOf } from '../../src/domain/resource-body.ts'
import { countryFlag, flagOf } from '../../src/domain/sync.ts'
import { nodeStatusQuestion, nodesUi, revisionsOf } from '../../src/types/nodes/screen.ts'

describe('a node status change', () => {
  it('asks first when the node leaves traffic, saying what it does to traffic and sync', () => {
    const active = { status: 'active' }
    expect(nodeStatusQuestion({ status: 'maintenance' }, active)?.text).toMatch(/stops taking traffic.*wrench/)
    expect(nodeStatusQuestion({ status: 'draining' }, active)?.text).toMatch(/keeps applying configuration/)
    expect(nodeStatusQuestion({ status: 'disabled' }, active)?.text).toMatch(/unavailable/)
  })

  it('says that an edge agent node, disabled, still runs the configuration and is still sent invalidations', () => {
    const agent = { status: 'active', kind: 'agent' }
    expect(nodeStatusQuestion({ status: 'disabled', kind: 'agent' }, agent)?.text).toMatch(
      /keeps running the configuration.*still sent every invalidation/,
    )
  })

  it('saves without asking when the status stays or becomes active', () => {
    expect(nodeStatusQuestion({ status: 'maintenance', weight: 3 }, { status: 'maintenance' })).toBeNull()
    expect(nodeStatusQuestion({ status: 'active' }, { status: 'disabled' })).toBeNull()
  })
})

describe('node columns', () => {
  it('shows the applied revision over the target, a dash for none', () => {
    expect(revisionsOf({ applied_revision: 12, target_revision: 14 })).toBe('12 / 14')
    expect(revisionsOf({ applied_revision: null, target_revision: 1 })).toBe('— / 1')
  })

  it('gives the country its flag, uk as gb, any other the generic one', () => {
    expect(countryFlag('fr')).toBe('fr')
    expect(countryFlag('UK')).toBe('gb')
    expect(countryFlag('jp')).toBe('generic')
    expect(flagOf('pop-uk-lon-1')).toBe('gb')
  })
})

describe('the node form', () => {
  const node = { name: 'pop-zz-abc-1', display_name: '', hostname: 'n1.example.net', pop_code: 'abc', country: 'zz' }

  it("refuses a country the new node's name contradicts, as the server does", () => {
    const validate = validatorOf(nodesUi, 'create', { name: '' })
    expect(validate(node)).toEqual([])
    expect(validate({ ...node, country: 'fr' })).toEqual([
      { field: 'country', message: "must be zz: the node's name pop-zz-abc-1 says so (its second part)" },
    ])
  })

  it('leaves a stored node whose name came before the rule editable, and refuses only a new contradicting country', () => {
    const stored = { ...node, name: 'edge-1', country: 'fr' }
    const validate = validatorOf(nodesUi, 'edit', stored)
    expect(validate({ ...stored, hostname: 'n2.example.net' })).toEqual([])
    const storedNamed = { ...node, country: 'zz' }
    expect(validatorOf(nodesUi, 'edit', storedNamed)({ ...storedNamed, country: 'de' })).toEqual([
      { field: 'country', message: "must be zz: the node's name pop-zz-abc-1 says so (its second part)" },
    ])
  })
})
