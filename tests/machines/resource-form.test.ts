import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  hasUnsavedChanges,
  selectConfirmation,
  selectConflict,
  selectFieldErrors,
  selectFormError,
  selectIsDirty,
  selectIsSaving,
  selectSecret,
  selectValues,
} from '../../machines/resource-form.selectors.ts'
import {
  type ResourceFormInput,
  resourceFormMachine,
  type SavedNotice,
  type SavedResource,
  type SaveFailure,
  type SaveInput,
} from '../../machines/resource-form.ts'
import type { FieldError } from '../../src/domain/common.ts'
import { initialDraft, validatorOf } from '../../src/domain/resource-body.ts'
import { type Draft, setPath } from '../../src/domain/resource-ui.ts'
import { directorsUi } from '../../src/types/directors/screen.ts'

const newDirector = () => initialDraft(directorsUi.fields, directorsUi.newDraft?.())
/** A director the real schema accepts: a name and one backend host. */
const validDirector = () =>
  setPath(setPath(newDirector(), 'name', 'shop-origin'), 'backends.0.host', 'origin.example.com')

const META = {
  created_at: '2026-01-01T00:00:00.000Z',
  created_by: 'admin',
  updated_at: '2026-03-04T10:20:30.000Z',
  updated_by: 'alice@example.com',
}

type Save = (input: SaveInput) => Promise<SavedResource>

/** The real machine with a recording fake `save`; `validate` is the director schema unless given. */
function startForm(
  options: {
    mode?: 'create' | 'edit'
    values?: Draft
    revision?: number | null
    save?: Save
    validate?: (values: Draft) => FieldError[]
    confirm?: ResourceFormInput['confirm']
  } = {},
) {
  const saves: SaveInput[] = []
  const announced: SavedNotice[] = []
  const save: Save =
    options.save ?? (async (input) => ({ ...input.values, name: input.name ?? 'shop-origin', revision: 1 }))
  const machine = resourceFormMachine.provide({
    actions: { announceSaved: (_, notice: SavedNotice) => void announced.push(notice) },
    actors: {
      save: fromPromise<SavedResource, SaveInput>(async ({ input }) => {
        saves.push(input)
        return save(input)
      }),
    },
  })
  const mode = options.mode ?? 'create'
  const actor = createActor(machine, {
    input: {
      mode,
      name: mode === 'edit' ? 'shop-origin' : null,
      values: options.values ?? newDirector(),
      revision: options.revision ?? null,
      validate: options.validate ?? validatorOf(directorsUi, mode),
      ...(options.confirm ? { confirm: options.confirm } : {}),
    },
  })
  actor.start()
  return { actor, saves, announced }
}

const failure = (overrides: Partial<SaveFailure>): SaveFailure => ({
  message: 'The director could not be saved.',
  fieldErrors: [],
  current: null,
  ...overrides,
})

