/**
 * `npm run edge`: one edge agent on its own, for a real deployment (EDGE.md, "Running it"). It runs
 * and supervises varnishd, follows its node's configuration from the platform API and stops varnishd
 * on SIGTERM.
 */
import { fileURLToPath } from 'node:url'
import { EdgeAgent } from './edge/agent.ts'
import { findVarnishd } from './edge/vcc.ts'
import { edgePlaces } from './local-edge.ts'

const env = process.env
const missing = ['WADP_PLATFORM_URL', 'WADP_EDGE_NODE', 'WADP_EDGE_TOKEN'].filter((name) => !env[name])
if (missing.length > 0) {
  console.error(`npm run edge needs ${missing.join(', ')} (README, "A real edge on this machine")`)
  process.exit(2)
}
const varnishd = findVarnishd(env)
if (!varnishd) {
  console.error("No varnishd: install Debian's varnish and varnish-modules, or set VARNISHD")
  process.exit(2)
}
const node = env.WADP_EDGE_NODE as string
const root = fileURLToPath(new URL('..', import.meta.url))
const agent = new EdgeAgent({
  platformUrl: env.WADP_PLATFORM_URL as string,
  node,
  token: env.WADP_EDGE_TOKEN as string,
  varnishd,
  ...edgePlaces(env, node, root),
})
await agent.start().catch((error: unknown) => {
  console.error(`varnishd did not start: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
})
console.log(`Edge agent ${node}: serving on http://${agent.options.listen}/, following ${env.WADP_PLATFORM_URL}`)

let stopping = false
async function stop(signal: string) {
  if (stopping) process.exit(1)
  stopping = true
  console.log(`${signal}: stopping varnishd…`)
  await agent.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
