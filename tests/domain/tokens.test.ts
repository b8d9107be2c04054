import { describe, expect, it } from 'vitest'
import { grants } from '../../src/domain/permissions.ts'
import { initialDraft, validatorOf } from '../../src/domain/resource-body.ts'
import { secretOf, withoutSecret } from '../../src/domain/resource-ui.ts'
import { accessTokensUi } from '../../src/types/access-tokens/screen.ts'
import { coveredBy, grantableGroups, PERMISSION_CATALOG } from '../../src/types/permission-catalog.ts'
import { ROLE_PERMISSIONS } from '../../src/types/roles.ts'
import { tokenExpiryProblem } from '../../src/types/tokens/fields.ts'
import { expiryInDays, tokensUi } from '../../src/types/tokens/screen.ts'
import { tokenAttention } from '../../src/types/tokens/status.ts'

const DAY = 86_400_000
const NOW = Date.parse('2026-11-24T12:00:00.000Z')

const offered = (held: readonly string[]) =>
  grantableGroups(held).flatMap((group) => [
    ...(group.wildcard ? [group.wildcard] : []),
    ...group.resources.flatMap((resource) => resource.permissions),
  ])

describe('the permissions a token may be given', () => {
  it('offers an operator only what they hold, grouped by service and resource, wildcards first', () => {
    const groups = grantableGroups(ROLE_PERMISSIONS.operator)
    expect(groups.map((group) => group.service)).toEqual(['wadp'])
    const wadp = groups[0]
    // An operator does not hold wadp.*.*: no "everything" to hand out.
    expect(wadp?.wildcard).toBeNull()
    const websites = wadp?.resources.find((resource) => resource.resource === 'websites')
    expect(websites?.permissions).toEqual([
      'wadp.websites.*',
      'wadp.websites.list',
      'wadp.websites.get',
      'wadp.websites.create',
      'wadp.websites.update',
      'wadp.websites.delete',
      // A website's live traffic (issue 24): an operator holds it and may hand it on.
      'wadp.websites.logs',
    ])
    expect(wadp?.resources.find((resource) => resource.resource === 'projects')?.permissions).toEqual([
      'wadp.projects.get',
    ])
    expect(offered(ROLE_PERMISSIONS.operator)).not.toContain('wadp.access-tokens.list')
    expect(offered(ROLE_PERMISSIONS.operator).filter((p) => p.startsWith('auth.'))).toEqual([])
  })

  it('offers a viewer no wildcard, only the reads they hold', () => {
    const all = offered(ROLE_PERMISSIONS.viewer)
    expect(all).toContain('wadp.websites.list')
    expect(all.some((permission) => permission.includes('*'))).toBe(false)
    expect(all.every((permission) => grants(ROLE_PERMISSIONS.viewer, permission))).toBe(true)
  })

  it('offers an admin every service with its wildcard forms, and every catalogued permission', () => {
    const groups = grantableGroups(ROLE_PERMISSIONS.admin)
    expect(groups.map((group) => [group.service, group.wildcard])).toEqual([
      ['wadp', 'wadp.*.*'],
      ['auth', 'auth.*.*'],
    ])
    const all = offered(ROLE_PERMISSIONS.admin)
    expect(all).toContain('auth.tokens.*')
    expect(all).toContain('wadp.access-tokens.create')
    const catalogued = Object.values(PERMISSION_CATALOG).reduce((count, resources) => {
      return count + Object.values(resources).reduce((sum, actions) => sum + actions.length + 1, 0)
    }, 0)
    expect(all).toHaveLength(catalogued + 2)
  })

  it('offers a held permission the catalogue does not name as it is', () => {
    expect(offered(['wadp.*.list'])).toContain('wadp.*.list')
  })

  it('says which chosen wildcard already grants a permission', () => {
    expect(coveredBy(['wadp.websites.*'], 'wadp.websites.list')).toBe('wadp.websites.*')
    expect(coveredBy(['wadp.*.*'], 'wadp.directors.*')).toBe('wadp.*.*')
    expect(coveredBy(['wadp.websites.list'], 'wadp.websites.list')).toBeNull()
    expect(coveredBy(['wadp.websites.*'], 'wadp.directors.list')).toBeNull()
    // Each service's wildcard covers its own service only, in the form.
    expect(coveredBy(['wadp.*.*'], 'auth.tokens.list')).toBeNull()
  })
})

describe('a token definition', () => {
  it('marks a token expiring within 14 days, and an expired one, in words', () => {
    const active = (days: number) => ({ status: 'active', expires_at: new Date(NOW + days * DAY).toISOString() })
    expect(tokenAttention(active(30), NOW)).toBeNull()
    expect(tokenAttention(active(14.5), NOW)).toBeNull()
    expect(tokenAttention(active(13.2), NOW)).toEqual({ tone: 'warning', text: 'Expires in 14 days' })
    expect(tokenAttention(active(0.5), NOW)).toEqual({ tone: 'warning', text: 'Expires within a day' })
    expect(tokenAttention({ status: 'expired', expires_at: null }, NOW)).toEqual({ tone: 'danger', text: 'Expired' })
    expect(tokenAttention({ ...active(3), status: 'revoked' }, NOW)).toBeNull()
    // An access token may never expire.
    expect(tokenAttention({ status: 'active', expires_at: null }, NOW)).toBeNull()
  })

  it('starts the add form 90 days ahead, which the server accepts, and needs a name and a permission', () => {
    const draft = initialDraft(tokensUi.fields, tokensUi.newDraft?.())
    const expires = Date.parse(String(draft.expires_at))
    expect(Math.round((expires - Date.now()) / DAY)).toBeGreaterThanOrEqual(90)
    expect(tokenExpiryProblem(String(draft.expires_at), new Date())).toBeNull()
    expect(
      validatorOf(
        tokensUi,
        'create',
      )(draft)
        .map((error) => error.field)
        .sort(),
    ).toEqual(['name', 'permissions'])
    expect(validatorOf(tokensUi, 'create')({ ...draft, name: 'ci', permissions: ['wadp.websites.list'] })).toEqual([])
  })

  it('refuses a new expiry the server refuses, and leaves one the form started from, even if past', () => {
    const stored = {
      name: 'kiosk',
      display_name: '',
      websites: [],
      transport: 'header',
      parameter_name: 'X-Access-Token',
      bypass: [],
      enabled: true,
      status: 'active',
      expires_at: '2020-01-31T23:59:59.000Z',
    }
    const validate = validatorOf(accessTokensUi, 'edit', stored)
    expect(validate(stored)).toEqual([])
    expect(validate({ ...stored, expires_at: '2021-01-31T23:59:59.000Z' })).toEqual([
      { field: 'expires_at', message: 'must be in the future' },
    ])
    expect(validate({ ...stored, expires_at: null })).toEqual([])
  })

  it('keeps an expiry at the end of its day', () => {
    expect(expiryInDays(1, NOW)).toBe('2026-11-25T23:59:59.000Z')
  })

  it('keeps the secret a create revealed out of the record (what the cache may hold)', () => {
    const created = { name: 'ci', revision: 1, prefix: 'wadp_a', token: 'wadp_abcdef' }
    expect(secretOf(tokensUi, created)).toBe('wadp_abcdef')
    expect(withoutSecret(tokensUi, created)).toEqual({ name: 'ci', revision: 1, prefix: 'wadp_a' })
    expect(secretOf(accessTokensUi, { name: 'partner', revision: 1 })).toBeNull()
  })
})
