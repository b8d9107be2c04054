import { describe, expect, it } from 'vitest'
import { actionLabel } from '../../src/types/action-labels.ts'
import { fieldLabelOf } from '../../src/types/field-names.ts'
import { resourceLabel, typeOneOf } from '../../src/types/labels.ts'
import { TYPE_CATALOGUE, typeEntryOfRoute } from '../../src/types/registry.ts'
import { RESOURCE_UIS } from '../../src/types/screens.ts'

describe('labels where the API says identifiers', () => {
  it('words audit actions with the type’s own name', () => {
    expect(actionLabel('le-cert.update')).toBe('LE certificate updated')
    expect(actionLabel('ratelimits.create')).toBe('Rate limit created')
    expect(actionLabel('wafconfigs.delete')).toBe('WAF policy deleted')
    expect(actionLabel('nodes.rotate-secret')).toBe('Node secret rotated')
    expect(actionLabel('purge.create')).toBe('Cache invalidated')
    expect(actionLabel('login')).toBe('Sign-in')
  })

  it('never shows a type’s API name in its actions, its one-word name or a resource', () => {
    for (const entry of TYPE_CATALOGUE) {
      for (const verb of ['create', 'update', 'delete']) {
        expect(actionLabel(`${entry.type}.${verb}`)).not.toContain(entry.type)
      }
      expect(resourceLabel(entry.type, 'x')).toBe(`${entry.one.charAt(0).toUpperCase()}${entry.one.slice(1)} "x"`)
      // A search result names its type by route: it reads the same.
      expect(typeEntryOfRoute(entry.route)?.one).toBe(entry.one)
    }
  })

  it('calls a type in a sentence as its screen does', () => {
    for (const ui of RESOURCE_UIS) expect(typeOneOf(ui.type), ui.type).toBe(ui.one)
  })

  it('labels fields as their form does, nested ones with their section, numbers with their unit', () => {
    expect(fieldLabelOf('ratelimits', 'penalty_s')).toBe('Penalty (s)')
    expect(fieldLabelOf('ratelimits', 'limit')).toBe('Requests')
    expect(fieldLabelOf('directors', 'timeout.read_timeout')).toBe('Timeouts: Read (s)')
    expect(fieldLabelOf('websites', 'display_name')).toBe('Display name')
    // A path no form shows, in words after its parent's label.
    expect(fieldLabelOf('ratelimits', 'match.extra_thing')).toBe('Match: Extra thing')
  })
})
