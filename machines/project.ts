import { assign, emit, setup } from 'xstate'
import { PROJECT_MESSAGES, type ProjectInfo, ProjectUnavailableError } from '../src/domain/project.ts'
import { SESSION_MESSAGES } from '../src/domain/session.ts'
import { notProvided } from './not-provided.ts'

export interface ProjectContext {
  /** The project the console works in: the one in ?project=, or the one being opened. */
  project: string | null
  info: ProjectInfo | null
  /** The user's permissions scoped to this project. */
  permissions: string[]
  error: string | null
}

export interface LoadedProject {
  /** Null when the user may not read the project itself (no wadp.projects.get) but may work in it. */
  info: ProjectInfo | null
  permissions: string[]
}

export type ProjectEvent =
  | { type: 'project.urlChanged'; project: string | null }
  | { type: 'project.select'; name: string }
  | { type: 'project.clear' }
  | { type: 'project.reset' }
  /** The user's permissions were refreshed (Profile → Refresh permissions): the project's are asked again. */
  | { type: 'project.refresh' }

export type ProjectEmitted =
  /** Put ?project=name in the current URL without a new history entry. */
  | { type: 'project.defaulted'; name: string }
  /** Go to /home?project=name, or to /home without a query for null. */
  | { type: 'project.navigate'; name: string | null }

/** `unavailable`: the project does not exist or is not the user's; nothing is asked for it until another is chosen. */
export type ProjectTag = 'busy' | 'error' | 'ready' | 'noProject' | 'unavailable'

const projectSetup = setup({
  types: {
    context: {} as ProjectContext,
    events: {} as ProjectEvent,
    emitted: {} as ProjectEmitted,
    tags: {} as ProjectTag,
  },
  actors: {
    loadProject: notProvided<LoadedProject, { name: string }>('loadProject'),
    rememberProject: notProvided<void, { name: string }>('rememberProject'),
    findDefaultProject: notProvided<string | null>('findDefaultProject'),
  },
  guards: {
    isCurrentProject: ({ context }, { project }: { project: string | null }) => project === context.project,
    isNoProject: (_, { project }: { project: string | null }) => project === null,
    isProjectUnavailable: (_, { error }: { error: unknown }) => error instanceof ProjectUnavailableError,
  },
  actions: {
    useProject: assign((_, { project }: { project: string | null }) => ({
      project,
      info: null,
      permissions: [],
      error: null,
    })),
  },
})

function projectName({ context }: { context: ProjectContext }): { name: string } {
  // Only reachable after useProject with a name: a throw here is a machine bug.
  if (context.project === null) throw new Error('project: no project to open')
  return { name: context.project }
}

/** Load the project's info and permissions, then remember it as the last selected one. */
function openingProject() {
  return projectSetup.createStateConfig({
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'loadProject',
          src: 'loadProject',
          input: projectName,
          onDone: {
            target: 'remembering',
            actions: assign(({ event }) => ({ info: event.output.info, permissions: event.output.permissions })),
          },
          onError: [
            // Not there for this user: say so (the app offers the selector) instead of a load failure.
            {
              guard: { type: 'isProjectUnavailable', params: ({ event }) => ({ error: event.error }) },
              target: '#project.unavailable',
              actions: assign(({ context }) => ({
                error: PROJECT_MESSAGES.unavailable(projectName({ context }).name),
              })),
            },
            { target: '#project.failed', actions: assign({ error: SESSION_MESSAGES.projectInfoFailed }) },
          ],
        },
      },
      // Remembering is a convenience for the next visit: failing to store it must not block the project.
      remembering: {
        invoke: {
          id: 'rememberProject',
          src: 'rememberProject',
          input: projectName,
          onDone: 'opened',
          onError: 'opened',
        },
      },
      opened: { type: 'final' },
    },
  })
}

export const projectMachine = projectSetup.createMachine({
  id: 'project',
  description:
    'The current project (spec section 4): follows ?project=, picks the default one, loads its info and permissions and remembers the last selected.',
  context: { project: null, info: null, permissions: [], error: null },
  initial: 'awaitingUrl',
  on: {
    'project.urlChanged': [
      // The app echoes every project the machine chose (defaulted, navigate): nothing to do.
      { guard: { type: 'isCurrentProject', params: ({ event }) => ({ project: event.project }) } },
      {
        guard: { type: 'isNoProject', params: ({ event }) => ({ project: event.project }) },
        target: '.none',
        actions: { type: 'useProject', params: { project: null } },
      },
      // A root transition exits the active child: the load in flight stops, so an older answer can never
      // overwrite a newer project.
      {
        target: '.opening',
        actions: { type: 'useProject', params: ({ event }) => ({ project: event.project }) },
      },
    ],
    'project.select': {
      target: '.selecting',
      actions: { type: 'useProject', params: ({ event }) => ({ project: event.name }) },
    },
    'project.clear': {
      target: '.none',
      actions: [{ type: 'useProject', params: { project: null } }, emit({ type: 'project.navigate', name: null })],
    },
    'project.reset': { target: '.awaitingUrl', actions: { type: 'useProject', params: { project: null } } },
  },
  states: {
    // Nothing known yet: the first URL without a project picks the default one (spec section 4).
    awaitingUrl: {
      on: {
        'project.urlChanged': [
          {
            guard: { type: 'isNoProject', params: ({ event }) => ({ project: event.project }) },
            target: 'findingDefault',
          },
          {
            target: 'opening',
            actions: { type: 'useProject', params: ({ event }) => ({ project: event.project }) },
          },
        ],
      },
    },
    findingDefault: {
      tags: 'busy',
      invoke: {
        id: 'findDefaultProject',
        src: 'findDefaultProject',
        onDone: [
          {
            guard: { type: 'isNoProject', params: ({ event }) => ({ project: event.output }) },
            target: 'none',
          },
          {
            target: 'opening',
            actions: [
              { type: 'useProject', params: ({ event }) => ({ project: event.output }) },
              emit(({ event }) => ({ type: 'project.defaulted', name: event.output ?? '' })),
            ],
          },
        ],
        onError: 'none',
      },
    },
    none: { tags: 'noProject' },
    opening: { ...openingProject(), tags: 'busy', onDone: 'ready' },
    // The user's choice: the same opening, then the app goes to the project's home page.
    selecting: {
      ...openingProject(),
      tags: 'busy',
      onDone: {
        target: 'ready',
        actions: emit(({ context }) => ({ type: 'project.navigate', name: context.project })),
      },
    },
    ready: { tags: 'ready', on: { 'project.refresh': 'refreshing' } },
    // The same project asked again: its pages stay as they are until the new permissions arrive, and a
    // failure keeps the ones it had (they were valid a moment ago).
    refreshing: {
      tags: 'ready',
      invoke: {
        id: 'loadProject',
        src: 'loadProject',
        input: projectName,
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ info: event.output.info, permissions: event.output.permissions })),
        },
        onError: 'ready',
      },
    },
    // A load that failed (no answer, a time-out, a platform failure): the shell offers to try again.
    failed: { tags: 'error', on: { 'project.refresh': { target: 'opening', actions: assign({ error: null }) } } },
    unavailable: { tags: 'unavailable' },
  },
})
