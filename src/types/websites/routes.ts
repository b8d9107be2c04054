import { type SSEStreamingApi, streamSSE } from 'hono/streaming'
import * as v from 'valibot'
import { ApiError } from '../../../server/base/errors.ts'
import { may } from '../../../server/base/principal.ts'
import type { ServerContext } from '../../../server/context.ts'
import { writerOf } from '../../../server/http/resource-router.ts'
import type { ServiceRouter } from '../../../server/http/service.ts'
import type { TypeRoutes } from '../../../server/http/type-routes.ts'
import { latestTrafficId, trafficSince } from '../../../server/platform/live-traffic.ts'
import { LIVE_TRAFFIC_SHOWN, LiveTrafficLineSchema } from '../../domain/live-traffic.ts'
import { nameParam, ProjectParam } from '../../domain/requests.ts'
import { QuickSetupDraft } from '../quick-setup.ts'
import type { WebsiteData } from './fields.ts'
import { quickSetup } from './routes-quick-setup.ts'
import { projectDomains } from './server.ts'

const ProjectParams = v.object({ project: ProjectParam })
const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description))
const DomainsAnswer = v.object({ data: described(v.array(v.string()), 'Domain names, sorted') })
const QuickSetupAnswer = v.object({
  data: v.object({
    name: described(v.string(), 'The website created'),
    default_director: described(v.string(), 'Its director: the one created, or the existing one chosen'),
  }),
})

/** The project's domains (every website's name and aliases) and quick setup (a website with its director). */
function registerDomainsAndQuickSetup(router: ServiceRouter, ctx: ServerContext) {
  router.route({
    method: 'get',
    path: '/projects/:project/domains',
    summary: 'Every domain name and alias of the project’s websites',
    access: { permission: 'wadp.websites.list' },
    params: ProjectParams,
    response: DomainsAnswer,
    handler: async ({ c, params }) =>
      c.json({ data: [...(await projectDomains(ctx.db, params.project)).keys()].sort() }),
  })

  router.route({
    method: 'post',
    path: '/projects/:project/quick-setup',
    summary: 'Create a website and, unless an existing one is chosen, its director, in one step',
    access: { permission: ['wadp.websites.create', 'wadp.directors.create'] },
    params: ProjectParams,
    body: QuickSetupDraft,
    response: QuickSetupAnswer,
    headers: ['Location'],
    errors: [409],
    example: {
      domain_name: 'outlet.shop.example.com',
      backend: { directorOption: 'new', host: 'outlet.origin.example.com', port: 443, weight: 1 },
    },
    handler: async ({ c, params, body, principal }) => {
      // Each creation commits within the write deadline of the request's arrival or not at all (503).
      const created = await quickSetup(ctx, params.project, body, writerOf(c, principal, ctx.config.writeDeadlineMs))
      // Where the website it created is read (its director is named in the answer).
      c.header('Location', `${c.req.path.replace(/\/quick-setup$/, '')}/websites/${encodeURIComponent(created.name)}`)
      return c.json({ data: created }, 201)
    },
  })
}

/** How often a live stream looks for new requests (a request shows within about this, plus the node's 200 ms). */
const POLL_MS = 250
/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000
/** How often an open stream asks again whether its caller may still follow it (a revoked or expired token). */
const ACCESS_RECHECK_MS = 1_000
const LOGS_PERMISSION = 'wadp.websites.logs'

/** The live stream's events, each kind by its `event:` name: what openapi.json says of them (`LiveTrafficEvent`). */
const LIVE_TRAFFIC_EVENTS = {
  ready: {
    description: 'First, once: the stream follows the website from now on',
    data: v.object({
      hosts: described(v.array(v.string()), 'The hosts it follows: the website’s domain name and aliases, lower case'),
    }),
  },
  request: {
    description: 'A request through an edge agent node, of one of those hosts, after the stream opened; oldest first',
    id: 'The request’s id, as in its data',
    data: LiveTrafficLineSchema,
  },
  closed: {
    description:
      'Last: the caller may no longer follow the traffic (token revoked or expired, user disabled, permission gone); the stream ends',
    data: v.object({ message: described(v.string(), 'Why, such as token revoked') }),
  },
} satisfies Record<string, { description: string; id?: string; data: v.GenericSchema }>
type LiveTrafficEvents = typeof LIVE_TRAFFIC_EVENTS

