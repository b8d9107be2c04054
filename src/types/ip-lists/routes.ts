import * as v from 'valibot'
import { badRequest, validBody } from '../../../server/base/errors.ts'
import type { ServerContext } from '../../../server/context.ts'
import { callerOf } from '../../../server/http/resource-router.ts'
import { readJson, type ServiceRouter } from '../../../server/http/service.ts'
import type { TypeRoutes } from '../../../server/http/type-routes.ts'
import { type ResourceDefinition, recordSchema } from '../../../server/resources/definition.ts'
import { parseIfMatch } from '../../../server/resources/service.ts'
import { nameParam, ProjectParam } from '../../domain/requests.ts'
import { IpImportBody, type IpListData, MAX_IP_LIST_ENTRIES, mergeEntries, parseAddressLines } from './fields.ts'

/**
 * `POST /projects/{p}/iplists/{name}/import` (API.md, IP lists): pasted lines appended to or replacing
 * the entries, normalised and deduplicated; invalid lines are reported and never block the valid ones.
 * It is an update of the list (If-Match, audit, revision, caches), or nothing at all past the limit.
 */
export function registerIpListImport(router: ServiceRouter, ctx: ServerContext, ipLists: ResourceDefinition) {
  const count = (description: string) => v.pipe(v.number(), v.description(description))
  const ImportAnswer = v.object({
    data: v.object({
      list: recordSchema(ipLists),
      added: count('Entries added'),
      duplicates: count('Lines whose entry the list held already or that came earlier in the paste'),
      invalid: v.pipe(
        v.array(
          v.object({
            line: count('Its line number, from 1'),
            text: v.pipe(v.string(), v.description('The line as pasted')),
            message: v.pipe(v.string(), v.description('Why it is no address or network')),
          }),
        ),
        v.description('The lines that were not taken'),
      ),
    }),
  })
  router.route({
    method: 'post',
    path: '/projects/:project/iplists/:name/import',
    summary: 'Add pasted addresses to an IP list, or replace its entries with them',
    description:
      'Send the ETag of the IP list you read as If-Match. Invalid lines are reported, the valid ones kept; past the limit nothing changes.',
    access: { permission: 'wadp.iplists.update' },
    params: v.object({ project: ProjectParam, name: nameParam('IP list') }),
    documentedBody: IpImportBody,
    status: 200,
    response: ImportAnswer,
    headers: ['ETag'],
    ifMatch: true,
    handler: async ({ c, params, principal }) => {
      // A missing list is a 404 before anything else, as for an update.
      const current = await ctx.resources.get(ipLists, params.project, params.name)
      const precondition = parseIfMatch(c.req.header('if-match'))
      const body = validBody(IpImportBody, await readJson(c), 'import')
      const pasted = parseAddressLines(body.text)
      const merged = mergeEntries((current as unknown as IpListData).entries, pasted.entries, body.mode)
      if (merged.entries.length > MAX_IP_LIST_ENTRIES) {
        const message = `the list would hold ${merged.entries.length.toLocaleString('en-US')} entries, more than ${MAX_IP_LIST_ENTRIES.toLocaleString('en-US')}; nothing was imported`
        throw badRequest(message, [{ field: 'text', message }])
      }
      const list = await ctx.resources.update(
        ipLists,
        params.project,
        params.name,
        precondition,
        { entries: merged.entries },
        callerOf(c, principal),
        true,
      )
      c.header('ETag', `"${list.revision}"`)
      return c.json({
        data: { list, added: merged.added, duplicates: merged.duplicates, invalid: pasted.invalid },
      })
    },
  })
}

export const routes: TypeRoutes = (router, ctx, definition) => registerIpListImport(router, ctx, definition)
