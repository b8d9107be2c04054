import * as v from 'valibot'
import { Slug } from './common.ts'
import type { AgentPurgeResult, PurgeRequest } from './purge.ts'

/**
 * What the platform and an edge node say to each other (EDGE.md): below both the nodes type
 * (`src/types/nodes/`, whose routes take these) and the edge agent (`server/edge/`).
 */

const reportText = (max: number, description: string) =>
  v.pipe(v.nullable(v.pipe(v.string(), v.maxLength(max))), v.description(description))

/**
 * One backend as an edge agent's Varnish sees it (`backend.list -j -p`): its project, its name in the
 * project's VCL, and its probe state. Backends without a probe are healthy with an empty window.
 */
export const AgentBackendState = v.object({
  project: v.pipe(Slug, v.description('The project whose VCL declares the backend')),
  backend: v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9_]{0,200}$/), v.description('Its name in the VCL')),
  healthy: v.pipe(v.boolean(), v.description('Whether Varnish considers it healthy')),
  window: v.pipe(
    v.array(v.boolean()),
    v.maxLength(64),
    v.description('Its probe window as Varnish keeps it, oldest first (true: a good probe)'),
  ),
  threshold: v.pipe(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), v.description('Good probes needed')),
  last_change_at: v.pipe(
    v.nullable(v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 time'))),
    v.description('When its health last changed'),
  ),
  average_response_ms: v.pipe(
    v.nullable(v.pipe(v.number(), v.minValue(0))),
    v.description('The average response time of its good probes, in milliseconds; null without any'),
  ),
})
export type AgentBackendState = v.InferOutput<typeof AgentBackendState>

/**
 * `POST /edge/nodes/{node}/report`: what an edge agent runs (EDGE.md). Sent after every change it
 * applies and every few seconds besides; the last one is kept.
 */
export const AgentReport = v.object({
  varnish_version: reportText(200, 'What varnishd -V says, such as varnish-7.1.1; null while it does not run'),
  started_at: v.pipe(
    v.nullable(v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 time'))),
    v.description('When its varnishd started; null while it does not run'),
  ),
  platform_revision: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
    v.description('The platform (admin configuration) revision of the configuration it runs'),
  ),
  projects: v.pipe(
    v.array(
      v.object({
        project: v.pipe(Slug, v.description('The project')),
        revision: v.pipe(
          v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
          v.description('The project revision whose VCL it runs; null for none yet'),
        ),
        error: reportText(8000, "Why it could not load the project's latest VCL (Varnish's words), or null"),
        failed_revision: v.optional(
          v.pipe(
            v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
            v.description(
              'The project revision whose VCL failed to load (the error is of it); null or left out with no error. A newer revision it has not tried yet is not taken as failed',
            ),
          ),
        ),
      }),
    ),
    v.maxLength(100_000),
    v.description('One line per project it was given'),
  ),
  error: reportText(8000, 'What keeps it from running any configuration (varnishd down…), or null'),
  instance: v.optional(
    v.pipe(
      v.string('must be a string'),
      v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _'),
      v.description(
        'An id the agent picks when it starts: two agents reporting as one node (one secret used twice) are told apart',
      ),
    ),
  ),
  backends: v.pipe(
    v.optional(v.array(AgentBackendState), []),
    v.maxLength(100_000),
    v.description('Every backend of the VCLs it runs, with its probe state as Varnish keeps it (issue 24)'),
  ),
})
export type AgentReport = v.InferOutput<typeof AgentReport>

/** What of a project's configuration a Varnish node does not do (EDGE.md: said, never pretended). */
export type NotEnforced = { type: string; name: string; what: string }

/** One project as a node runs it: its VCL, loaded as its label, and the hosts the top VCL sends there. */
export type EdgeProject = {
  project: string
  /** The project's configuration revision this VCL is of. */
  revision: number
  label: string
  hosts: string[]
  /** Each website with the hosts it answers (the statistics count per website). */
  websites: { name: string; hosts: string[] }[]
  vcl: string
  not_enforced: NotEnforced[]
}

/** An invalidation an agent node has to carry out, as its configuration carries it. */
export type EdgeInvalidation = PurgeRequest & {
  project: string
  name: string
  requested_at: string
  /** The project's domains when it was sent: what `all` bans, and what a `tag` ban is limited to. */
  hosts: string[]
}

/** A node's report of one invalidation it carried out (or could not). */
export type EdgeInvalidationResult = AgentPurgeResult & { project: string; name: string }

/** `GET /edge/nodes/{node}/configuration`: everything an agent node runs. */
export type EdgeConfiguration = {
  node: string
  /** The platform (admin configuration) revision it is of: the blocklist's entries, among others. */
  platform_revision: number
  projects: EdgeProject[]
}
