import { describe, expect, it, vi } from 'vitest'
import { type ActorRefFrom, SimulatedClock, waitFor } from 'xstate'
import {
  selectCreatedWebsite,
  selectErrors,
  selectIsBusy,
  selectIsRollingBack,
  selectPage,
  selectRemovedDirector,
  selectShowsQuickLinks,
} from '../../machines/quick-setup.selectors.ts'
import type { CreatedWebsite } from '../../machines/quick-setup.types.ts'
import { quickSetupSubmissionMachine } from '../../machines/quick-setup-submission.ts'
import { QUICK_WEBSITE_MESSAGES } from '../../src/types/quick-setup.ts'
import {
  existingDirector,
  newOrigin,
  PROJECT,
  refusing,
  rejecting,
  SUFFIX,
  settled,
  startWizard,
  submit,
  toConfirmation,
  type Wizard,
} from './quick-setup-harness.ts'

/** The wizard's submission (machines/quick-setup-submission.ts), seen through the wizard as the page sees it. */

const RECHECK_DELAY = Number(quickSetupSubmissionMachine.implementations.delays.recheckDelay)

/** The submission the wizard runs (its page shows only its outcome): where a test sees it wait. */
function submissionOf(wizard: Wizard): ActorRefFrom<typeof quickSetupSubmissionMachine> {
  const submission = wizard.actor.getSnapshot().children.submission
  if (!submission) throw new Error('the wizard runs no submission')
  return submission
}

describe('quick setup: creating a website', () => {
  it('creates a director for a new origin, then the website that uses it, and announces it', async () => {
    const wizard = startWizard()
    const state = await submit(wizard, newOrigin)

    expect(state.matches({ finished: 'created' })).toBe(true)
    expect(wizard.calls.map((call) => call.actor)).toEqual([
      'listDomains',
      'createDirector',
      'websiteExists',
      'createWebsite',
    ])
    expect(wizard.called('createDirector')).toEqual([
      {
        project: PROJECT,
        director: {
          name: `shop-example-com-${SUFFIX}`,
          type: 'round_robin',
          backends: [{ host: 'origin.example.com', port: 80, weight: 5 }],
          probe: { host: 'shop.example.com' },
        },
      },
    ])
    expect(wizard.called('websiteExists')).toEqual([{ project: PROJECT, name: 'shop-example-com' }])
    expect(wizard.called('createWebsite')).toEqual([
      {
        project: PROJECT,
        website: {
          name: 'shop-example-com',
          domain_name: 'shop.example.com',
          default_director: `shop-example-com-${SUFFIX}`,
        },
      },
    ])
    expect(selectCreatedWebsite(state)).toEqual({
      name: 'shop-example-com',
      default_director: `shop-example-com-${SUFFIX}`,
    })
    expect(selectShowsQuickLinks(state)).toBe(false)
    expect(wizard.emitted).toEqual([
      {
        type: 'quickSetup.created',
        project: PROJECT,
        name: 'shop-example-com',
        default_director: `shop-example-com-${SUFFIX}`,
      },
    ])
  })

  it('uses an existing director without creating one', async () => {
    const wizard = startWizard()
    const state = await submit(wizard, existingDirector)

    expect(state.matches({ finished: 'created' })).toBe(true)
    expect(wizard.called('createDirector')).toEqual([])
    expect(wizard.called('createWebsite')).toEqual([
      {
        project: PROJECT,
        website: { name: 'shop-example-com', domain_name: 'shop.example.com', default_director: 'shared-origin' },
      },
    ])
  })

  it('takes the suffixed website name when the dashed one exists', async () => {
    const wizard = startWizard({ takenWebsites: ['shop-example-com'] })
    const state = await submit(wizard, existingDirector)

    expect(wizard.called('websiteExists')).toEqual([
      { project: PROJECT, name: 'shop-example-com' },
      { project: PROJECT, name: `shop-example-com-${SUFFIX}` },
    ])
    expect(selectCreatedWebsite(state)?.name).toBe(`shop-example-com-${SUFFIX}`)
  })

  it('reads back what the server created, not what was asked', async () => {
    const wizard = startWizard({
      createWebsite: async () => ({ name: 'renamed-by-server', default_director: 'shared-origin' }),
    })
    const state = await submit(wizard, existingDirector)
    expect(selectCreatedWebsite(state)).toEqual({ name: 'renamed-by-server', default_director: 'shared-origin' })
  })

  it('goes to the websites list with Finish after the final page', async () => {
    const wizard = startWizard()
    await submit(wizard, existingDirector)
    wizard.actor.send({ type: 'wizard.finish' })
    expect(wizard.actor.getSnapshot().matches('closed')).toBe(true)
    expect(wizard.emitted.map((event) => event.type)).toEqual(['quickSetup.created', 'quickSetup.finished'])
  })

  it('submits with Finish on the confirmation page as with Yes', async () => {
    const wizard = startWizard()
    toConfirmation(wizard, existingDirector)
    wizard.actor.send({ type: 'wizard.finish' })
    expect((await settled(wizard)).matches({ finished: 'created' })).toBe(true)
  })
})