describe('resource form machine', () => {
  it('keeps a form the schema refuses in editing, with its errors, and sends nothing', () => {
    const { actor, saves } = startForm()
    actor.send({ type: 'form.submit' })
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('editing')
    expect(saves).toEqual([])
    const fields = selectFieldErrors(snapshot).map((error) => error.field)
    // The real director schema: an empty name and an empty backend host.
    expect(fields).toEqual(expect.arrayContaining(['name', 'backends.0.host']))
    expect(selectFormError(snapshot)).toBeNull()
  })

  it('applies the schema’s cross-field rules: a cookie type needs a cookie name, a threshold fits the window', () => {
    const values = setPath(setPath(validDirector(), 'type', 'shard_sticky_cookie'), 'probe.threshold', '4')
    const { actor, saves } = startForm({ values })
    actor.send({ type: 'form.submit' })
    expect(saves).toEqual([])
    expect(selectFieldErrors(actor.getSnapshot())).toEqual([
      { field: 'probe.threshold', message: 'must not exceed the window' },
      { field: 'sticky_cookie', message: 'a cookie name is required for this director type' },
    ])
  })

  it('drops a field’s error once that field (or its whole list) changes, and keeps the others', () => {
    const { actor } = startForm({ values: setPath(newDirector(), 'probe.window', '0') })
    actor.send({ type: 'form.submit' })
    const fields = () => selectFieldErrors(actor.getSnapshot()).map((error) => error.field)
    expect(fields()).toEqual(expect.arrayContaining(['name', 'backends.0.host', 'probe.window']))
    actor.send({ type: 'form.change', path: 'name', value: 'shop' })
    expect(fields()).not.toContain('name')
    expect(fields()).toContain('probe.window')
    actor.send({ type: 'form.change', path: 'backends', value: [{ host: 'a.example.com', port: 80, weight: 1 }] })
    // A window of 0 also breaks the threshold rule: both stay until they change.
    expect(fields()).toEqual(['probe.window', 'probe.threshold'])
    expect(selectValues(actor.getSnapshot()).name).toBe('shop')
  })

  it('creates: saves once with no revision, announces it and ends in saved', async () => {
    const { actor, saves, announced } = startForm({ values: validDirector() })
    actor.send({ type: 'form.submit' })
    expect(selectIsSaving(actor.getSnapshot())).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(actor.getSnapshot().value).toBe('saved')
    expect(saves).toEqual([{ mode: 'create', name: null, values: validDirector(), revision: null }])
    expect(announced).toHaveLength(1)
    expect(announced[0]?.resource).toMatchObject({ name: 'shop-origin', revision: 1 })
  })

  it('shows the server’s field errors and message, keeping every value the user typed', async () => {
    const typed = setPath(validDirector(), 'backends.0.port', '8080')
    const { actor } = startForm({
      values: typed,
      save: async () => {
        throw failure({
          message: 'The request is invalid.',
          fieldErrors: [{ field: 'backends.0.host', message: 'does not resolve' }],
        })
      },
    })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('editing'))
    const snapshot = actor.getSnapshot()
    expect(selectFieldErrors(snapshot)).toEqual([{ field: 'backends.0.host', message: 'does not resolve' }])
    expect(selectFormError(snapshot)).toBe('The request is invalid.')
    expect(selectValues(snapshot)).toEqual(typed)
    expect(selectIsDirty(snapshot)).toBe(false)
  })

  it('reports a failure that is not the API’s (network) as the form’s message', async () => {
    const { actor } = startForm({
      values: validDirector(),
      save: async () => {
        throw new Error('The platform could not be reached.')
      },
    })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('editing'))
    expect(selectFormError(actor.getSnapshot())).toBe('The platform could not be reached.')
    expect(selectFieldErrors(actor.getSnapshot())).toEqual([])
  })

  describe('when someone else saved first (409 with the current version)', () => {
    const current: SavedResource = {
      ...validDirector(),
      name: 'shop-origin',
      type: 'weighted',
      revision: 5,
      ...META,
    }
    const stale = async () => {
      throw failure({ message: 'director shop-origin was changed by alice@example.com', current })
    }

    const accepted: Save = async (input) => ({ ...input.values, name: 'shop-origin', revision: 6 })

    /** An edit whose first save meets revision 5; the next one is accepted. */
    async function inConflict() {
      const mine = setPath(validDirector(), 'probe.window', '5')
      let calls = 0
      const form = startForm({
        mode: 'edit',
        values: validDirector(),
        revision: 3,
        save: async (input) => {
          calls += 1
          return calls === 1 ? stale() : accepted(input)
        },
      })
      form.actor.send({ type: 'form.change', path: 'probe.window', value: '5' })
      form.actor.send({ type: 'form.submit' })
      await waitFor(form.actor, (snapshot) => snapshot.hasTag('conflict'))
      return { ...form, mine }
    }

    it('stops in conflict with the server’s version', async () => {
      const { actor, saves, mine } = await inConflict()
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe('conflict')
      expect(selectConflict(snapshot)).toEqual(current)
      expect(selectValues(snapshot)).toEqual(mine)
      expect(saves[0]).toMatchObject({ mode: 'edit', name: 'shop-origin', revision: 3 })
    })

    it('reload: continues from their values (without the record’s metadata) and their revision', async () => {
      const { actor, saves } = await inConflict()
      actor.send({ type: 'conflict.reload' })
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe('editing')
      expect(selectConflict(snapshot)).toBeNull()
      const values = selectValues(snapshot)
      expect(values).toEqual(validDirectorWith({ type: 'weighted' }))
      for (const field of ['revision', 'created_at', 'created_by', 'updated_at', 'updated_by']) {
        expect(values).not.toHaveProperty(field)
      }
      // Nothing typed since: nothing to lose.
      expect(hasUnsavedChanges(snapshot.context)).toBe(false)
      actor.send({ type: 'form.submit' })
      await waitFor(actor, (s) => s.status === 'done')
      expect(saves[1]).toMatchObject({ revision: 5, values: validDirectorWith({ type: 'weighted' }) })
    })

    it('overwrite: saves my values with their revision as If-Match', async () => {
      const { actor, saves, announced, mine } = await inConflict()
      actor.send({ type: 'conflict.overwrite' })
      await waitFor(actor, (snapshot) => snapshot.status === 'done')
      expect(saves).toHaveLength(2)
      expect(saves[1]).toEqual({ mode: 'edit', name: 'shop-origin', values: mine, revision: 5 })
      expect(announced).toHaveLength(1)
    })

    it('dismiss: back to my values, still unsaved, without the panel', async () => {
      const { actor, mine } = await inConflict()
      actor.send({ type: 'conflict.dismiss' })
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe('editing')
      expect(selectConflict(snapshot)).toBeNull()
      expect(selectValues(snapshot)).toEqual(mine)
      expect(selectIsDirty(snapshot)).toBe(true)
    })
  })

  it('shows a secret the create revealed until the user has it, then forgets it and announces the save', async () => {
    const { actor, announced } = startForm({
      values: validDirector(),
      save: async (input) => ({ ...input.values, name: 'shop-origin', revision: 1, secret: 'wadp_s3cret' }),
    })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('revealing'))
    expect(selectSecret(actor.getSnapshot())).toBe('wadp_s3cret')
    // Nothing leads away yet: leaving the page would lose the secret.
    expect(announced).toEqual([])
    expect(selectIsDirty(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'secret.dismiss' })
    const snapshot = actor.getSnapshot()
    expect(snapshot.status).toBe('done')
    expect(snapshot.context.secret).toBeNull()
    expect(selectSecret(snapshot)).toBeNull()
    expect(announced).toEqual([{ mode: 'create', resource: { name: 'shop-origin', revision: 1 } }])
  })

  it('goes straight on when a save reveals no secret', async () => {
    const { actor, announced } = startForm({
      values: validDirector(),
      save: async (input) => ({ ...input.values, name: 'shop-origin', revision: 1, secret: null }),
    })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(selectSecret(actor.getSnapshot())).toBeNull()
    expect(announced).toHaveLength(1)
  })

  it('has unsaved changes after an edit, and none once saved', async () => {
    const { actor } = startForm({ mode: 'edit', values: validDirector(), revision: 2 })
    expect(selectIsDirty(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'form.change', path: 'timeout.read_timeout', value: '60' })
    expect(selectIsDirty(actor.getSnapshot())).toBe(true)
    expect(hasUnsavedChanges(actor.getSnapshot().context)).toBe(true)
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(hasUnsavedChanges(actor.getSnapshot().context)).toBe(false)
    expect(selectIsDirty(actor.getSnapshot())).toBe(false)
  })
})

