import { describe, expect, it } from 'vitest'
import { MACHINES } from '../src/app/machine-registry.ts'
import { dottedState, type GeneratedPath, generatePaths, machineNames, runPaths } from './tools/paths.ts'

/** `npm run paths` (tests/tools/paths.ts), through its core function: arguments in, exit code and text out. */

describe('npm run paths', () => {
  it('prints the quick-setup paths as numbered steps: the event, then the state reached', () => {
    const { code, output } = runPaths(['quick-setup'])
    expect(code).toBe(0)
    expect(output).toMatch(/^quick-setup: \d+ paths/)
    expect(output).toContain('Path 1: reaches closed')
    expect(output).toContain('  1. wizard.open → welcome\n  2. wizard.next → form.editing\n')
    expect(output).toContain('  3. wizard.next → form.invalid\n')
    expect(output).toContain('wizard.edit (newOrigin) → form.editing')
    expect(output).toContain('wizard.yes → submitting.creating')
    expect(output).toContain('submission rolling back → submitting.rollingBack')
    expect(output).toContain('submission done: shop-example-com created → finished.created')
    expect(output).toContain('submission done: not created → confirming.failed')
    expect(output).toMatch(/reaches finished\.declined/)
  })

  it('prints the submission paths, a refusal told from a failure', () => {
    const { code, output } = runPaths(['quick-setup-submission'])
    expect(code).toBe(0)
    expect(output).toContain('createDirector done {"name":"shop-example-com-aaaaa"} → ensuringWebsiteName.checkingName')
    expect(output).toContain('createWebsite refused → rollingBack')
    expect(output).toContain('createWebsite failed → checkingCreatedWebsite')
    expect(output).toContain('deleteDirector done → failed')
    expect(output).toMatch(/reaches created/)
  })

  it('prints the session paths, a parallel state as one dotted path per region', () => {
    const { code, output } = runPaths(['session'])
    expect(code).toBe(0)
    expect(output).toContain('readStoredSession done null → loggedOut.idle')
    expect(output).toContain('loggedIn.tokenCheck.idle + loggedIn.userInfo.current')
    expect(output).toContain('after sessionCheckInterval → loggedIn.tokenCheck.checking + loggedIn.userInfo.current')
    expect(output).toContain('session.signInWithToken {"token":"Bearer typed-token"} → loggedOut.signingInWithToken')
  })

  it('prints parseable JSON with --json, errors reduced to their message', () => {
    const { code, output } = runPaths(['quick-setup-submission', '--json'])
    expect(code).toBe(0)
    const paths = JSON.parse(output) as GeneratedPath[]
    expect(paths.length).toBeGreaterThan(20)
    const rollback = paths.find((path) => path.state === 'rollingBack')
    expect(rollback?.steps.at(-1)?.state).toBe('rollingBack')
    const failure = paths
      .flatMap((path) => path.steps)
      .filter((step) => step.event.type === 'xstate.error.actor.createWebsite')
      .map((step) => step.event)
    expect(failure).toContainEqual({
      type: 'xstate.error.actor.createWebsite',
      error: { message: 'createWebsite failed' },
    })
    expect(failure).toContainEqual({
      type: 'xstate.error.actor.createWebsite',
      error: { message: 'createWebsite refused', refused: true },
    })
    expect(JSON.parse(runPaths(['session', '--json']).output)).toHaveLength(generatePaths('session').length)
  })

  it('lists every simple path with --simple', () => {
    const shortest = generatePaths('project')
    const simple = generatePaths('project', { simple: true })
    expect(simple.length).toBeGreaterThan(shortest.length)
    expect(runPaths(['project', '--simple']).output).toMatch(new RegExp(`^project: ${simple.length} paths`))
  })

  it('refuses an unknown machine and lists the known ones', () => {
    const { code, output } = runPaths(['sessions'])
    expect(code).toBe(1)
    expect(output).toContain("Unknown machine 'sessions'.")
    expect(output).toContain(`Known machines: ${Object.keys(MACHINES).join(', ')}`)
    expect(runPaths([]).code).toBe(1)
  })

  it('generates paths for every machine of the registry, each reaching a state', () => {
    for (const name of machineNames()) {
      const paths = generatePaths(name)
      expect(paths.length, name).toBeGreaterThan(1)
      for (const path of paths) expect(path.state).toBe(path.steps.at(-1)?.state ?? path.state)
    }
  })

  it('names nested and parallel states as dotted paths', () => {
    expect(dottedState('closed')).toBe('closed')
    expect(dottedState({ submitting: { ensuringWebsiteName: 'checkingName' } })).toBe(
      'submitting.ensuringWebsiteName.checkingName',
    )
    expect(dottedState({ loggedIn: { tokenCheck: 'idle', userInfo: 'current' } })).toBe(
      'loggedIn.tokenCheck.idle + loggedIn.userInfo.current',
    )
  })
})
