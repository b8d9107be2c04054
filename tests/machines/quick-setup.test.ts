import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import {
  selectCanGoNext,
  selectCanGoPrevious,
  selectCreatedWebsite,
  selectErrors,
  selectPage,
  selectShowsQuickLinks,
} from '../../machines/quick-setup.selectors.ts'
import { quickSetupMachine } from '../../machines/quick-setup.ts'
import {
  existingDirector,
  newOrigin,
  nextFrom,
  PROJECT,
  rejecting,
  startWizard,
  submit,
  toConfirmation,
} from './quick-setup-harness.ts'

/** The wizard's pages; its submission has tests of its own (quick-setup-submission.test.ts). */

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
