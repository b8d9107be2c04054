import { describe, expect, it } from 'vitest'
import { ContractChecker } from './contract.ts'
import { setUpPlatform } from './support.ts'

/**
 * The checker every server test's answers go through (support.ts) reports what a client built from the
 * documents would trip on, so a passing suite means something: shown here on answers altered by hand.
 */
const platform = setUpPlatform()
const websites = '/api/core/v0/projects/shop/websites'

describe('the answer checker', () => {
  it('passes a real answer, and reports an undocumented status, a wrong body and a missing header', async () => {
    const checker = await ContractChecker.load(platform.url)
    const read = await platform.call('GET', `${websites}/shop-example-com`)
    const answer = { method: 'GET', path: `${websites}/shop-example-com`, ...read }
    expect(checker.violations(answer)).toEqual([])

    expect(checker.violations({ ...answer, status: 418 })).toEqual([
      expect.stringMatching(/^GET .* → 418: status not documented/),
    ])
    const wrongRevision = { data: { ...read.body.data, revision: 'three' } }
    expect(checker.violations({ ...answer, body: wrongRevision })).toEqual([
      expect.stringContaining('body/data/revision must be number'),
    ])
    expect(checker.violations({ ...answer, headers: new Headers() })).toEqual([
      expect.stringContaining('header ETag missing'),
    ])
    const noErrors = { message: 'website ghost not found' }
    expect(
      checker.violations({
        method: 'GET',
        path: `${websites}/ghost`,
        status: 404,
        headers: new Headers(),
        body: noErrors,
      }),
    ).toEqual([expect.stringContaining("must have required property 'errors'")])
  })

  it('reports a field an answer carries that its schema does not name, nested ones included', async () => {
    const checker = await ContractChecker.load(platform.url)
    const read = await platform.call('GET', `${websites}/shop-example-com`)
    const answer = { method: 'GET', path: `${websites}/shop-example-com`, ...read }
    expect(checker.undocumentedFields(answer)).toEqual([])
    const extra = { data: { ...read.body.data, colour: 'blue', cache: { ...read.body.data.cache, shade: 1 } } }
    expect(checker.undocumentedFields({ ...answer, body: extra })).toEqual([
      expect.stringMatching(/→ 200: \/data has colour$/),
      expect.stringMatching(/→ 200: \/data\/cache has shade$/),
    ])
  })

  it('leaves alone what no operation serves', async () => {
    const checker = await ContractChecker.load(platform.url)
    const nowhere = await platform.call('GET', '/api/core/v0/no-such-thing')
    expect(nowhere.status).toBe(404)
    expect(checker.violations({ method: 'GET', path: '/api/core/v0/no-such-thing', ...nowhere })).toEqual([])
    expect(
      checker.violations({ method: 'GET', path: '/config.json', status: 500, headers: new Headers(), body: {} }),
    ).toEqual([])
  })
})
