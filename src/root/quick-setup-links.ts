import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import type { QuickSetupActor } from '../app/quick-setup.ts'
import type { ConsoleActors, ConsoleQueries, Notify } from '../app/router-context.ts'
import { resourceTypeKey } from '../queries/resource-keys.ts'
import { href } from './navigation.ts'

// Loaded with the wizard (src/root/console.ts), on its first use: no page's start needs it.

/**
 * The quick-setup wizard, once its actor exists (its first use): a created website is announced and
 * triggers an explicit sync check and fresh directors and websites lists; Finish leads to /websites.
 */
export function connectQuickSetup(
  router: AnyRouter,
  wizard: QuickSetupActor,
  actors: ConsoleActors,
  queryClient: QueryClient,
  queries: ConsoleQueries,
  notify: Notify,
) {
  wizard.on('quickSetup.created', ({ project, name }) => {
    notify(`Website "${name}" created.`, { kind: 'success' })
    actors.projectSync.send({ type: 'sync.start', explicit: true })
    void queryClient.invalidateQueries({ queryKey: queries.configuration.directorNames(project).queryKey })
    // The lists a page holds (the websites list the wizard was opened over, Finish's destination).
    for (const type of ['websites', 'directors'])
      void queryClient.invalidateQueries({ queryKey: resourceTypeKey(type, project) })
  })
  wizard.on('quickSetup.finished', () => {
    const project = actors.project.getSnapshot().context.project
    void router.navigate({ href: href('/websites', project ? { project } : {}) })
  })
}
