import * as v from 'valibot'
import { ApiError } from '../../../server/base/errors.ts'
import type { ServerContext } from '../../../server/context.ts'
import { callerOf } from '../../../server/http/resource-router.ts'
import type { ServiceRouter } from '../../../server/http/service.ts'
import type { TypeRoutes } from '../../../server/http/type-routes.ts'
import type { Caller, ResourceDefinition } from '../../../server/resources/definition.ts'
import { type NodeData, NodeMaintenanceRequest, type NodeMaintenanceResult } from './fields.ts'

const text = (description: string) => v.pipe(v.string(), v.description(description))

const MaintenanceResponse = v.object({
  data: v.pipe(
    v.array(
      v.object({
        name: text('The node'),
        result: v.pipe(v.picklist(['succeeded', 'failed']), v.description('Whether the node is now as asked')),
        status: v.pipe(v.nullable(v.string()), v.description('Its status afterwards; null when there is no such node')),
        changed: v.pipe(v.boolean(), v.description('Whether this request changed it (false when it already was so)')),
        message: v.pipe(v.nullable(v.string()), v.description('Why it failed')),
      }),
    ),
    v.description('One result per node named, in the order sent'),
  ),
})

/** The status a node moves to, or why it cannot: only active or draining nodes go into maintenance. */
function nextStatus(status: NodeData['status'], maintenance: boolean): NodeData['status'] | { refused: string } {
  if (maintenance) {
    if (status === 'disabled') return { refused: 'it is disabled: enable it before putting it in maintenance' }
    return 'maintenance'
  }
  if (status === 'maintenance' || status === 'active') return 'active'
  return { refused: `it is ${status}, not in maintenance` }
}

async function changeOne(
  ctx: ServerContext,
  nodes: ResourceDefinition,
  name: string,
  maintenance: boolean,
  caller: Caller,
): Promise<NodeMaintenanceResult> {
  try {
    const current = await ctx.resources.get(nodes, '', name)
    const status = current.status as NodeData['status']
    const next = nextStatus(status, maintenance)
    if (typeof next === 'object') return { name, result: 'failed', status, changed: false, message: next.refused }
    if (next === status) return { name, result: 'succeeded', status, changed: false, message: null }
    // An update like any other: the node's revision, its audit entry, the platform's next revision.
    const updated = await ctx.resources.update(nodes, '', name, current.revision, { status: next }, caller, true)
    return { name, result: 'succeeded', status: updated.status as NodeData['status'], changed: true, message: null }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const missing = error.status === 404
    return {
      name,
      result: 'failed',
      status: null,
      changed: false,
      message: missing ? `node ${name} does not exist` : error.message,
    }
  }
}

/**
 * `POST /nodes/maintenance` (API.md, Nodes): maintenance on or off for several nodes, one result per
 * node. Each change is an update of that node (audited, its own revision); one failing leaves the others.
 */
export function registerNodeMaintenance(router: ServiceRouter, ctx: ServerContext, nodes: ResourceDefinition) {
  router.route({
    method: 'post',
    path: '/nodes/maintenance',
    summary: 'Turn maintenance on or off for several nodes, with a result per node',
    description:
      'On: active or draining nodes go into maintenance (a disabled node fails). Off: nodes in maintenance become active (a draining or disabled node fails). A node already so succeeds unchanged.',
    access: { permission: 'wadp.nodes.update' },
    body: NodeMaintenanceRequest,
    response: MaintenanceResponse,
    handler: async ({ c, body, principal }) => {
      const caller = callerOf(c, principal)
      const results: NodeMaintenanceResult[] = []
      for (const name of new Set(body.nodes)) results.push(await changeOne(ctx, nodes, name, body.maintenance, caller))
      return c.json({ data: results })
    },
  })
}

export const routes: TypeRoutes = (router, ctx, definition) => registerNodeMaintenance(router, ctx, definition)
