import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { OverviewTools } from '../../src/app/overview.ts'
import { homeTrafficQueries, joinHomeTraffic } from '../../src/domain/home-traffic.ts'
import type { StatsQuery, StatsResult } from '../../src/domain/stats.ts'
import type { PanelState } from '../../src/views/DetailPanel.tsx'
import { panelState } from '../-resources/panelState.ts'

const TRAFFIC_METRICS = ['requests', 'hit_ratio', 'waf_blocked', 'challenged', 'rate_limited'] as const

/**
 * Home's traffic: Statistics' "Last 24 hours", up to the last whole minute, by the hour (24 points or 25,
 * against 1,440 by the minute: less to fetch, parse and draw). The whole hours are one query, the same (and
 * one cache entry) for the whole hour; the part of the oldest hour and the hour under way are two small
 * ones by the minute, each drawn as one point (src/domain/home-traffic.ts). The panel's state, and the
 * range its charts cover.
 */
export function useHomeTraffic(project: string, queries: OverviewTools['queries']) {
  const parts = homeTrafficQueries(project, TRAFFIC_METRICS, Date.now())
  // A new minute's (or hour's) parts are read with the last ones still shown, not a spinner.
  const part = (query: StatsQuery | null) => ({
    ...queries.traffic(query ?? parts.hours),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  })
  const head = useQuery(part(parts.head))
  const hours = useQuery(part(parts.hours))
  const tail = useQuery(part(parts.tail))
  // A part not asked has no answer (its disabled query shares the hours' key).
  const headData = parts.head ? (head.data ?? null) : null
  const tailData = parts.tail ? (tail.data ?? null) : null
  // One answer from the three, made again only when one of them changes (the charts redraw only then).
  const joined = useMemo(
    () => (hours.data ? joinHomeTraffic({ head: headData, hours: hours.data, tail: tailData }, TRAFFIC_METRICS) : null),
    [headData, hours.data, tailData],
  )
  // Ready once every part asked for is; the first failure is said, and Retry asks again what failed.
  const asked = [hours, ...(parts.head ? [head] : []), ...(parts.tail ? [tail] : [])]
  const failed = asked.find((each) => each.isError)
  const panel: PanelState<StatsResult> = failed
    ? panelState<StatsResult>(failed, 'The traffic')
    : asked.some((each) => each.isPending) || !joined
      ? { status: 'loading' }
      : { status: 'ready', data: joined }
  const range = {
    from: (parts.head ?? parts.hours).from,
    to: (parts.tail ?? parts.hours).to,
    partial: parts.head !== null,
  }
  return { panel, range }
}