describe('quick setup: refusing a submission', () => {
  it('refuses a domain the project already uses', async () => {
    const wizard = startWizard({ domains: ['other.example.com', 'SHOP.example.com'] })
    const state = await submit(wizard, newOrigin)

    expect(selectErrors(state)).toEqual([{ field: 'website', message: 'domain name already used' }])
    expect(wizard.called('listDomains')).toEqual([{ project: PROJECT }])
    expect(wizard.called('createDirector')).toEqual([])
  })

  it("reports 'invalid website name' when both names are taken, and deletes the director it created", async () => {
    const wizard = startWizard({ takenWebsites: ['shop-example-com', `shop-example-com-${SUFFIX}`] })
    const state = await submit(wizard, newOrigin)

    expect(state.matches({ confirming: 'failed' })).toBe(true)
    expect(selectErrors(state)).toEqual([{ field: 'website', message: 'invalid website name' }])
    expect(wizard.called('createWebsite')).toEqual([])
    expect(wizard.called('deleteDirector')).toEqual([{ project: PROJECT, name: `shop-example-com-${SUFFIX}` }])
  })
})

describe('quick setup: a director creation whose answer was lost', () => {
  const lost = rejecting('The platform did not answer in time.')
  const requested = `shop-example-com-${SUFFIX}`

  it('asks for the director it requested and, found, goes on with it to the website', async () => {
    const wizard = startWizard({ createDirector: lost, readDirector: async (input) => ({ name: input.name }) })
    const state = await submit(wizard, newOrigin)

    expect(wizard.called('readDirector')).toEqual([{ project: PROJECT, name: requested }])
    expect(wizard.called('createWebsite')).toEqual([
      {
        project: PROJECT,
        website: { name: 'shop-example-com', domain_name: 'shop.example.com', default_director: requested },
      },
    ])
    expect(state.matches({ finished: 'created' })).toBe(true)
    expect(selectErrors(state)).toEqual([])
    expect(selectCreatedWebsite(state)).toEqual({ name: 'shop-example-com', default_director: requested })
    expect(wizard.emitted).toEqual([
      { type: 'quickSetup.created', project: PROJECT, name: 'shop-example-com', default_director: requested },
    ])
  })

  it('rolls the found director back like a created one when the website is then refused', async () => {
    const wizard = startWizard({
      createDirector: lost,
      readDirector: async (input) => ({ name: input.name }),
      createWebsite: refusing('website quota exceeded'),
    })
    const state = await submit(wizard, newOrigin)

    expect(wizard.called('deleteDirector')).toEqual([{ project: PROJECT, name: requested }])
    expect(selectErrors(state)).toEqual([{ field: 'server', message: 'website quota exceeded' }])
  })

  it('fails as before once the platform says twice the director is not there', async () => {
    const wizard = startWizard({ createDirector: lost, readDirector: async () => null })
    const state = await submit(wizard, newOrigin)

    expect(wizard.called('readDirector')).toHaveLength(2)
    expect(state.matches({ confirming: 'failed' })).toBe(true)
    expect(selectErrors(state)).toEqual([{ field: 'server', message: 'The platform did not answer in time.' }])
    expect(wizard.called('websiteExists')).toEqual([])
    expect(wizard.called('deleteDirector')).toEqual([])
  })

  it('reads it again after a wait before taking it for missing: a creation still under way is found then', async () => {
    const clock = new SimulatedClock()
    let reads = 0
    const wizard = startWizard({
      clock,
      createDirector: lost,
      readDirector: async (input) => {
        reads += 1
        return reads === 1 ? null : { name: input.name }
      },
    })
    toConfirmation(wizard, newOrigin)
    wizard.actor.send({ type: 'wizard.yes' })
    await waitFor(submissionOf(wizard), (s) => s.matches({ checkingCreatedDirector: 'waiting' }))
    expect(wizard.called('readDirector')).toHaveLength(1)
    expect(wizard.called('websiteExists')).toEqual([])
    clock.increment(RECHECK_DELAY)
    const state = await settled(wizard)

    expect(wizard.called('readDirector')).toHaveLength(2)
    expect(state.matches({ finished: 'created' })).toBe(true)
    expect(selectCreatedWebsite(state)).toEqual({ name: 'shop-example-com', default_director: requested })
  })

  it('stops, deleting nothing, and names the director that may exist when the check fails too', async () => {
    const wizard = startWizard({ createDirector: lost, readDirector: rejecting('The platform could not be reached.') })
    const state = await submit(wizard, newOrigin)

    expect(state.matches({ confirming: 'failed' })).toBe(true)
    expect(selectErrors(state)).toEqual([
      { field: 'server', message: 'The platform did not answer in time.' },
      { field: 'director', message: `${requested}: ${QUICK_WEBSITE_MESSAGES.unknownDirector}` },
    ])
    expect(wizard.called('websiteExists')).toEqual([])
    expect(wizard.called('createWebsite')).toEqual([])
    expect(wizard.called('deleteDirector')).toEqual([])
  })

  it('does not ask after a refusal: nothing was created', async () => {
    const wizard = startWizard({ createDirector: refusing('director limit reached') })
    const state = await submit(wizard, newOrigin)

    expect(wizard.called('readDirector')).toEqual([])
    expect(selectErrors(state)).toEqual([{ field: 'server', message: 'director limit reached' }])
  })
})

