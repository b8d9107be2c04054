import type { ResourceExample } from '../../src/domain/resource-example.ts'
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

/** Every resource type's server half, the routes of its own actions and its examples, in the registry's order. */
export type TypeList = readonly { server: TypeServer; routes?: TypeRoutes; example?: ResourceExample }[]

/**
 * Registers every type of `types` that `router`'s service serves: its own actions, then its generic
 * routes, with the examples written in its folder (`src/types/<type>/example.ts`).
 */
export function registerTypes(router: ServiceRouter, ctx: ServerContext, types: TypeList): ResourceDefinition[] {
  const registered: ResourceDefinition[] = []
  for (const { server, routes, example } of types) {
    const definition = typeof server.definition === 'function' ? server.definition(ctx) : server.definition
    if (definition.service !== router.service) continue
    routes?.(router, ctx, definition)
    for (const [operation, body] of Object.entries(example?.actions ?? {})) router.exampleFor(operation, body)
    registerResource(router, ctx.resources, definition, { ...server.routes, example })
    registered.push(definition)
  }
  return registered
}
