import * as v from 'valibot'

// Apart from src/domain/stats.ts: the route's search schema is loaded with the route tree, up front,
// and must not bring the query schema and its rules with it.

export const STATS_GRANULARITIES = ['minute', '5m', 'hour', 'day'] as const
export type StatsGranularity = (typeof STATS_GRANULARITIES)[number]

export const STATS_GROUPS = ['website', 'pop', 'country', 'status_class'] as const
export type StatsGroup = (typeof STATS_GROUPS)[number]

/** The ranges the statistics page offers: presets relative to now, or `custom` (from and to in the URL). */
export const STATS_RANGES = ['1h', '24h', '7d', '30d', 'custom'] as const
export type StatsRange = (typeof STATS_RANGES)[number]

/** The statistics page's view, all of it in the URL (every value a string, as the router keeps them). */
export const StatisticsSearch = v.object({
  project: v.optional(v.string()),
  range: v.fallback(v.optional(v.picklist(STATS_RANGES), '24h'), '24h'),
  from: v.optional(v.string()),
  to: v.optional(v.string()),
  granularity: v.fallback(v.optional(v.picklist(['auto', ...STATS_GRANULARITIES]), 'auto'), 'auto'),
  website: v.optional(v.string()),
  group_by: v.fallback(v.optional(v.picklist(['none', ...STATS_GROUPS]), 'none'), 'none'),
})
export type StatisticsView = v.InferOutput<typeof StatisticsSearch>
