import * as v from 'valibot'
import { type FieldError, isHostname, toFieldErrors } from './common.ts'
import type { NodeKind } from './nodes.ts'

/** What an invalidation removes from the edge caches (RESOURCES.md, Tools; API.md, Invalidation). */
export const PURGE_TYPES = ['url', 'prefix', 'host', 'tag', 'all'] as const
export type PurgeType = (typeof PURGE_TYPES)[number]
export const MAX_PURGE_TARGETS = 100
/**
 * The longest URL or prefix an invalidation takes: what web servers commonly accept of a request line. An
 * agent node bans each as a word of a Varnish command (server/edge/bans.ts), which longer ones would bloat.
 */
export const MAX_PURGE_URL = 8192
export const PURGE_STATUSES = ['queued', 'in_progress', 'completed', 'partial', 'failed'] as const
export type PurgeStatus = (typeof PURGE_STATUSES)[number]
export type NodePurgeStatus = 'queued' | 'in_progress' | 'completed' | 'failed'

/** Visible ASCII only: a tag travels in a response header (Surrogate-Key, Cache-Tag). */
const TAG = /^[\x21-\x7e]{1,1024}$/

/** The host of an absolute http(s) URL, or null for anything else. */
function urlHost(text: string): string | null {
  if (!URL.canParse(text)) return null
  const url = new URL(text)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : null
}

/** Why a target does not fit its type or the project's domains; null when it does. */
export function purgeTargetProblem(type: PurgeType, target: string, domains: ReadonlySet<string>): string | null {
  switch (type) {
    case 'url':
    case 'prefix': {
      if (target.length > MAX_PURGE_URL) return `at most ${MAX_PURGE_URL} characters`
      const host = urlHost(target)
      if (host === null) return 'must be an absolute http or https URL'
      if (!domains.has(host)) return `${host} is not a domain of this project`
      return null
    }
    case 'host': {
      const host = target.toLowerCase()
      if (!isHostname(host)) return 'must be a host name such as shop.example.com'
      return domains.has(host) ? null : `${host} is not a domain of this project`
    }
    case 'tag':
      return TAG.test(target) ? null : 'must be 1-1024 visible characters without spaces'
    case 'all':
      return 'all takes no targets'
  }
}

/**
 * An invalidation request for a project with these domains (the websites' names and aliases): the same
 * schema checks the console's form and the server's endpoint.
 */
export function purgeRequestSchema(projectDomains: readonly string[]) {
  const domains = new Set(projectDomains.map((domain) => domain.toLowerCase()))
  return v.pipe(
    v.object({
      type: v.pipe(
        v.picklist(PURGE_TYPES, 'must be url, prefix, host, tag or all'),
        v.description('What the targets are: URLs, URL prefixes, hosts or cache tags; all takes none'),
      ),
      targets: v.optional(
        v.pipe(
          v.array(v.pipe(v.string('must be a string'), v.trim()), 'must be a list of targets'),
          v.maxLength(MAX_PURGE_TARGETS, `at most ${MAX_PURGE_TARGETS} targets`),
          v.description('What to invalidate; URLs and hosts must be of the project’s domains'),
        ),
        [],
      ),
      soft: v.optional(
        v.pipe(
          v.boolean('must be true or false'),
          v.description('Mark stale instead of removing: served while the origin is asked again'),
        ),
        false,
      ),
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const { type, targets, soft } = dataset.value
      if (type === 'all') {
        if (targets.length > 0) addIssue({ message: 'all takes no targets', path: pathTo(dataset.value, 'targets') })
        if (soft) addIssue({ message: 'a soft purge needs targets', path: pathTo(dataset.value, 'soft') })
        return
      }
      if (targets.length === 0) {
        addIssue({ message: 'name at least one target', path: pathTo(dataset.value, 'targets') })
        return
      }
      const seen = new Set<string>()
      targets.forEach((target, index) => {
        const problem = seen.has(target) ? 'is listed twice' : purgeTargetProblem(type, target, domains)
        seen.add(target)
        if (problem) addIssue({ message: problem, path: pathTo(dataset.value, 'targets', index) })
      })
    }),
  )
}
export type PurgeRequest = v.InferOutput<ReturnType<typeof purgeRequestSchema>>

