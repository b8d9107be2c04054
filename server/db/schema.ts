import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/**
 * Every resource type lives in one table: `type` is the API's path segment, `scope` the project name
 * for per-project types and '' for platform-wide ones. Fields beyond the common ones sit in `data`,
 * validated by the type's valibot schema before they get here.
 */
export const resources = pgTable(
  'resources',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    scope: text('scope').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Lowercased text the global search matches (names, domains…). */
    searchText: text('search_text').notNull().default(''),
    /** SHA-256 of a secret (API tokens); the secret itself is never stored. */
    secretHash: text('secret_hash'),
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (table) => [
    uniqueIndex('resources_type_scope_name').on(table.type, table.scope, table.name),
    index('resources_scope_type').on(table.scope, table.type),
    uniqueIndex('resources_secret_hash').on(table.secretHash).where(sql`${table.secretHash} is not null`),
    // The global search reads no index of this table: it keeps its own in the API process
    // (server/services/search-index.ts; migration 0006 dropped the trigram and name-prefix indexes).
    // A website's domains are unique across the platform, one host reaching one project on the edge
    // (src/types/websites/server.ts, `domainClaims`): these find the website holding a domain without
    // reading every website.
    index('resources_website_domain_name')
      .on(sql`(${table.data}->>'domain_name')`)
      .where(sql`${table.type} = 'websites'`),
    // Without fastupdate: a GIN index's pending list (where fastupdate puts new entries) is read whole by
    // every look-up, and nothing but a vacuum empties it on PGlite: after a bulk load, ~10 ms a look-up.
    // Websites without aliases stay out: they would all share one GIN entry, which every concurrent
    // insert on PostgreSQL would then wait for.
    index('resources_website_aliases')
      .using('gin', sql`(${table.data}->'domain_aliases')`)
      .with({ fastupdate: false })
      .where(sql`${table.type} = 'websites' and ${table.data}->'domain_aliases' <> '[]'::jsonb`),
  ],
)

/** The configuration revision of each project ('' for the platform's admin configuration). */
export const configRevisions = pgTable('config_revisions', {
  scope: text('scope').primaryKey(),
  revision: integer('revision').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
})

/** Append-only: one entry per mutation and per sign-in attempt. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    actor: jsonb('actor').$type<Record<string, unknown>>().notNull(),
    action: text('action').notNull(),
    result: text('result').notNull(),
    resourceType: text('resource_type'),
    resourceName: text('resource_name'),
    project: text('project'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
  },
  (table) => [index('audit_log_occurred_at').on(table.occurredAt)],
)

/** Server-owned settings that must survive restarts (OIDC signing keys…). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
})

/** oidc-provider's state (sessions, grants, codes, interactions), so SSO sign-ins survive restarts. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_payloads_grant_id').on(table.grantId),
    index('oidc_payloads_uid').on(table.uid),
    index('oidc_payloads_expires_at').on(table.expiresAt),
  ],
)

/**
 * One counter per cache group (`type|scope`), moved in the transaction of every change to that group,
 * so a process can tell whether an answer it cached is still current (docs/adr/0003-coherent-reads.md).
 */
export const cacheGenerations = pgTable('cache_generations', {
  group: text('group').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull(),
})

/**
 * The last report of each edge agent node (EDGE.md): what it runs, sent by the agent with its node's
 * secret. Bookkeeping, not configuration: a report moves no revision and leaves no audit entry.
 */
export const edgeReports = pgTable('edge_reports', {
  node: text('node').primaryKey(),
  reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  report: jsonb('report').$type<Record<string, unknown>>().notNull(),
})

/**
 * Live traffic (issue 24): the last requests edge agent nodes saw, kept a minute, read by the live
 * streams of every API process (each follows `id`).
 */
export const edgeTraffic = pgTable(
  'edge_traffic',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    node: text('node').notNull(),
    project: text('project').notNull(),
    host: text('host').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sampled: integer('sampled').notNull().default(0),
    line: jsonb('line').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [
    index('edge_traffic_project_id').on(table.project, table.id),
    index('edge_traffic_received_at').on(table.receivedAt),
  ],
)

/** The stats batches an agent node sent, by their own ids: a batch sent again is not counted again. */
export const edgeStatsBatches = pgTable(
  'edge_stats_batches',
  {
    id: text('id').primaryKey(),
    node: text('node').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [index('edge_stats_batches_received_at').on(table.receivedAt)],
)

/**
 * What agent nodes counted, per website, node and period: `minute` rows (kept 48 hours) and `hour` rows
 * (kept 90 days), both added to by every batch in its transaction.
 */
export const edgeStats = pgTable(
  'edge_stats',
  {
    period: text('period').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    project: text('project').notNull(),
    website: text('website').notNull(),
    node: text('node').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull(),
    bytesOut: bigint('bytes_out', { mode: 'number' }).notNull(),
    hits: bigint('hits', { mode: 'number' }).notNull(),
    misses: bigint('misses', { mode: 'number' }).notNull(),
    passes: bigint('passes', { mode: 'number' }).notNull(),
    status2xx: bigint('status_2xx', { mode: 'number' }).notNull(),
    status3xx: bigint('status_3xx', { mode: 'number' }).notNull(),
    status4xx: bigint('status_4xx', { mode: 'number' }).notNull(),
    status5xx: bigint('status_5xx', { mode: 'number' }).notNull(),
    rateLimited: bigint('rate_limited', { mode: 'number' }).notNull(),
    originMs: doublePrecision('origin_ms').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.project, table.at, table.website, table.node] }),
    index('edge_stats_at').on(table.period, table.at),
  ],
)

/** The origin fetches' times of `edge_stats` rows, as counts per latency bucket. */
export const edgeStatsLatency = pgTable(
  'edge_stats_latency',
  {
    period: text('period').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    project: text('project').notNull(),
    website: text('website').notNull(),
    node: text('node').notNull(),
    bucket: integer('bucket').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.project, table.at, table.website, table.node, table.bucket] }),
    index('edge_stats_latency_at').on(table.period, table.at),
  ],
)
