import type { AgentBackendState } from '../../src/domain/edge-node.ts'

/** One backend of `backend.list -j -p`: Varnish's JSON (a director's entry has another type). */
type ListedBackend = {
  type?: string
  admin_health?: string
  probe_message?: [number | string, number | string, string]
  probe_details?: { good?: number; threshold?: number; window?: number }
  last_change?: number
}

/** What the text of `backend.list -p` adds for each backend: the window's bits and the response time. */
type ProbeText = { happy: string | null; averageSeconds: number | null }

/**
 * The text form, per backend (`<vcl>.<backend>`): its "Happy" line (64 marks, oldest first, `H` a good
 * probe) and the average response time of its good probes. The JSON form has the window only as a
 * 64-bit number, which JSON's numbers cannot hold exactly, and no response time.
 */
export function parseProbeText(text: string): Map<string, ProbeText> {
  const found = new Map<string, ProbeText>()
  let current: ProbeText | null = null
  for (const line of text.split('\n')) {
    const head = /^(\S+\.\S+)\s+(?:probe|healthy|sick|auto|deleted)\b/.exec(line)
    if (head?.[1]) {
      current = { happy: null, averageSeconds: null }
      found.set(head[1], current)
      continue
    }
    if (!current) continue
    const average = /Average response time of good probes:\s*([0-9.]+)/.exec(line)
    if (average?.[1]) current.averageSeconds = Number(average[1])
    const happy = /^\s*([-H]{8,})\s+Happy\s*$/.exec(line)
    if (happy?.[1]) current.happy = happy[1]
  }
  return found
}

/**
 * Every backend of the VCLs a node runs, with its probe state, from `backend.list -j -p` (`json`) and
 * `backend.list -p` (`text`). `projectOf` names the project whose VCL a loaded VCL's name is (null for
 * one that no project runs any more: the boot VCL, one being replaced).
 */
export function backendStates(
  json: string,
  text: string,
  projectOf: (vcl: string) => string | null,
): AgentBackendState[] {
  const parsed: unknown = JSON.parse(json)
  const listed = (Array.isArray(parsed) ? parsed[3] : null) as Record<string, ListedBackend> | null
  if (!listed || typeof listed !== 'object') return []
  const probes = parseProbeText(text)
  const states: AgentBackendState[] = []
  for (const [key, entry] of Object.entries(listed)) {
    if (entry.type !== 'backend') continue
    const dot = key.indexOf('.')
    const project = projectOf(key.slice(0, dot))
    const backend = key.slice(dot + 1)
    if (project === null || dot < 0) continue
    const details = entry.probe_details
    const probe = probes.get(key)
    const size = Math.min(64, details?.window ?? 0)
    const window = size > 0 && probe?.happy ? [...probe.happy.slice(-size)].map((mark) => mark === 'H') : []
    const verdict = entry.probe_message?.[2] ?? entry.admin_health
    const average = probe?.averageSeconds
    states.push({
      project,
      backend,
      healthy: verdict !== 'sick',
      window,
      threshold: details?.threshold ?? null,
      last_change_at: typeof entry.last_change === 'number' ? new Date(entry.last_change * 1000).toISOString() : null,
      average_response_ms:
        average !== undefined && average !== null && average > 0 ? Math.round(average * 1e6) / 1000 : null,
    })
  }
  return states
}

/**
 * When each backend's verdict last changed, as the agent saw it. Varnish's `last_change` of a backend
 * stays where it was when the backend was made (varnishd 7.1 moves only its director's), so a backend
 * that turned sick still said its VCL's load time. A backend's first reading keeps Varnish's time; a
 * reading whose verdict differs from the one before gets that reading's time (`now`), and keeps it until
 * the verdict changes again. A backend is followed by project and name, across its project's reloads.
 */
export class VerdictChanges {
  private seen = new Map<string, { healthy: boolean; at: string | null }>()

  stamp(states: AgentBackendState[], now: string): AgentBackendState[] {
    const next = new Map<string, { healthy: boolean; at: string | null }>()
    const stamped = states.map((state) => {
      const key = `${state.project}\n${state.backend}`
      const before = this.seen.get(key)
      const at = !before ? state.last_change_at : before.healthy === state.healthy ? before.at : now
      next.set(key, { healthy: state.healthy, at })
      return { ...state, last_change_at: at }
    })
    this.seen = next
    return stamped
  }
}
