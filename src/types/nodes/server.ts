import * as v from 'valibot'
import { badRequest } from '../../../server/base/errors.ts'
import { generateSecret, hashSecret } from '../../../server/base/secrets.ts'
import {
  agentStanding,
  forgetReport,
  heardFrom,
  lastReports,
  type ReceivedReport,
} from '../../../server/platform/agent-reports.ts'
import { type FleetDelays, type NodeSync, nodeSync } from '../../../server/platform/fleet.ts'
import { stableHash } from '../../../server/platform/hash.ts'
import { type ConfigRevision, currentRevision, currentRevisions } from '../../../server/platform/revisions.ts'
import type {
  ResourceData,
  ResourceDefinition,
  ResourceRecord,
  TypeServer,
} from '../../../server/resources/definition.ts'
import { Timestamp } from '../../domain/common.ts'
import { LOCAL_EDGE_NODE } from '../../domain/nodes.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { abandonInvalidations } from './edge-invalidations.ts'
import { NODE_SYNC_STATES, type NodeData, NodeFields, type NodeSyncState, nodeWriteProblem } from './fields.ts'
import { nodesUi } from './screen.ts'

/** A reachable node reports every this many milliseconds (its own phase within the period). */
export const HEARTBEAT_MS = 10_000

/** What the simulated fleet needs of the server's context: its delays and the time. */
export type FleetClock = { config: { syncDelays: FleetDelays }; now(): number }

/**
 * What the server keeps in a node's data to tell its revision while it applies nothing: the platform
 * revision it held when it stopped (maintenance, disabled, unreachable), the revision whose write made it
 * apply again (until it applies a newer one it still holds the old), and, while unreachable, when it was
 * last heard. Never in a body; `held_*` never shown.
 */
const HELD = ['held_revision', 'resumed_at_revision'] as const
const DERIVED = [
  'applied_revision',
  'target_revision',
  'sync_state',
  'last_seen_at',
  'sync_message',
  'varnish_version',
  'varnish_started_at',
  'projects',
] as const

type NodeRow = { name: string; data: NodeData & Record<string, unknown> }

/** The last heartbeat of a reachable node at `now`: the latest tick of its own phase. */
function lastHeartbeat(name: string, now: number): number {
  const phase = stableHash(`${name}|heartbeat`) % HEARTBEAT_MS
  return Math.floor((now - phase) / HEARTBEAT_MS) * HEARTBEAT_MS + phase
}

const orNull = (value: unknown): number | null => (typeof value === 'number' ? value : null)

/** The platform revision a node holds now, by the fleet simulation and what was kept when it stopped. */
function appliedRevision(node: NodeRow, state: NodeSync, revision: ConfigRevision): number | null {
  if (state.updated) return revision.revision
  const held = orNull(node.data.held_revision)
  if (!state.applying) return held
  // Applying, the latest not yet: it holds the one before, unless that latest is the write that made it
  // apply again (then it still holds what it had when it stopped).
  if (orNull(node.data.resumed_at_revision) === revision.revision) return held
  return revision.revision > 1 ? revision.revision - 1 : null
}

/**
 * A simulated node's sync fields, beside `target_revision` (the platform's admin configuration revision,
 * which every node follows, `GET /admin-sync-state`): `applied_revision` the one it holds; `sync_state`
 * in_sync, pending (not applied yet, or held back by maintenance or disabled) or unreachable; and
 * `last_seen_at` its last heartbeat.
 */
function simulatedSync(record: ResourceRecord, revision: ConfigRevision, ctx: FleetClock): ResourceData {
  const node = { name: record.name, data: record as unknown as NodeRow['data'] }
  const state = nodeSync(node, revision, ctx.config.syncDelays, ctx.now())
  const reachable = node.data.reachable !== false
  const syncState: NodeSyncState = !reachable ? 'unreachable' : state.updated ? 'in_sync' : 'pending'
  const lastSeen = reachable ? new Date(lastHeartbeat(record.name, ctx.now())).toISOString() : record.last_seen_at
  return {
    applied_revision: appliedRevision(node, state, revision),
    sync_state: syncState,
    last_seen_at: lastSeen ?? null,
  }
}

