import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  selectCanGoNext,
  selectCanGoPrevious,
  selectCreatedWebsite,
  selectErrors,
  selectIsBusy,
  selectIsRollingBack,
  selectPage,
  selectShowsQuickLinks,
} from '../../machines/quick-setup.selectors.ts'
import { quickSetupMachine } from '../../machines/quick-setup.ts'
import type {
  CreateDirectorInput,
  CreatedWebsite,
  CreateWebsiteInput,
  NamedResourceInput,
  ProjectInput,
  QuickSetupDraftPatch,
  QuickSetupEmitted,
} from '../../machines/quick-setup.types.ts'
import { QUICK_WEBSITE_MESSAGES } from '../../src/types/quick-setup.ts'

const PROJECT = 'alpha'
// random() = 0 picks 'a' five times: every generated suffix is 'aaaaa'.
const SUFFIX = 'aaaaa'

const newOrigin: QuickSetupDraftPatch = {
  domain_name: 'Shop.Example.com ',
  backend: { directorOption: 'new', host: 'origin.example.com', port: '80', weight: 5 },
}
const existingDirector: QuickSetupDraftPatch = {
  domain_name: 'shop.example.com',
  backend: { directorOption: 'existing' },
  default_director: 'shared-origin',
}

interface Fakes {
  domains?: string[]
  takenWebsites?: string[]
  createDirector?: (input: CreateDirectorInput) => Promise<{ name: string }>
  createWebsite?: (input: CreateWebsiteInput) => Promise<CreatedWebsite>
  deleteDirector?: (input: NamedResourceInput) => Promise<void>
  listDomains?: () => Promise<string[]>
  /** What a GET of the website answers after a failed creation: null when it does not exist. */
  readWebsite?: (input: NamedResourceInput) => Promise<CreatedWebsite | null>
}

const rejecting = (message: string) => async (): Promise<never> => {
  throw new Error(message)
}

/** The real machine with recording fakes: every actor call lands in `calls`. */
function startWizard(fakes: Fakes = {}) {
  const calls: { actor: string; input: unknown }[] = []
  const machine = quickSetupMachine.provide({
    actors: {
      listDomains: fromPromise<string[], ProjectInput>(async ({ input }) => {
        calls.push({ actor: 'listDomains', input })
        return fakes.listDomains ? fakes.listDomains() : (fakes.domains ?? [])
      }),
      createDirector: fromPromise<{ name: string }, CreateDirectorInput>(async ({ input }) => {
        calls.push({ actor: 'createDirector', input })
        return fakes.createDirector ? fakes.createDirector(input) : { name: input.director.name }
      }),
      websiteExists: fromPromise<boolean, NamedResourceInput>(async ({ input }) => {
        calls.push({ actor: 'websiteExists', input })
        return (fakes.takenWebsites ?? []).includes(input.name)
      }),
      createWebsite: fromPromise<CreatedWebsite, CreateWebsiteInput>(async ({ input }) => {
        calls.push({ actor: 'createWebsite', input })
        return fakes.createWebsite
          ? fakes.createWebsite(input)
          : { name: input.website.name, default_director: input.website.default_director }
      }),
      readWebsite: fromPromise<CreatedWebsite | null, NamedResourceInput>(async ({ input }) => {
        calls.push({ actor: 'readWebsite', input })
        return fakes.readWebsite ? fakes.readWebsite(input) : null
      }),
      deleteDirector: fromPromise<void, NamedResourceInput>(async ({ input }) => {
        calls.push({ actor: 'deleteDirector', input })
        if (fakes.deleteDirector) await fakes.deleteDirector(input)
      }),
    },
  })
  const actor = createActor(machine, { input: { project: PROJECT, random: () => 0 } })
  const emitted: QuickSetupEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  const called = (name: string) => calls.filter((call) => call.actor === name).map((call) => call.input)
  return { actor, calls, called, emitted }
}

type Wizard = ReturnType<typeof startWizard>

