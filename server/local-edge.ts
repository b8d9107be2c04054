import { join } from 'node:path'
import { LOCAL_EDGE_NODE } from '../src/domain/nodes.ts'
import type { ServerContext } from './context.ts'
import { EdgeAgent } from './edge/agent.ts'
import { newNodeSecret } from './edge/node-secret.ts'
import { findVarnishd } from './edge/vcc.ts'
import { systemCaller } from './resources/service.ts'

/** The node `WADP_EDGE=local npm start` runs (EDGE.md). */
export { LOCAL_EDGE_NODE }

const SYSTEM = systemCaller('system', 'local edge')

/** Where an agent listens and keeps Varnish's files, from the environment (EDGE.md, "Running it"). */
export function edgePlaces(env: NodeJS.ProcessEnv, node: string, root: string) {
  return {
    listen: env.WADP_EDGE_LISTEN || '127.0.0.1:6081',
    admin: env.WADP_EDGE_ADMIN || '127.0.0.1:6082',
    dir: env.WADP_EDGE_DIR || join(root, '.edge', node),
  }
}

/**
 * `WADP_EDGE=local`: the platform registers its own edge agent node, `local-edge` (kind agent), gives it
 * a new secret and runs its agent in this process, which talks to this process's API like any agent.
 * Without varnishd on the machine it says why in one line and the platform goes on without it.
 */
export async function startLocalEdge(
  ctx: ServerContext,
  platformUrl: string,
  env: NodeJS.ProcessEnv,
  root: string,
): Promise<EdgeAgent | null> {
  const varnishd = findVarnishd(env)
  if (!varnishd) {
    console.log(
      "WADP_EDGE=local: no varnishd on this machine (install Debian's varnish and varnish-modules); going on without the local edge node",
    )
    return null
  }
  const nodes = ctx.resources.definition('nodes')
  if (!nodes) throw new Error('the nodes type is not registered')
  const existing = await ctx.resources.get(nodes, '', LOCAL_EDGE_NODE).catch(() => null)
  if (existing && existing.kind !== 'agent') {
    console.log(
      `WADP_EDGE=local: node ${LOCAL_EDGE_NODE} exists and is simulated; going on without the local edge node`,
    )
    return null
  }
  if (!existing) {
    const body = { name: LOCAL_EDGE_NODE, hostname: 'localhost', pop_code: 'loc', country: 'zz', kind: 'agent' }
    await ctx.resources.create(nodes, '', body, SYSTEM)
  }
  const token = await newNodeSecret(ctx.db, LOCAL_EDGE_NODE)
  const agent = new EdgeAgent({
    platformUrl,
    node: LOCAL_EDGE_NODE,
    token,
    varnishd,
    ...edgePlaces(env, LOCAL_EDGE_NODE, root),
  })
  try {
    await agent.start()
  } catch (error) {
    console.log(
      `WADP_EDGE=local: varnishd did not start (${error instanceof Error ? error.message : error}); going on without it`,
    )
    await agent.stop()
    return null
  }
  console.log(`Edge: node ${LOCAL_EDGE_NODE} serves websites on http://${agent.options.listen}/ (send their Host)`)
  return agent
}