describe('quick setup: a website creation whose answer was lost', () => {
  const lost = rejecting('The platform could not be reached.')

  it('asks whether the website exists and, as it does with its director, reports it created', async () => {
    const director = `shop-example-com-${SUFFIX}`
    const wizard = startWizard({
      createWebsite: lost,
      readWebsite: async (input) => ({ name: input.name, default_director: director }),
    })
    const state = await submit(wizard, newOrigin)

    expect(wizard.called('readWebsite')).toEqual([{ project: PROJECT, name: 'shop-example-com' }])
    expect(wizard.called('deleteDirector')).toEqual([])
    expect(state.matches({ finished: 'created' })).toBe(true)
    expect(selectErrors(state)).toEqual([])
    expect(selectCreatedWebsite(state)).toEqual({ name: 'shop-example-com', default_director: director })
    expect(wizard.emitted).toEqual([
      { type: 'quickSetup.created', project: PROJECT, name: 'shop-example-com', default_director: director },
    ])
  })

  it('rolls back once the platform says twice the website is not there', async () => {
    const wizard = startWizard({ createWebsite: lost, readWebsite: async () => null })
    const state = await submit(wizard, newOrigin)

    expect(wizard.called('readWebsite')).toHaveLength(2)
    expect(wizard.called('deleteDirector')).toEqual([{ project: PROJECT, name: `shop-example-com-${SUFFIX}` }])
    expect(selectErrors(state)).toEqual([{ field: 'server', message: 'The platform could not be reached.' }])
  })

  it('reads it again after a wait before taking it for missing: a creation still under way is found then', async () => {
    const director = `shop-example-com-${SUFFIX}`
    const clock = new SimulatedClock()
    let reads = 0
    const wizard = startWizard({
      clock,
      createWebsite: lost,
      readWebsite: async (input) => {
        reads += 1
        return reads === 1 ? null : { name: input.name, default_director: director }
      },
    })
    toConfirmation(wizard, newOrigin)
    wizard.actor.send({ type: 'wizard.yes' })
    // Not there yet: the platform may still be storing it, so nothing is removed and it waits.
    await waitFor(submissionOf(wizard), (s) => s.matches({ checkingCreatedWebsite: 'waiting' }))
    expect(wizard.called('readWebsite')).toHaveLength(1)
    expect(wizard.called('deleteDirector')).toEqual([])
    clock.increment(RECHECK_DELAY)
    const state = await settled(wizard)

    expect(wizard.called('readWebsite')).toHaveLength(2)
    expect(wizard.called('deleteDirector')).toEqual([])
    expect(state.matches({ finished: 'created' })).toBe(true)
    expect(selectCreatedWebsite(state)).toEqual({ name: 'shop-example-com', default_director: director })
  })

  it('rolls back at once when the name holds another website: this one cannot be stored under it', async () => {
    const wizard = startWizard({
      createWebsite: lost,
      readWebsite: async (input) => ({ name: input.name, default_director: 'someone-elses' }),
    })
    const state = await submit(wizard, newOrigin)

    expect(wizard.called('readWebsite')).toHaveLength(1)
    expect(wizard.called('deleteDirector')).toEqual([{ project: PROJECT, name: `shop-example-com-${SUFFIX}` }])
    expect(selectErrors(state)).toEqual([{ field: 'server', message: 'The platform could not be reached.' }])
  })

  it('keeps the director and says so when whether the website exists cannot be told either', async () => {
    const wizard = startWizard({ createWebsite: lost, readWebsite: rejecting('The platform did not answer in time.') })
    const state = await submit(wizard, newOrigin)

    expect(wizard.called('deleteDirector')).toEqual([])
    expect(state.matches({ confirming: 'failed' })).toBe(true)
    expect(selectErrors(state)).toEqual([
      { field: 'server', message: 'The platform could not be reached.' },
      { field: 'website', message: `shop-example-com: ${QUICK_WEBSITE_MESSAGES.unknownOutcome}` },
      { field: 'director', message: `shop-example-com-${SUFFIX}: kept, as shop-example-com may use it` },
    ])
  })

  it('does not ask after a refusal: nothing was created, the director goes at once', async () => {
    const wizard = startWizard({ createWebsite: refusing('website quota exceeded') })
    const state = await submit(wizard, newOrigin)

    expect(wizard.called('readWebsite')).toEqual([])
    expect(wizard.called('deleteDirector')).toEqual([{ project: PROJECT, name: `shop-example-com-${SUFFIX}` }])
    expect(selectErrors(state)).toEqual([{ field: 'server', message: 'website quota exceeded' }])
  })
})

