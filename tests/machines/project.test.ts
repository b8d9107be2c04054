import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  selectArePermissionsPending,
  selectHasProjectFailed,
  selectIsProjectNotShown,
  selectIsProjectUnavailable,
  selectProjectLabel,
} from '../../machines/project.selectors.ts'
import { type LoadedProject, type ProjectEmitted, projectMachine } from '../../machines/project.ts'
import { type ProjectInfo, ProjectUnavailableError } from '../../src/domain/project.ts'
import { SESSION_MESSAGES } from '../../src/domain/session.ts'

const info = (name: string): ProjectInfo => ({
  name,
  display_name: `${name} display`,
  '@parents': {
    customer: { name: 'acme', display_name: 'Acme' },
    organization: { name: 'org', display_name: null },
  },
})

interface Options {
  defaultProject?: string | null
  loadProject?: (name: string) => Promise<LoadedProject>
  rememberProject?: (name: string) => Promise<void>
}

function startProject(options: Options = {}) {
  const loads: string[] = []
  const remembered: string[] = []
  let defaultSearches = 0
  const machine = projectMachine.provide({
    actors: {
      loadProject: fromPromise<LoadedProject, { name: string }>(async ({ input }) => {
        loads.push(input.name)
        return options.loadProject
          ? options.loadProject(input.name)
          : { info: info(input.name), permissions: [`wadp.${input.name}.*`] }
      }),
      rememberProject: fromPromise<void, { name: string }>(async ({ input }) => {
        remembered.push(input.name)
        await options.rememberProject?.(input.name)
      }),
      findDefaultProject: fromPromise<string | null>(async () => {
        defaultSearches++
        return options.defaultProject === undefined ? 'last-used' : options.defaultProject
      }),
    },
  })
  const actor = createActor(machine)
  const emitted: ProjectEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  return { actor, loads, remembered, emitted, defaultSearches: () => defaultSearches }
}

const ready = (project: ReturnType<typeof startProject>) => waitFor(project.actor, (s) => s.hasTag('ready'))

describe('project: following the URL', () => {
  it('loads the project named in the URL, remembers it and does not navigate', async () => {
    const project = startProject()
    project.actor.send({ type: 'project.urlChanged', project: 'alpha' })
    expect(project.actor.getSnapshot().hasTag('busy')).toBe(true)
    const state = await ready(project)
    expect(state.context).toEqual({
      project: 'alpha',
      info: info('alpha'),
      permissions: ['wadp.alpha.*'],
      error: null,
    })
    expect(project.remembered).toEqual(['alpha'])
    expect(project.emitted).toEqual([])
    expect(selectProjectLabel(state)).toBe('alpha display')
  })

  it('asks the open project again on refresh, keeping what it shows meanwhile and on a failure', async () => {
    let permissions = ['wadp.websites.list']
    let fail = false
    const project = startProject({
      loadProject: async (name) => {
        if (fail) throw new Error('timeout')
        return { info: info(name), permissions }
      },
    })
    project.actor.send({ type: 'project.urlChanged', project: 'alpha' })
    await ready(project)
    permissions = ['wadp.websites.list', 'wadp.purge.create']
    project.actor.send({ type: 'project.refresh' })
    // Nothing flickers: the pages keep the permissions they had until the new ones arrive.
    expect(project.actor.getSnapshot().hasTag('ready')).toBe(true)
    expect(project.actor.getSnapshot().context.permissions).toEqual(['wadp.websites.list'])
    const refreshed = await waitFor(project.actor, (s) => s.matches('ready'))
    expect(refreshed.context.permissions).toEqual(['wadp.websites.list', 'wadp.purge.create'])
    expect(project.loads).toEqual(['alpha', 'alpha'])
    fail = true
    project.actor.send({ type: 'project.refresh' })
    await waitFor(project.actor, (s) => s.matches('ready') && project.loads.length === 3)
    expect(project.actor.getSnapshot().context.permissions).toEqual(['wadp.websites.list', 'wadp.purge.create'])
    expect(project.emitted).toEqual([])
  })

  it('says its permissions are pending while it opens, and no longer once they arrived', async () => {
    const project = startProject()
    expect(selectArePermissionsPending(project.actor.getSnapshot())).toBe(false)
    project.actor.send({ type: 'project.urlChanged', project: 'alpha' })
    expect(selectArePermissionsPending(project.actor.getSnapshot())).toBe(true)
    expect(selectArePermissionsPending(await ready(project))).toBe(false)
  })

  it('picks the default project when the first URL has none, and asks the app to put it in the URL', async () => {
    const project = startProject({ defaultProject: 'last-used' })
    project.actor.send({ type: 'project.urlChanged', project: null })
    const state = await ready(project)
    expect(state.context.project).toBe('last-used')
    expect(project.emitted).toEqual([{ type: 'project.defaulted', name: 'last-used' }])
    // The app's echo of the defaulted project changes nothing.
    project.actor.send({ type: 'project.urlChanged', project: 'last-used' })
    expect(project.loads).toEqual(['last-used'])
  })

  it('ends without a project when the user has none', async () => {
    const project = startProject({ defaultProject: null })
    project.actor.send({ type: 'project.urlChanged', project: null })
    const state = await waitFor(project.actor, (s) => s.hasTag('noProject'))
    expect(state.context.project).toBeNull()
    expect(project.emitted).toEqual([])
  })

  it('shows "Error loading project info" when the project cannot be loaded', async () => {
    const project = startProject({
      loadProject: async () => {
        throw new Error('404')
      },
    })
    project.actor.send({ type: 'project.urlChanged', project: 'ghost' })
    const state = await waitFor(project.actor, (s) => s.hasTag('error'))
    expect(state.context.error).toBe(SESSION_MESSAGES.projectInfoFailed)
    expect(state.context.info).toBeNull()
    expect(project.remembered).toEqual([])
  })

  it('says a project that does not exist or is not the user’s is not there, and remembers nothing', async () => {
    const project = startProject({
      loadProject: async (name) => {
        if (name === 'nope') throw new ProjectUnavailableError(name)
        return { info: info(name), permissions: [] }
      },
    })
    project.actor.send({ type: 'project.urlChanged', project: 'nope' })
    const state = await waitFor(project.actor, (s) => !s.hasTag('busy'))
    expect(selectIsProjectUnavailable(state)).toBe(true)
    expect(state.hasTag('error')).toBe(false)
    expect(state.context.error).toBe('The project "nope" does not exist, or you have no access to it.')
    // The top bar offers the selection rather than naming a project that is not there.
    expect(selectProjectLabel(state)).toBeNull()
    expect(project.remembered).toEqual([])
    expect(project.loads).toEqual(['nope'])
    // Choosing another project leaves it.
    project.actor.send({ type: 'project.select', name: 'alpha' })
    const chosen = await ready(project)
    expect(selectIsProjectUnavailable(chosen)).toBe(false)
    expect(chosen.context.error).toBeNull()
    expect(project.emitted).toEqual([{ type: 'project.navigate', name: 'alpha' }])
  })

  it('cancels an older load when the URL changes again', async () => {
    const pending = new Map<string, (loaded: LoadedProject) => void>()
    const project = startProject({
      loadProject: (name) => new Promise((resolve) => pending.set(name, resolve)),
    })
    project.actor.send({ type: 'project.urlChanged', project: 'slow' })
    project.actor.send({ type: 'project.urlChanged', project: 'fast' })
    pending.get('fast')?.({ info: info('fast'), permissions: [] })
    await ready(project)
    pending.get('slow')?.({ info: info('slow'), permissions: [] })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(project.actor.getSnapshot().context.info?.name).toBe('fast')
    expect(project.remembered).toEqual(['fast'])
  })

  it('keeps the project when the remembered choice cannot be stored', async () => {
    const project = startProject({
      rememberProject: async () => {
        throw new Error('quota')
      },
    })
    project.actor.send({ type: 'project.urlChanged', project: 'alpha' })
    const state = await ready(project)
    expect(state.context.info?.name).toBe('alpha')
  })

  it('does not fall back to the default after the user cleared the project', async () => {
    const project = startProject()
    project.actor.send({ type: 'project.urlChanged', project: 'alpha' })
    await ready(project)
    project.actor.send({ type: 'project.clear' })
    project.actor.send({ type: 'project.urlChanged', project: null })
    expect(project.actor.getSnapshot().hasTag('noProject')).toBe(true)
    expect(project.defaultSearches()).toBe(0)
  })
})