/** A valibot issue path to `targets` (or one of its items), so the error lands on the field. */
function pathTo(input: Record<string, unknown>, key: string, index?: number): [v.IssuePathItem, ...v.IssuePathItem[]] {
  const value = input[key]
  const first: v.IssuePathItem = { type: 'object', origin: 'value', input, key, value }
  if (index === undefined || !Array.isArray(value)) return [first]
  return [first, { type: 'array', origin: 'value', input: value, key: index, value: value[index] }]
}

/** Targets typed one per line, each with its line number: trimmed, blank lines and `#` comments left out. */
export function targetLines(text: string): { line: number; target: string }[] {
  return text
    .split(/\r?\n/)
    .map((line, index) => ({ line: index + 1, target: line.trim() }))
    .filter(({ target }) => target !== '' && !target.startsWith('#'))
}

/**
 * The invalidation form's verdict: the request it sends, or the schema's errors with a target's error
 * told by its line (`targets`: 'line 3: evil.example is not a domain of this project').
 */
export function checkInvalidationDraft(
  draft: { type: PurgeType; text: string; soft: boolean },
  schema: ReturnType<typeof purgeRequestSchema>,
): { request: PurgeRequest | null; errors: FieldError[] } {
  const lines = draft.type === 'all' ? [] : targetLines(draft.text)
  const result = v.safeParse(schema, {
    type: draft.type,
    targets: lines.map(({ target }) => target),
    soft: draft.type === 'all' ? false : draft.soft,
  })
  if (result.success) return { request: result.output, errors: [] }
  const errors = toFieldErrors(result.issues).map((error) => {
    const index = /^targets\.(\d+)$/.exec(error.field)?.[1]
    const line = index === undefined ? undefined : lines[Number(index)]?.line
    return line === undefined ? error : { field: 'targets', message: `line ${line}: ${error.message}` }
  })
  return { request: null, errors }
}

/**
 * How a node will take an invalidation, fixed when it is requested. A simulated node: when it finishes
 * (ms after the request) and whether it can (a node in maintenance or unreachable cannot, and gives up
 * then). An edge agent node (`agent`): it carries it out itself and reports its own result.
 */
export type PurgePlanStep = { node: string; after_ms: number; can_apply: boolean; agent?: boolean }

/** How long an invalidation waits for an edge agent node that is away (it is sent again when it is back). */
export const AGENT_PURGE_WINDOW_MS = 24 * 60 * 60 * 1000

/** What an edge agent node reported of an invalidation: its own result, time and words. */
export type AgentPurgeResult = { status: 'completed' | 'failed'; at: string; message: string | null }

export type PurgeNodeState = {
  node: string
  status: NodePurgeStatus
  at: string | null
  /** agent: the node's own report; simulated: the simulation's. */
  source: NodeKind
  /** An agent node's words on its result (why it failed, or how it was done). */
  message: string | null
}

/**
 * An invalidation's state at `now`. A simulated node's part is a pure function of when it was requested
 * and its plan, so every process of the API reports the same without timers: queued until the nodes pick
 * it up (the first 200 ms), then each node finishes at its own time. An agent node's part is what it
 * reported (`results`), queued until then: a node that was down carries it out when it is back. Overall
 * completed, partial or failed once every node is done.
 */