/** Open the wizard, fill the form with `patch` and reach the confirmation page. */
function toConfirmation(wizard: Wizard, patch: QuickSetupDraftPatch) {
  wizard.actor.send({ type: 'wizard.open' })
  wizard.actor.send({ type: 'wizard.next' })
  wizard.actor.send({ type: 'wizard.edit', draft: patch })
  wizard.actor.send({ type: 'wizard.next' })
  expect(selectPage(wizard.actor.getSnapshot())).toBe('confirm')
}

const settled = (wizard: Wizard) => waitFor(wizard.actor, (s) => !s.hasTag('busy'))

async function submit(wizard: Wizard, patch: QuickSetupDraftPatch) {
  toConfirmation(wizard, patch)
  wizard.actor.send({ type: 'wizard.yes' })
  return settled(wizard)
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

/** Open the wizard, fill the form with `patch` and press Next on the form page. */
function nextFrom(wizard: Wizard, patch: QuickSetupDraftPatch) {
  wizard.actor.send({ type: 'wizard.open' })
  wizard.actor.send({ type: 'wizard.next' })
  wizard.actor.send({ type: 'wizard.edit', draft: patch })
  wizard.actor.send({ type: 'wizard.next' })
  return wizard.actor.getSnapshot()
}

describe('quick setup: the form page checks its fields before Next', () => {
  it('refuses Next with a blank form, reporting both fields with the spec messages', () => {
    const wizard = startWizard()
    const state = nextFrom(wizard, {})

    expect(selectPage(state)).toBe('form')
    expect(state.hasTag('error')).toBe(true)
    expect(selectErrors(state)).toEqual([
      { field: 'website', message: 'invalid domain name' },
      { field: 'backend', message: 'invalid backend' },
    ])
    expect(wizard.calls).toEqual([])
  })

  it('refuses an invalid domain name on the website field', () => {
    const state = nextFrom(startWizard(), { ...newOrigin, domain_name: 'not a domain' })
    expect(selectPage(state)).toBe('form')
    expect(selectErrors(state)).toEqual([{ field: 'website', message: 'invalid domain name' }])
  })

  it('refuses an invalid backend on the backend field', () => {
    const state = nextFrom(startWizard(), { domain_name: 'shop.example.com', backend: { host: '' } })
    expect(selectPage(state)).toBe('form')
    expect(selectErrors(state)).toEqual([{ field: 'backend', message: 'invalid backend' }])
  })

  it('treats Existing with no director chosen as a new origin without a backend', () => {
    const state = nextFrom(startWizard(), { ...existingDirector, default_director: null })
    expect(selectErrors(state)).toEqual([{ field: 'backend', message: 'invalid backend' }])
  })

  it('checks the fields again at every edit once Next was refused, and lets the user on when they pass', () => {
    const wizard = startWizard()
    nextFrom(wizard, {})
    wizard.actor.send({ type: 'wizard.edit', draft: { domain_name: 'shop.example.com' } })
    expect(selectErrors(wizard.actor.getSnapshot())).toEqual([{ field: 'backend', message: 'invalid backend' }])
    wizard.actor.send({ type: 'wizard.edit', draft: { backend: { host: 'origin.example.com' } } })
    expect(selectErrors(wizard.actor.getSnapshot())).toEqual([])
    expect(wizard.actor.getSnapshot().hasTag('error')).toBe(false)
    wizard.actor.send({ type: 'wizard.next' })
    expect(selectPage(wizard.actor.getSnapshot())).toBe('confirm')
  })

  it('keeps Next offered on an invalid page: pressing it is how the fields are checked', () => {
    const state = nextFrom(startWizard(), {})
    expect(selectCanGoNext(state)).toBe(true)
  })

  it('accepts what the server accepts: a domain with capitals and spaces around it', () => {
    const state = nextFrom(startWizard(), newOrigin)
    expect(selectPage(state)).toBe('confirm')
    expect(selectErrors(state)).toEqual([])
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

/** What the app layer throws when the platform answered with a refusal (a 4xx): nothing was created. */
const refusing = (message: string) => async (): Promise<never> => {
  throw Object.assign(new Error(message), { refused: true })
}

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

  it('rolls back once the platform says the website is not there', async () => {
    const wizard = startWizard({ createWebsite: lost, readWebsite: async () => null })
    const state = await submit(wizard, newOrigin)

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
    expect(state.context.createdDirector).toBeNull()
    expect(wizard.emitted).toEqual([])
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
  })

  it('passes on the server message when the director cannot be created, with nothing to delete', async () => {
    const wizard = startWizard({ createDirector: rejecting('director limit reached') })
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
  })

  it('refuses to close or restart while submitting, so a created director is never abandoned', async () => {
    let finishWebsite: (website: CreatedWebsite) => void = () => {}
    const wizard = startWizard({
      createWebsite: () => new Promise<CreatedWebsite>((resolve) => (finishWebsite = resolve)),
    })
    toConfirmation(wizard, newOrigin)
    wizard.actor.send({ type: 'wizard.yes' })
    await waitFor(wizard.actor, (s) => s.matches({ submitting: 'creatingWebsite' }))
    for (const type of ['wizard.cancel', 'wizard.close', 'wizard.restart', 'wizard.previous'] as const) {
      expect(wizard.actor.getSnapshot().can({ type })).toBe(false)
      wizard.actor.send({ type })
    }
    expect(wizard.actor.getSnapshot().matches({ submitting: 'creatingWebsite' })).toBe(true)
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

describe('quick setup: moving between pages', () => {
  it('opens on the welcome page and walks form, confirmation with Next and back with Previous', () => {
    const { actor } = startWizard()
    expect(actor.getSnapshot().matches('closed')).toBe(true)
    actor.send({ type: 'wizard.open' })
    expect(selectPage(actor.getSnapshot())).toBe('welcome')
    expect(selectCanGoPrevious(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'wizard.next' })
    expect(selectPage(actor.getSnapshot())).toBe('form')
    actor.send({ type: 'wizard.edit', draft: existingDirector })
    actor.send({ type: 'wizard.next' })
    expect(selectPage(actor.getSnapshot())).toBe('confirm')
    expect(selectCanGoNext(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'wizard.previous' })
    actor.send({ type: 'wizard.previous' })
    expect(selectPage(actor.getSnapshot())).toBe('welcome')
  })

  it('keeps what was typed across pages and merges backend fields one at a time', () => {
    const { actor } = startWizard()
    actor.send({ type: 'wizard.open' })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'wizard.edit', draft: { domain_name: 'shop.example.com' } })
    actor.send({ type: 'wizard.edit', draft: { backend: { host: 'origin.example.com' } } })
    actor.send({ type: 'wizard.edit', draft: { backend: { port: 80 } } })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'wizard.previous' })
    expect(actor.getSnapshot().context.draft).toEqual({
      domain_name: 'shop.example.com',
      backend: { directorOption: 'new', host: 'origin.example.com', port: 80, weight: 1 },
      default_director: null,
    })
  })

  it('clears the errors with Previous', async () => {
    const wizard = startWizard({ createWebsite: rejecting('website quota exceeded') })
    await submit(wizard, existingDirector)
    wizard.actor.send({ type: 'wizard.previous' })
    const state = wizard.actor.getSnapshot()
    expect(selectPage(state)).toBe('form')
    expect(selectErrors(state)).toEqual([])
    expect(state.hasTag('error')).toBe(false)
  })

  it("clears the form page's errors with Previous", () => {
    const wizard = startWizard()
    nextFrom(wizard, {})
    wizard.actor.send({ type: 'wizard.previous' })
    expect(selectPage(wizard.actor.getSnapshot())).toBe('welcome')
    expect(selectErrors(wizard.actor.getSnapshot())).toEqual([])
  })

  it('clears the errors with Next', async () => {
    const wizard = startWizard({ createWebsite: rejecting('website quota exceeded') })
    await submit(wizard, existingDirector)
    wizard.actor.send({ type: 'wizard.previous' })
    wizard.actor.send({ type: 'wizard.next' })
    expect(selectPage(wizard.actor.getSnapshot())).toBe('confirm')
    expect(selectErrors(wizard.actor.getSnapshot())).toEqual([])
  })

  it("jumps to the final page with 'Quick links!' on 'No', creating nothing", () => {
    const wizard = startWizard()
    toConfirmation(wizard, newOrigin)
    wizard.actor.send({ type: 'wizard.no' })
    const state = wizard.actor.getSnapshot()
    expect(state.matches({ finished: 'declined' })).toBe(true)
    expect(selectPage(state)).toBe('final')
    expect(selectShowsQuickLinks(state)).toBe(true)
    expect(selectCreatedWebsite(state)).toBeNull()
    expect(wizard.calls).toEqual([])
  })

  it('restarts on page 0 with a fresh draft', () => {
    const wizard = startWizard()
    nextFrom(wizard, { domain_name: 'not a domain' })
    wizard.actor.send({ type: 'wizard.restart' })
    const state = wizard.actor.getSnapshot()
    expect(selectPage(state)).toBe('welcome')
    expect(state.context.draft).toEqual({
      domain_name: '',
      backend: { directorOption: 'new', host: '', port: 443, weight: 1 },
      default_director: null,
    })
    expect(selectErrors(state)).toEqual([])
  })

  it('restarts from the final page after a website was created', async () => {
    const wizard = startWizard()
    await submit(wizard, existingDirector)
    wizard.actor.send({ type: 'wizard.restart' })
    const state = wizard.actor.getSnapshot()
    expect(selectPage(state)).toBe('welcome')
    expect(state.context.created).toBeNull()
  })

  it.each(['wizard.cancel', 'wizard.close'] as const)('closes the modal with %s from any page', (type) => {
    const { actor } = startWizard()
    for (const steps of [0, 1, 2]) {
      actor.send({ type: 'wizard.open' })
      for (let i = 0; i < steps; i += 1) actor.send({ type: 'wizard.next' })
      actor.send({ type })
      expect(actor.getSnapshot().matches('closed')).toBe(true)
      expect(selectPage(actor.getSnapshot())).toBeNull()
    }
  })

  it('opens again on page 0 keeping what was typed before a close (a stray click outside), for the same project', () => {
    const { actor } = startWizard()
    actor.send({ type: 'wizard.open' })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'wizard.edit', draft: { domain_name: 'shop.example.com' } })
    actor.send({ type: 'wizard.close' })
    actor.send({ type: 'wizard.open' })
    expect(selectPage(actor.getSnapshot())).toBe('welcome')
    expect(actor.getSnapshot().context.draft.domain_name).toBe('shop.example.com')
    // Another project's wizard starts empty.
    actor.send({ type: 'wizard.cancel' })
    actor.send({ type: 'wizard.open', project: 'other-project' })
    expect(actor.getSnapshot().context.draft.domain_name).toBe('')
  })

  it('starts empty after the final page, whichever way it was left', () => {
    const { actor } = startWizard()
    actor.send({ type: 'wizard.open' })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'wizard.edit', draft: existingDirector })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'wizard.no' })
    expect(selectPage(actor.getSnapshot())).toBe('final')
    actor.send({ type: 'wizard.close' })
    actor.send({ type: 'wizard.open' })
    expect(actor.getSnapshot().context.draft.domain_name).toBe('')
  })

  it('fails loudly when the composition layer forgot an actor', async () => {
    const actor = createActor(quickSetupMachine, { input: { project: PROJECT } })
    actor.start()
    actor.send({ type: 'wizard.open' })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'wizard.edit', draft: existingDirector })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'wizard.yes' })
    const state = await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(selectErrors(state)).toEqual([{ field: 'server', message: 'listDomains not provided' }])
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
