import type { ServerContext } from '../context.ts'
import type { ResourceDefinition, TypeServer } from '../resources/definition.ts'
import { registerResource } from './resource-router.ts'
import type { ServiceRouter } from './service.ts'

/**
 * The routes of a type's own actions (an import, a renewal, node maintenance), exported as `routes` by
 * `src/types/<type>/routes.ts`: registered before the type's generic routes, so that a fixed path such as
 * `/access-list/import` is matched before `/access-list/{name}`.
 */
export type TypeRoutes = (router: ServiceRouter, ctx: ServerContext, definition: ResourceDefinition) => void

/** Every resource type's server half and the routes of its own actions, in the registry's order. */
export type TypeList = readonly { server: TypeServer; routes?: TypeRoutes }[]

/** Registers every type of `types` that `router`'s service serves: its own actions, then its generic routes. */
export function registerTypes(router: ServiceRouter, ctx: ServerContext, types: TypeList): ResourceDefinition[] {
  const registered: ResourceDefinition[] = []
  for (const { server, routes } of types) {
    const definition = typeof server.definition === 'function' ? server.definition(ctx) : server.definition
    if (definition.service !== router.service) continue
    routes?.(router, ctx, definition)
    registerResource(router, ctx.resources, definition, server.routes)
    registered.push(definition)
  }
  return registered
}