function validDirectorWith(patch: Draft): Draft {
  return { ...validDirector(), ...patch }
}

describe('a save that asks first', () => {
  const question = { title: 'Put the node in maintenance?', text: 'It stops taking traffic.', action: 'Save' }
  const confirm = (values: Draft, initial: Draft) => (values.status !== initial.status ? question : null)

  it('sends nothing until the user agrees, and nothing at all when they say no', async () => {
    const { actor, saves } = startForm({
      mode: 'edit',
      values: { name: 'pop-fr-par-1', status: 'active' },
      revision: 2,
      validate: () => [],
      confirm,
    })
    actor.send({ type: 'form.change', path: 'status', value: 'maintenance' })
    actor.send({ type: 'form.submit' })
    expect(selectConfirmation(actor.getSnapshot())).toEqual(question)
    expect(saves).toEqual([])
    actor.send({ type: 'save.cancel' })
    expect(selectConfirmation(actor.getSnapshot())).toBeNull()
    expect(selectValues(actor.getSnapshot()).status).toBe('maintenance')
    expect(saves).toEqual([])
    actor.send({ type: 'form.submit' })
    actor.send({ type: 'save.confirm' })
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(saves.map((save) => save.values.status)).toEqual(['maintenance'])
  })

  it('saves at once when nothing needs a yes', async () => {
    const { actor, saves } = startForm({
      mode: 'edit',
      values: { name: 'pop-fr-par-1', status: 'active', weight: 1 },
      revision: 2,
      validate: () => [],
      confirm,
    })
    actor.send({ type: 'form.change', path: 'weight', value: 5 })
    actor.send({ type: 'form.submit' })
    expect(selectConfirmation(actor.getSnapshot())).toBeNull()
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(saves).toHaveLength(1)
  })
})
