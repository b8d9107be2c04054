import { describe, expect, it } from 'vitest'
import { grants, grantsAll, grantsAny, intersectPermissions, isPermission } from '../../src/domain/permissions.ts'
import { permissionsOfRoles } from '../../src/types/roles.ts'

describe('permission matching (spec section 6)', () => {
  it('grants an exact match', () => {
    expect(grants(['wadp.websites.list'], 'wadp.websites.list')).toBe(true)
    expect(grants(['wadp.websites.list'], 'wadp.websites.get')).toBe(false)
  })

  it('grants through a.b.*, a.*.c and a.*.*', () => {
    expect(grants(['wadp.websites.*'], 'wadp.websites.delete')).toBe(true)
    expect(grants(['wadp.*.list'], 'wadp.directors.list')).toBe(true)
    expect(grants(['wadp.*.list'], 'wadp.directors.create')).toBe(false)
    expect(grants(['auth.*.*'], 'auth.users.create')).toBe(true)
    expect(grants(['auth.*.*'], 'wadp.users.create')).toBe(false)
  })

  it('lets wadp.*.* grant everything, other services included', () => {
    expect(grants(['wadp.*.*'], 'auth.projects.delete')).toBe(true)
  })

  it('grants nothing from an empty list or a malformed request', () => {
    expect(grants([], 'wadp.websites.list')).toBe(false)
    expect(grants(['wadp.websites.*'], 'wadp.websites')).toBe(false)
  })

  it('checks all and any', () => {
    expect(
      grantsAll(['wadp.websites.create', 'wadp.directors.*'], ['wadp.websites.create', 'wadp.directors.create']),
    ).toBe(true)
    expect(grantsAll(['wadp.websites.create'], ['wadp.websites.create', 'wadp.directors.create'])).toBe(false)
    expect(grantsAny(['wadp.pagerules.list'], ['wadp.websites.get', 'wadp.pagerules.list'])).toBe(true)
  })

  it('intersects two lists, keeping each entry in the form one of them states it', () => {
    expect(intersectPermissions(['wadp.*.list'], ['wadp.websites.list', 'wadp.websites.get'])).toEqual([
      'wadp.websites.list',
    ])
    expect(intersectPermissions(['wadp.websites.*'], ['wadp.websites.list', 'auth.users.get'])).toEqual([
      'wadp.websites.list',
    ])
    expect(intersectPermissions(['wadp.*.*'], ['wadp.pagerules.*', 'auth.users.get']).sort()).toEqual([
      'auth.users.get',
      'wadp.pagerules.*',
    ])
    expect(intersectPermissions(['auth.users.get'], ['wadp.*.list'])).toEqual([])
  })

  it('recognises well-formed permission strings only', () => {
    expect(isPermission('wadp.le-cert.list')).toBe(true)
    expect(isPermission('wadp.*.*')).toBe(true)
    expect(isPermission('wadp.websites')).toBe(false)
    expect(isPermission('*.websites.list')).toBe(false)
  })
})

describe('roles', () => {
  it('gives the viewer list and get only', () => {
    const viewer = permissionsOfRoles(['viewer'])
    expect(grants(viewer, 'wadp.websites.list')).toBe(true)
    expect(grants(viewer, 'wadp.websites.get')).toBe(true)
    expect(grants(viewer, 'wadp.websites.create')).toBe(false)
    expect(grants(viewer, 'wadp.nodes.list')).toBe(false)
  })

  it('gives the operator configuration and tools but no admin', () => {
    const operator = permissionsOfRoles(['operator'])
    expect(
      grantsAll(operator, ['wadp.websites.create', 'wadp.directors.delete', 'wadp.purge.create', 'wadp.stats.query']),
    ).toBe(true)
    expect(grants(operator, 'auth.projects.create')).toBe(false)
    expect(grants(operator, 'wadp.nodes.update')).toBe(false)
  })

  it('ignores unknown roles', () => {
    expect(permissionsOfRoles(['nobody'])).toEqual([])
  })
})