/** Writes one event of the live stream, its data of the type its kind documents. */
function writeEvent<K extends keyof LiveTrafficEvents>(
  stream: SSEStreamingApi,
  event: K,
  data: v.InferOutput<LiveTrafficEvents[K]['data']>,
  id?: string,
) {
  return stream.writeSSE({ event, data: JSON.stringify(data), ...(id === undefined ? {} : { id }) })
}

/**
 * Why the caller may no longer follow the project's traffic, or null while they may: the token is asked
 * again as a new request would be (revoked, expired, its user disabled, the permission taken away).
 */
async function accessEnded(ctx: ServerContext, authorization: string | undefined, project: string) {
  try {
    const principal = await ctx.auth.authenticate(authorization)
    return may(principal, LOGS_PERMISSION, project) ? null : `missing permission ${LOGS_PERMISSION}`
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return error.message
    throw error
  }
}

/**
 * Live traffic (issue 24): `GET /projects/{p}/websites/{w}/traffic`, a stream of server-sent events of the
 * website's requests through edge agent nodes from the moment it opens (`request` events, one line
 * each). Every API process serves it from the database, where the nodes' batches land.
 */
export const routes: TypeRoutes = (router, ctx, definition) => {
  registerDomainsAndQuickSetup(router, ctx)
  router.route({
    method: 'get',
    path: '/projects/:project/websites/:name/traffic',
    summary: 'Live traffic: the website’s requests through Varnish nodes as they happen (server-sent events)',
    description:
      'A `text/event-stream`: first a `ready` event with the hosts it follows, then a `request` event per request through an edge agent node (method, path, redacted query, status, cache result, bytes, time to first byte, node, client country; `sampled` when the node sent a sample of a busy moment). Only requests after it opens. Cookies and authorisation headers are never read on the node. The token is checked again every second: once it is revoked or expired, or no longer holds the permission, a `closed` event says why (`{"message": "token revoked"}`) and the stream ends. Each event’s schema is LiveTrafficEvent.',
    access: { permission: LOGS_PERMISSION },
    params: v.object({ project: ProjectParam, name: nameParam('website') }),
    responseType: 'text/event-stream',
    events: { name: 'LiveTraffic', kinds: LIVE_TRAFFIC_EVENTS },
    handler: async ({ c, params }) => {
      const authorization = c.req.header('authorization')
      const website = (await ctx.resources.get(definition, params.project, params.name)) as unknown as WebsiteData
      const hosts = [website.domain_name, ...(website.domain_aliases ?? [])].map((host) => host.toLowerCase())
      let last = await latestTrafficId(ctx.db)
      return streamSSE(c, async (stream) => {
        let open = true
        stream.onAbort(() => {
          open = false
        })
        await writeEvent(stream, 'ready', { hosts })
        let quietSince = Date.now()
        let checkedAt = Date.now()
        while (open) {
          if (Date.now() - checkedAt >= ACCESS_RECHECK_MS) {
            checkedAt = Date.now()
            const ended = await accessEnded(ctx, authorization, params.project)
            if (ended) {
              await writeEvent(stream, 'closed', { message: ended })
              return
            }
          }
          const lines = await trafficSince(ctx.db, params.project, hosts, last, LIVE_TRAFFIC_SHOWN)
          for (const line of lines) {
            await writeEvent(stream, 'request', line, line.id)
            last = Number(line.id)
          }
          if (lines.length > 0) quietSince = Date.now()
          else if (Date.now() - quietSince > KEEP_ALIVE_MS) {
            await stream.write(': still here\n\n')
            quietSince = Date.now()
          }
          await stream.sleep(POLL_MS)
        }
      })
    },
  })
}