/**
 * How an agent node stands with one project its last report names: the project revision it runs, the
 * one it should, and `failed` with the compiler's message when it could not load it (the platform's own
 * revision says nothing of that: it is the top VCL's, which goes on running).
 */
function projectSync(received: ReceivedReport, project: string, target: number, now: number): ResourceData {
  const standing = agentStanding(received, project, target, now)
  return {
    project,
    applied_revision: standing.runs,
    target_revision: target,
    sync_state: standing.message ? 'failed' : standing.updated ? 'in_sync' : 'pending',
    sync_message: standing.message,
  }
}

/**
 * An edge agent node's sync fields: what its last report says it runs of the platform's revision,
 * `failed` with the compiler's message when a load failed, unreachable after 10 s of silence; and of
 * each project the report names, what it runs of it (`projects`).
 */
function agentSync(
  received: ReceivedReport | undefined,
  revision: ConfigRevision,
  targets: ReadonlyMap<string, number>,
  now: number,
): ResourceData {
  const standing = agentStanding(received, '', revision.revision, now)
  const heard = heardFrom(received, now)
  const syncState: NodeSyncState = !heard
    ? 'unreachable'
    : standing.message
      ? 'failed'
      : standing.updated
        ? 'in_sync'
        : 'pending'
  return {
    applied_revision: standing.runs,
    sync_state: syncState,
    last_seen_at: received ? new Date(received.reportedAt).toISOString() : null,
    sync_message: standing.message,
    varnish_version: received?.report.varnish_version ?? null,
    varnish_started_at: received?.report.started_at ?? null,
    projects: received
      ? received.report.projects
          .map((line) => projectSync(received, line.project, targets.get(line.project) ?? 0, now))
          .sort((a, b) => String(a.project).localeCompare(String(b.project)))
      : [],
  }
}