describe('project: user actions', () => {
  it('loads and remembers the chosen project, then navigates to its home page', async () => {
    const project = startProject()
    project.actor.send({ type: 'project.urlChanged', project: 'alpha' })
    await ready(project)
    project.actor.send({ type: 'project.select', name: 'beta' })
    const state = await ready(project)
    expect(state.context.project).toBe('beta')
    expect(project.remembered).toEqual(['alpha', 'beta'])
    expect(project.emitted).toEqual([{ type: 'project.navigate', name: 'beta' }])
  })

  it('does not navigate when the chosen project cannot be loaded', async () => {
    const project = startProject({
      loadProject: async () => {
        throw new Error('500')
      },
    })
    project.actor.send({ type: 'project.select', name: 'beta' })
    const state = await waitFor(project.actor, (s) => s.hasTag('error'))
    expect(state.context.error).toBe(SESSION_MESSAGES.projectInfoFailed)
    expect(project.emitted).toEqual([])
  })

  it('opens the project again when asked after a failed load (the shell’s Try again)', async () => {
    let failing = true
    const project = startProject({
      loadProject: async (name) => {
        if (failing) throw new Error('fetch failed')
        return { info: info(name), permissions: ['wadp.websites.list'] }
      },
    })
    project.actor.send({ type: 'project.urlChanged', project: 'alpha' })
    expect(selectHasProjectFailed(await waitFor(project.actor, (s) => s.hasTag('error')))).toBe(true)
    expect(selectIsProjectNotShown(project.actor.getSnapshot())).toBe(true)
    failing = false
    project.actor.send({ type: 'project.refresh' })
    const state = await ready(project)
    expect(state.context).toMatchObject({ project: 'alpha', permissions: ['wadp.websites.list'] })
    expect(selectIsProjectNotShown(state)).toBe(false)
    expect(project.loads).toEqual(['alpha', 'alpha'])
  })

  it('clears the project and navigates to /home without a query', async () => {
    const project = startProject()
    project.actor.send({ type: 'project.urlChanged', project: 'alpha' })
    await ready(project)
    project.actor.send({ type: 'project.clear' })
    const state = project.actor.getSnapshot()
    expect(state.context).toEqual({ project: null, info: null, permissions: [], error: null })
    expect(project.emitted).toEqual([{ type: 'project.navigate', name: null }])
  })

  it('forgets everything on sign-out and picks the default again on the next start', async () => {
    const project = startProject({ defaultProject: 'last-used' })
    project.actor.send({ type: 'project.urlChanged', project: 'alpha' })
    await ready(project)
    project.actor.send({ type: 'project.reset' })
    expect(project.actor.getSnapshot().context.project).toBeNull()
    project.actor.send({ type: 'project.urlChanged', project: null })
    const state = await ready(project)
    expect(state.context.project).toBe('last-used')
  })
})
