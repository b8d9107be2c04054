import * as v from 'valibot'
import type { TypeRoutes } from '../../../server/http/type-routes.ts'
import { nameParam } from '../../domain/requests.ts'
import { usersMatching } from './server.ts'

/** Who an SSO mapping applies to now: the users whose recorded groups include its group. */
export const routes: TypeRoutes = (router, ctx, definition) => {
  router.route({
    method: 'get',
    path: '/sso-groups-roles/:name/matching-users',
    summary: 'List the users an SSO mapping applies to',
    description:
      'The e-mails of the users whose recorded groups include the mapping’s group (matched case-insensitively), sorted.',
    access: { permission: ['auth.sso-groups-roles.get', 'auth.users.list'] },
    params: v.object({ name: nameParam('SSO group/role mapping') }),
    response: v.object({
      data: v.pipe(v.array(v.string()), v.description('E-mails of the users whose groups match')),
    }),
    handler: async ({ c, params }) => {
      const mapping = await ctx.resources.get(definition, '', params.name)
      return c.json({ data: await usersMatching(ctx.db, String(mapping.group)) })
    },
  })
}
