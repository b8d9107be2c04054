import * as v from 'valibot'
import { uniqueItems } from '../../domain/common.ts'

export const ROLLOUT_STRATEGIES = ['all_at_once', 'serial', 'canary_first'] as const
export type RolloutStrategy = (typeof ROLLOUT_STRATEGIES)[number]

/** At most this many regions per pool. */
export const MAX_POOL_REGIONS = 50

const Region = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'use 1-32 lowercase letters, digits or dashes, such as eu-west'),
)

/**
 * A group of nodes rolled out together (RESOURCES.md, Pool). Its `nodes` is read-only: the nodes whose
 * `pool` names it, listed by the server.
 */
export const PoolFields = v.object({
  description: v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string('must be a string'), v.trim(), v.maxLength(500, 'at most 500 characters'))),
      v.description('What the pool is for'),
    ),
    null,
  ),
  regions: v.optional(
    v.pipe(
      v.array(Region, 'must be a list of regions'),
      v.maxLength(MAX_POOL_REGIONS, `at most ${MAX_POOL_REGIONS} regions`),
      uniqueItems<string>('must not repeat a region'),
      v.description('Regions it serves, such as eu-west'),
    ),
    [],
  ),
  rollout: v.optional(
    v.pipe(
      v.picklist(ROLLOUT_STRATEGIES, 'must be all_at_once, serial or canary_first'),
      v.description('How a configuration change reaches its nodes: all at once, one after another, or one node first'),
    ),
    'serial',
  ),
})
export type PoolData = v.InferOutput<typeof PoolFields>