describe('quick setup: failures leave nothing behind', () => {
  it('rolls back the director when the website cannot be created', async () => {
    const wizard = startWizard({
      createDirector: async () => ({ name: 'director-from-server' }),
      createWebsite: rejecting('website quota exceeded'),
    })
    const state = await submit(wizard, newOrigin)

    expect(state.matches({ confirming: 'failed' })).toBe(true)
    expect(selectPage(state)).toBe('confirm')
    expect(wizard.called('deleteDirector')).toEqual([{ project: PROJECT, name: 'director-from-server' }])
    expect(selectErrors(state)).toEqual([{ field: 'server', message: 'website quota exceeded' }])
    // Said beside the failure: the director is gone, nothing was left behind; gone again with the page.
    expect(selectRemovedDirector(state)).toBe('director-from-server')
    expect(wizard.emitted).toEqual([])
    wizard.actor.send({ type: 'wizard.previous' })
    expect(selectRemovedDirector(wizard.actor.getSnapshot())).toBeNull()
  })

  it('says it is removing the director while it does, and shows the failure only once it is gone', async () => {
    let finishDelete: () => void = () => {}
    const wizard = startWizard({
      createWebsite: rejecting('website quota exceeded'),
      deleteDirector: () => new Promise<void>((resolve) => (finishDelete = resolve)),
    })
    toConfirmation(wizard, newOrigin)
    wizard.actor.send({ type: 'wizard.yes' })
    const rolling = await waitFor(wizard.actor, (s) => selectIsRollingBack(s))

    expect(selectIsBusy(rolling)).toBe(true)
    expect(selectErrors(rolling)).toEqual([])
    finishDelete()
    const state = await settled(wizard)
    expect(selectIsRollingBack(state)).toBe(false)
    expect(selectErrors(state)).toEqual([{ field: 'server', message: 'website quota exceeded' }])
  })

  it('deletes nothing when the website fails with an existing director', async () => {
    const wizard = startWizard({ createWebsite: rejecting('website quota exceeded') })
    const state = await submit(wizard, existingDirector)

    expect(wizard.called('deleteDirector')).toEqual([])
    expect(selectErrors(state)).toEqual([{ field: 'server', message: 'website quota exceeded' }])
    expect(selectRemovedDirector(state)).toBeNull()
  })

  it('passes on the server message when the director cannot be created, with nothing to delete', async () => {
    const wizard = startWizard({ createDirector: refusing('director limit reached') })
    const state = await submit(wizard, newOrigin)

    expect(selectErrors(state)).toEqual([{ field: 'server', message: 'director limit reached' }])
    expect(wizard.called('websiteExists')).toEqual([])
    expect(wizard.called('deleteDirector')).toEqual([])
  })

  it('names the director left behind when the rollback itself fails', async () => {
    const wizard = startWizard({
      createWebsite: rejecting('website quota exceeded'),
      deleteDirector: rejecting('director is locked'),
    })
    const state = await submit(wizard, newOrigin)

    expect(selectErrors(state)).toEqual([
      { field: 'server', message: 'website quota exceeded' },
      { field: 'director', message: `shop-example-com-${SUFFIX}: director is locked` },
    ])
    expect(selectRemovedDirector(state)).toBeNull()
  })

  it('refuses to close or restart while submitting, so a created director is never abandoned', async () => {
    let finishWebsite: (website: CreatedWebsite) => void = () => {}
    const wizard = startWizard({
      createWebsite: () => new Promise<CreatedWebsite>((resolve) => (finishWebsite = resolve)),
    })
    toConfirmation(wizard, newOrigin)
    wizard.actor.send({ type: 'wizard.yes' })
    await vi.waitFor(() => expect(wizard.called('createWebsite')).toHaveLength(1))
    for (const type of ['wizard.cancel', 'wizard.close', 'wizard.restart', 'wizard.previous'] as const) {
      expect(wizard.actor.getSnapshot().can({ type })).toBe(false)
      wizard.actor.send({ type })
    }
    expect(selectIsBusy(wizard.actor.getSnapshot())).toBe(true)
    finishWebsite({ name: 'shop-example-com', default_director: `shop-example-com-${SUFFIX}` })
    expect((await settled(wizard)).matches({ finished: 'created' })).toBe(true)
  })

  it('retries from the confirmation page after a failure', async () => {
    let attempts = 0
    const wizard = startWizard({
      listDomains: async () => {
        attempts += 1
        if (attempts === 1) throw new Error('domains unavailable')
        return []
      },
    })
    expect(selectErrors(await submit(wizard, existingDirector))).toEqual([
      { field: 'server', message: 'domains unavailable' },
    ])
    wizard.actor.send({ type: 'wizard.yes' })
    expect((await settled(wizard)).matches({ finished: 'created' })).toBe(true)
  })
})

describe('quick setup: one wizard for every project', () => {
  it('creates the website in the project named when the wizard opened', async () => {
    const wizard = startWizard()
    wizard.actor.send({ type: 'wizard.open', project: 'beta' })
    wizard.actor.send({ type: 'wizard.next' })
    wizard.actor.send({ type: 'wizard.edit', draft: newOrigin })
    wizard.actor.send({ type: 'wizard.next' })
    wizard.actor.send({ type: 'wizard.yes' })
    await settled(wizard)
    for (const call of wizard.calls) expect(call.input).toMatchObject({ project: 'beta' })
    expect(wizard.emitted).toContainEqual(expect.objectContaining({ type: 'quickSetup.created', project: 'beta' }))
  })
})