export function purgeState(
  requestedAt: number,
  plan: readonly PurgePlanStep[],
  now: number,
  results: Readonly<Record<string, AgentPurgeResult>> = {},
): { status: PurgeStatus; per_node: PurgeNodeState[] } {
  const PICKUP_MS = 200
  const per_node = plan.map((step): PurgeNodeState => {
    if (step.agent) {
      const result = results[step.node]
      if (result)
        return { node: step.node, status: result.status, at: result.at, source: 'agent', message: result.message }
      // A node that was away that long is not sent it any more: it failed there, and it says why.
      if (now - requestedAt > AGENT_PURGE_WINDOW_MS)
        return {
          node: step.node,
          status: 'failed',
          at: null,
          source: 'agent',
          message: 'no report from the node within 24 hours',
        }
      return { node: step.node, status: 'queued', at: null, source: 'agent', message: null }
    }
    const simulated = { node: step.node, source: 'simulated' as const, message: null }
    const doneAt = requestedAt + Math.max(step.after_ms, PICKUP_MS)
    if (now < requestedAt + PICKUP_MS) return { ...simulated, status: 'queued', at: null }
    if (now < doneAt) return { ...simulated, status: 'in_progress', at: null }
    return { ...simulated, status: step.can_apply ? 'completed' : 'failed', at: new Date(doneAt).toISOString() }
  })
  if (per_node.length === 0) return { status: 'failed', per_node }
  if (per_node.every((node) => node.status === 'queued')) return { status: 'queued', per_node }
  if (per_node.some((node) => node.status === 'queued' || node.status === 'in_progress')) {
    return { status: 'in_progress', per_node }
  }
  const completed = per_node.filter((node) => node.status === 'completed').length
  return { status: completed === per_node.length ? 'completed' : completed === 0 ? 'failed' : 'partial', per_node }
}

/**
 * An invalidation as the API returns it: what was asked, and its state now. Each node's `source` as the
 * console reads it: `agent` or `simulated` from this platform, or any other word, a kind of node another
 * implementation of the API knows, shown as it comes (src/api/purge.ts).
 */
export type PurgeRecord = PurgeRequest & {
  name: string
  status: PurgeStatus
  per_node: (Omit<PurgeNodeState, 'source'> & { source: string })[]
  created_at: string
  created_by: string
}

/** Whether an invalidation may still change: the page follows it until it is not. */
export const purgeSettled = (status: PurgeStatus) =>
  status === 'completed' || status === 'partial' || status === 'failed'

/** How far an invalidation has gone: its state only moves forward (queued, in progress, settled), node by node. */
const progress = (record: PurgeRecord) =>
  (purgeSettled(record.status) ? 2 : record.status === 'in_progress' ? 1 : 0) * (record.per_node.length + 1) +
  record.per_node.filter((node) => node.status === 'completed' || node.status === 'failed').length

/**
 * The latest of two readings of one invalidation: the page's follow-up and the list, read at their own
 * times. The follow-up may have stopped (reads that failed in a row) while the list, read again while
 * anything in it is under way, saw it settle.
 */
const latest = (followed: PurgeRecord, listed: PurgeRecord | undefined) =>
  listed && progress(listed) > progress(followed) ? listed : followed

/**
 * The recent invalidations as they stand, and the followed one ("Last request") as the latest reading of
 * either has it: the list and "Last request" never disagree about the same invalidation (issue 25), and
 * neither stays behind the other's news.
 */
export function withFollowed(
  rows: readonly PurgeRecord[],
  followed: PurgeRecord | null,
): { rows: PurgeRecord[]; followed: PurgeRecord | null } {
  if (!followed) return { rows: [...rows], followed }
  const now = latest(
    followed,
    rows.find((row) => row.name === followed.name),
  )
  return { rows: rows.map((row) => (row.name === now.name ? now : row)), followed: now }
}

/** Whether any listed invalidation may still change: the list is then read again (every `ms`). */
export const recentPurgesPoll =
  (ms: number) =>
  (rows: readonly PurgeRecord[] | undefined): number | false =>
    (rows ?? []).some((row) => !purgeSettled(row.status)) ? ms : false
