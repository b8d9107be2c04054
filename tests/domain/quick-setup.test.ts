import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { countryOfEndpoint } from '../../src/domain/sync.ts'
import { DirectorFields } from '../../src/types/directors/fields.ts'
import {
  QuickSetupDraft,
  quickSetupDirector,
  randomSuffix,
  suffixedName,
  validateQuickSetupDraft,
  websiteNameFor,
} from '../../src/types/quick-setup.ts'

const draft = (input: unknown) => v.parse(QuickSetupDraft, input)

describe('quick website rules (spec section 5)', () => {
  it('requires a domain name, reported on the website field', () => {
    expect(validateQuickSetupDraft(draft({ backend: { host: 'origin.example.com' } }))).toEqual([
      { field: 'website', message: 'invalid domain name' },
    ])
    expect(
      validateQuickSetupDraft(draft({ domain_name: 'not a domain', backend: { host: 'o.example.com' } }))[0]?.message,
    ).toBe('invalid domain name')
  })

  it('requires an existing director or a backend host and port', () => {
    expect(validateQuickSetupDraft(draft({ domain_name: 'shop.example.com' }))).toEqual([
      { field: 'backend', message: 'invalid backend' },
    ])
    expect(
      validateQuickSetupDraft(
        draft({ domain_name: 'shop.example.com', backend: { host: 'o.example.com', port: 'eighty' } }),
      ),
    ).toEqual([{ field: 'backend', message: 'invalid backend' }])
    expect(
      validateQuickSetupDraft(
        draft({ domain_name: 'shop.example.com', backend: { directorOption: 'existing' }, default_director: 'origin' }),
      ),
    ).toEqual([])
  })

  it('defaults the backend to a new origin on port 443', () => {
    expect(draft({}).backend).toEqual({ directorOption: 'new', host: '', port: 443, weight: 1 })
  })

  it('names websites by dashing the domain, with a five-letter suffix as the fallback', () => {
    expect(websiteNameFor('Shop.Example.com')).toBe('shop-example-com')
    const suffix = randomSuffix(() => 0.5)
    expect(suffix).toMatch(/^[a-z]{5}$/)
    expect(suffixedName('shop.example.com', suffix)).toBe(`shop-example-com-${suffix}`)
  })

  it('builds a director with the section 3 defaults and the domain as probe host', () => {
    const body = quickSetupDirector(
      draft({ domain_name: 'shop.example.com', backend: { host: 'o.example.com', port: '80', weight: '5' } }),
      'd',
    )
    const { name, ...fields } = body
    const director = v.parse(DirectorFields, fields)
    expect(director.backends).toEqual([{ host: 'o.example.com', port: 80, weight: 5 }])
    expect(director.probe).toMatchObject({
      enabled: true,
      method: 'GET',
      path: '/',
      host: 'shop.example.com',
      status_code: 200,
      window: 3,
      threshold: 2,
      interval_seconds: 10,
      timeout_seconds: 5,
    })
    expect(director.timeout).toEqual({ connect_timeout: 30, read_timeout: 30, send_timeout: 30 })
    expect(director.tls).toEqual({ enabled: false, session_reuse: true, protocols: [] })
    expect(director.type).toBe('round_robin')
  })
})

describe('sync rows', () => {
  it('reads the country from the endpoint, uk shown as gb', () => {
    expect(countryOfEndpoint('pop-fr-par-1')).toBe('fr')
    expect(countryOfEndpoint('pop-uk-lon-1')).toBe('gb')
    expect(countryOfEndpoint('edge')).toBeNull()
  })
})
