import { stableHash } from './hash.ts'

/** How many of a backend's latest probe results the health view shows. */
export const HEALTH_WINDOW = 10
/** How far back a flaky backend's last change is looked for, in probes. */
const CHANGE_LOOKBACK = 200

export type ProbeSettings = { enabled: boolean; interval_seconds: number; window: number; threshold: number }

export type BackendHealth = {
  healthy: boolean
  last_check_at: string | null
  last_change_at: string | null
  /** The latest probe results, oldest first (at most HEALTH_WINDOW). */
  window: boolean[]
}

/**
 * Whether the platform's probe number `index` of a backend passes. A host containing `down` or
 * `unhealthy` fails every probe and one containing `flaky` fails one in four, chosen by a hash of the
 * backend and the probe, so tests and demos see every state; any other passes.
 */
export function probePasses(host: string, port: number, index: number): boolean {
  const name = host.toLowerCase()
  if (name.includes('down') || name.includes('unhealthy')) return false
  if (name.includes('flaky')) return stableHash(`${name}:${port}|${index}`) % 4 !== 0
  return true
}

/**
 * The simulated health of one director backend at `now`: a pure function of the backend, the
 * director's probe settings, the time its configuration was last written (`configuredAt`, the
 * director's `updated_at`) and the clock, so every process answers alike and nothing runs in the
 * background. Probes run at `configuredAt` and every `interval_seconds` after it (only results of the
 * current configuration count, so an edited backend shows its new state within one interval). A
 * backend is healthy when at least `threshold` of its last `window` results passed (of fewer when
 * fewer probes ran yet); with probing switched off it counts as healthy and has no results.
 */
export function backendHealth(
  backend: { host: string; port: number },
  probe: ProbeSettings,
  configuredAt: number,
  now: number,
): BackendHealth {
  if (!probe.enabled) return { healthy: true, last_check_at: null, last_change_at: null, window: [] }
  const intervalMs = probe.interval_seconds * 1000
  // A process whose clock runs a little behind the database's still sees the first probe.
  const latest = Math.floor(Math.max(0, now - configuredAt) / intervalMs)
  const at = (index: number) => new Date(configuredAt + index * intervalMs).toISOString()
  const passes = (index: number) => probePasses(backend.host, backend.port, index)
  const healthyAfter = (index: number) => {
    const first = Math.max(0, index - probe.window + 1)
    let passed = 0
    for (let k = first; k <= index; k += 1) if (passes(k)) passed += 1
    return passed >= Math.min(probe.threshold, index - first + 1)
  }
  const healthy = healthyAfter(latest)
  // The last change is the latest probe after which the state differs from the one before it; the first
  // probe of a configuration is a change (there was no state before it).
  let changed = latest
  const oldest = Math.max(0, latest - CHANGE_LOOKBACK)
  while (changed > oldest && healthyAfter(changed - 1) === healthy) changed -= 1
  const window: boolean[] = []
  for (let k = Math.max(0, latest - HEALTH_WINDOW + 1); k <= latest; k += 1) window.push(passes(k))
  return { healthy, last_check_at: at(latest), last_change_at: at(changed), window }
}