/** Nodes (RESOURCES.md, Node): the fleet, one platform-wide list; their sync fields follow the clock. */
export function nodesType(ctx: FleetClock): ResourceDefinition {
  return {
    type: 'nodes',
    label: 'node',
    service: 'core',
    scope: 'platform',
    permissionService: 'wadp',
    fields: NodeFields,
    references: referenceFieldsOf(nodesUi),
    owners: ownerFieldsOf(nodesUi),
    readOnlyFields: [...DERIVED, ...HELD],
    derivedFields: {
      applied_revision: v.pipe(
        v.nullable(v.number()),
        v.description('The platform (admin configuration) revision it holds; null for none'),
      ),
      target_revision: v.pipe(
        v.nullable(v.number()),
        v.description('The platform revision it should hold (GET /admin-sync-state); null before any change'),
      ),
      sync_state: v.pipe(
        v.picklist(NODE_SYNC_STATES),
        v.description('in_sync, pending (not applied yet, or held back by maintenance or disabled) or unreachable'),
      ),
      last_seen_at: v.pipe(
        v.nullable(Timestamp),
        v.description('Its last heartbeat (an agent: its last report), ISO 8601'),
      ),
      sync_message: v.optional(
        v.pipe(
          v.nullable(v.string()),
          v.description("Edge agent nodes: why it does not run the revision (Varnish's words)"),
        ),
      ),
      varnish_version: v.optional(
        v.pipe(v.nullable(v.string()), v.description('Edge agent nodes: the Varnish version it reported')),
      ),
      varnish_started_at: v.optional(
        v.pipe(v.nullable(Timestamp), v.description('Edge agent nodes: when its varnishd started, ISO 8601')),
      ),
      projects: v.optional(
        v.pipe(
          v.array(
            v.object({
              project: v.pipe(v.string(), v.description('The project')),
              applied_revision: v.pipe(
                v.nullable(v.number()),
                v.description('The project revision whose VCL it runs; null for none'),
              ),
              target_revision: v.pipe(
                v.nullable(v.number()),
                v.description(
                  'The project revision it should run (GET …/projects/{project}/sync); null before any change',
                ),
              ),
              sync_state: v.pipe(
                v.picklist(['in_sync', 'pending', 'failed']),
                v.description('in_sync, pending (not loaded yet) or failed (its message says why)'),
              ),
              sync_message: v.pipe(
                v.nullable(v.string()),
                v.description("Why it does not run the project's revision (Varnish's words), or null"),
              ),
            }),
          ),
          v.description(
            "Edge agent nodes: each project its last report names, with what it runs of it (the platform revision above is not the projects'); empty before any report",
          ),
        ),
      ),
    },
    searchable: (data: ResourceData) => [String(data.hostname ?? '')],
    revealedFields: {
      secret: v.optional(
        v.pipe(
          v.string(),
          v.description(
            "An edge agent node's secret, shown this once: its agent sends it as Authorization: Bearer <secret>; none for a simulated node",
          ),
        ),
      ),
    },
    configuration: true,
    hooks: {
      // Stopping or resuming is kept as the simulation needs it: the revision held, when last heard.
      async beforeWrite({ db, name, data, existing, principal }) {
        // A new node's name and country must agree; a node stored before the rule keeps its name (which
        // cannot change), and only a new country it contradicts is refused. The platform's own node,
        // local-edge (EDGE.md), is made by the platform (the system caller), not by anyone's request.
        const own = !existing && name === LOCAL_EDGE_NODE && principal.email === 'system'
        const misnamed = nodeWriteProblem(
          name,
          (data as NodeData).country,
          existing ? String(existing.country) : undefined,
        )
        if (misnamed && !own) throw badRequest(`${misnamed.field} ${misnamed.message}`, [misnamed])
        // The simulation's switch: an agent node is unreachable when its agent stops reporting, not by a
        // field that would change nothing on it.
        if ((data as NodeData).kind === 'agent' && (data as NodeData).reachable === false) {
          const message =
            'is the simulated nodes’ switch: an edge agent node is unreachable when its agent stops reporting'
          throw badRequest(`reachable ${message}`, [{ field: 'reachable', message }])
        }
        if (!existing) return undefined
        const kind = (existing.kind as string | undefined) ?? 'simulated'
        if ((data as NodeData).kind !== kind) {
          const message = `a node's kind cannot change (this one is ${kind}): add a new node instead`
          throw badRequest(`kind ${message}`, [{ field: 'kind', message }])
        }
        const now = ctx.now()
        const revision = await currentRevision(db, '')
        const before = { name, data: existing as unknown as NodeRow['data'] }
        const was = nodeSync(before, revision, ctx.config.syncDelays, now)
        const will = nodeSync({ name, data: data as NodeData }, revision, ctx.config.syncDelays, now)
        const kept: ResourceData = {}
        if (was.applying && !will.applying) kept.held_revision = appliedRevision(before, was, revision)
        // This write moves the platform to the next revision: until it applies that one, it holds its own.
        if (!was.applying && will.applying) kept.resumed_at_revision = revision.revision + 1
        const wasReachable = existing.reachable !== false
        const isReachable = (data as NodeData).reachable !== false
        if (wasReachable && !isReachable) kept.last_seen_at = new Date(lastHeartbeat(name, now)).toISOString()
        if (isReachable) kept.last_seen_at = null
        return { ...data, ...kept }
      },
      // An edge agent node gets a secret of its own, returned once; only its hash is kept.
      async issueSecret({ data }) {
        if ((data as NodeData).kind !== 'agent') return undefined
        const secret = generateSecret()
        return { hash: hashSecret(secret), data, reveal: { secret } }
      },
      async beforeDelete({ db, name }) {
        await forgetReport(db, name)
        await abandonInvalidations(db, name, ctx.now())
        return undefined
      },
      async derive(db, records) {
        const revision = await currentRevision(db, '')
        const agents = records.filter((record) => record.kind === 'agent').map((record) => record.name)
        const reports = await lastReports(db, agents)
        const named = [...reports.values()].flatMap((received) => received.report.projects.map((line) => line.project))
        const targets = await currentRevisions(db, [...new Set(named)])
        const now = ctx.now()
        // The simulation reads the held fields; the answer never shows them.
        return records.map((record) => {
          const { held_revision, resumed_at_revision, ...shown } = record
          return {
            ...shown,
            target_revision: revision.revision > 0 ? revision.revision : null,
            ...(record.kind === 'agent'
              ? agentSync(reports.get(record.name), revision, targets, now)
              : simulatedSync(record, revision, ctx)),
          }
        })
      },
    },
  }
}

export const server: TypeServer = { definition: nodesType }
