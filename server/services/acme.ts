import type { ServerContext } from '../context.ts'
import { ServiceRouter } from '../http/service.ts'
import { registerTypes, type TypeList } from '../http/type-routes.ts'
import { registerUtils } from './utils.ts'

/** The acme service: LE certificates, created, read, renewed and deleted; changed only by PATCH. */
export function acmeService(ctx: ServerContext, types: TypeList): ServiceRouter {
  const router = new ServiceRouter('acme', ctx)
  registerUtils(router)
  registerTypes(router, ctx, types)
  return router
}
