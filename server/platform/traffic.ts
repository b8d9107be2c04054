import type { StatsMetric, StatsPlan, StatsResult, StatsSeries, StatsValues } from '../../src/domain/stats.ts'
import type { StatsGroup } from '../../src/domain/stats-view.ts'
import { stableHash } from './hash.ts'

/**
 * The reference platform's traffic: a deterministic model per website, seeded by its name, spread over
 * the node fleet. Every rate is a constant plus a few sinusoids (a diurnal shape in each node's local
 * time, a weekly swell, slower and faster "weather", attack waves for the security events), so the
 * traffic of any set of websites and nodes is again such a sum, and a bucket's count is its exact
 * integral. A query therefore costs one pass over the websites and one over the buckets, never their
 * product, and coarser buckets are exactly the sums of finer ones.
 */

export type TrafficNode = { name: string; pop: string; country: string; weight: number }
export type TrafficWebsite = { name: string }

const TAU = 2 * Math.PI
const DAY_S = 86_400
/** Angular frequencies (rad/s) shared by every rate; a rate is `c0 + Σ Re(C_k e^{iω_k t})`. */
const FREQUENCIES = [
  TAU / DAY_S, // diurnal
  (2 * TAU) / DAY_S, // its harmonic: a lunch-time shoulder
  TAU / (7 * DAY_S), // weekly
  TAU / (47 * 60), // weather: 47 min
  TAU / (137 * 60), // 2 h 17 min
  TAU / (343 * 60), // 5 h 43 min
  TAU / (787 * 60), // 13 h 7 min
  TAU / (3.3 * DAY_S), // 3.3 days
  TAU / (203 * 60), // attack waves: 3 h 23 min
  TAU / (41 * 60), // 41 min
] as const
const [DIURNAL, SHOULDER, WEEKLY, W1, W2, W3, W4, W5, ATTACK1, ATTACK2] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const
const OMEGA_DAY = TAU / DAY_S
const K = FREQUENCIES.length
const WIDTH = 1 + 2 * K

/** What the model integrates; the metrics are read from these (requests and 4xx add the security events). */
const CHANNELS = [
  'served',
  'bytes',
  'misses',
  's3',
  's4',
  's5',
  'waf',
  'challenged',
  'limited',
  'lat50',
  'lat95',
] as const
type Channel = (typeof CHANNELS)[number]
const CH = Object.fromEntries(CHANNELS.map((name, index) => [name, index])) as Record<Channel, number>

/** Local time of a point of presence, in hours from UTC (winter time is close enough for a model). */
const POP_OFFSETS: Record<string, number> = {
  syd: 10,
  sao: -3,
  tor: -5,
  fra: 1,
  mad: 1,
  par: 1,
  ams: 1,
  lis: 0,
  sin: 8,
  lon: 0,
  nyc: -5,
  sjc: -8,
  sfo: -8,
  lax: -8,
  chi: -6,
  dal: -6,
  mia: -5,
  hkg: 8,
  tyo: 9,
  nrt: 9,
  bom: 5.5,
  del: 5.5,
  jnb: 2,
  dub: 0,
}
const COUNTRY_OFFSETS: Record<string, number> = {
  au: 10,
  br: -3,
  ca: -5,
  de: 1,
  es: 1,
  fr: 1,
  nl: 1,
  pt: 0,
  sg: 8,
  uk: 0,
  gb: 0,
  us: -6,
  it: 1,
  be: 1,
  ch: 1,
  at: 1,
  pl: 1,
  se: 1,
  no: 1,
  dk: 1,
  fi: 2,
  ie: 0,
  jp: 9,
  kr: 9,
  cn: 8,
  hk: 8,
  in: 5.5,
  za: 2,
  mx: -6,
}

/** mulberry32: a small, good-enough PRNG, the same numbers for the same seed on every process. */
function prng(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const between = (random: () => number, min: number, max: number) => min + (max - min) * random()

/** A website's character: how much traffic, how cacheable, how attacked. Drawn from its name alone. */
type Profile = ReturnType<typeof profileOf>
function profileOf(website: string) {
  const random = prng(stableHash(`website:${website}`))
  const hit = between(random, 0.62, 0.97)
  return {
    /** Mean requests a second it serves. */
    base: 2 * 10 ** (random() * 2.7),
    bytesPerRequest: 6000 * 10 ** (random() * 1.6),
    miss: 1 - hit,
    /** Local hour of the evening peak, and of the shoulder. */
    peakHour: between(random, 18.5, 21.5),
    shoulderHour: between(random, 11.5, 14),
    // The oscillations' amplitudes sum to at most 0.85: the rate never falls below 15 % of its mean.
    diurnal: between(random, 0.3, 0.5),
    shoulder: between(random, 0.05, 0.1),
    weekly: between(random, 0.04, 0.1),
    weeklyPhase: random() * TAU,
    weather: [W1, W2, W3, W4, W5].map((k) => ({ k, amplitude: between(random, 0.01, 0.03), phase: random() * TAU })),
    missPhase: random() * TAU,
    share3xx: between(random, 0.03, 0.1),
    share4xx: between(random, 0.01, 0.04),
    share5xx: between(random, 0.001, 0.008),
    waf: between(random, 0.001, 0.006),
    challenged: between(random, 0.0005, 0.004),
    limited: between(random, 0.0002, 0.002),
    attackPhases: [random() * TAU, random() * TAU, random() * TAU, random() * TAU, random() * TAU, random() * TAU],
    latencyP50: between(random, 40, 220),
    latencyTail: between(random, 2.2, 4),
  }
}

/** The UTC offset of a node, in seconds. */
function offsetOf(node: TrafficNode): number {
  return (POP_OFFSETS[node.pop] ?? COUNTRY_OFFSETS[node.country] ?? 0) * 3600
}

/** Adds `scale · e^{i·phase} · turn` at frequency `k` of channel `channel` in `into`. */
function addWave(into: Float64Array, channel: number, k: number, scale: number, phase: number, turn: Complex = [1, 0]) {
  const at = channel * WIDTH + 1 + 2 * k
  const re = scale * Math.cos(phase)
  const im = scale * Math.sin(phase)
  into[at] = (into[at] ?? 0) + re * turn[0] - im * turn[1]
  into[at + 1] = (into[at + 1] ?? 0) + re * turn[1] + im * turn[0]
}
function addConstant(into: Float64Array, channel: number, value: number) {
  const at = channel * WIDTH
  into[at] = (into[at] ?? 0) + value
}

type Complex = [re: number, im: number]
/**
 * The nodes of a group as a website sees them: the share of its traffic they serve, and their local
 * times folded in (`Σ share · e^{i·ω·offset}` for the day and its harmonic), so that one call adds the
 * traffic of any number of nodes.
 */
type Reach = { share: number; day: Complex; day2: Complex }

/**
 * Adds the part of a website's traffic that a group of nodes serves to the group's coefficients. The
 * diurnal waves peak at the website's peak hour in each node's local time.
 */
function addTraffic(into: Float64Array, profile: Profile, reach: Reach) {
  const base = reach.share * profile.base
  const peak = -(TAU * profile.peakHour) / 24
  // The served rate's own waves, then every channel that follows it in proportion.
  const served = new Float64Array(WIDTH)
  served[0] = base
  addWave(served, 0, DIURNAL, profile.base * profile.diurnal, peak, reach.day)
  addWave(served, 0, SHOULDER, profile.base * profile.shoulder, -(2 * TAU * profile.shoulderHour) / 24, reach.day2)
  addWave(served, 0, WEEKLY, base * profile.weekly, profile.weeklyPhase)
  for (const { k, amplitude, phase } of profile.weather) addWave(served, 0, k, base * amplitude, phase)
  const follow = (channel: Channel, factor: number) => {
    for (let i = 0; i < WIDTH; i += 1)
      into[CH[channel] * WIDTH + i] = (into[CH[channel] * WIDTH + i] ?? 0) + factor * (served[i] ?? 0)
  }
  follow('served', 1)
  follow('bytes', profile.bytesPerRequest)
  follow('s3', profile.share3xx)
  follow('s4', profile.share4xx)
  follow('s5', profile.share5xx)
  // Misses follow the traffic and drift on their own a little (within ±10 % of the mean miss rate, so
  // 0 <= misses <= served always holds); origin latency rises with the evening load.
  follow('misses', profile.miss)
  addWave(into, CH.misses, W2, 0.1 * profile.miss * base, profile.missPhase)
  const latency = (channel: Channel, ms: number) => {
    follow(channel, profile.miss * ms)
    addWave(into, CH[channel], W2, 0.1 * profile.miss * base * ms, profile.missPhase)
    addWave(into, CH[channel], DIURNAL, 0.04 * profile.miss * profile.base * ms, peak, reach.day)
  }
  latency('lat50', profile.latencyP50)
  latency('lat95', profile.latencyP50 * profile.latencyTail)
  // Attacks come in waves of their own, unrelated to the audience's day.
  const attacks: [Channel, number, number, number][] = [
    ['waf', profile.waf, 0, 1],
    ['challenged', profile.challenged, 2, 3],
    ['limited', profile.limited, 4, 5],
  ]
  for (const [channel, rate, first, second] of attacks) {
    addConstant(into, CH[channel], base * rate)
    addWave(into, CH[channel], ATTACK1, 0.5 * base * rate, profile.attackPhases[first] ?? 0)
    addWave(into, CH[channel], ATTACK2, 0.4 * base * rate, profile.attackPhases[second] ?? 0)
  }
}

/** Each node's share of a website's traffic: its weight, times an affinity drawn from both names. */
function sharesOf(website: string, nodes: readonly TrafficNode[]): number[] {
  const raw = nodes.map((node) => {
    const affinity = 0.15 + prng(stableHash(`share:${website}|${node.name}`))()
    return Math.max(1, node.weight) * affinity * affinity
  })
  const sum = raw.reduce((total, value) => total + value, 0)
  return raw.map((value) => value / sum)
}

/** Integrals of every channel of `coefficients` between consecutive boundaries (seconds). */
function integrate(coefficients: Float64Array, boundaries: Float64Array, waves: Float64Array): Float64Array[] {
  const buckets = boundaries.length - 1
  const out = CHANNELS.map(() => new Float64Array(buckets))
  const origin = boundaries[0] ?? 0
  for (let c = 0; c < CHANNELS.length; c += 1) {
    const row = c * WIDTH
    const c0 = coefficients[row] ?? 0
    let previous = 0
    for (let b = 0; b <= buckets; b += 1) {
      // The antiderivative at boundary b: c0·t + Σ Re(C_k · e^{iω_k t} / (iω_k)).
      let value = c0 * ((boundaries[b] ?? 0) - origin)
      const at = b * 2 * K
      for (let k = 0; k < K; k += 1) {
        value +=
          (coefficients[row + 1 + 2 * k] ?? 0) * (waves[at + 2 * k] ?? 0) -
          (coefficients[row + 2 + 2 * k] ?? 0) * (waves[at + 2 * k + 1] ?? 0)
      }
      if (b > 0) (out[c] as Float64Array)[b - 1] = value - previous
      previous = value
    }
  }
  return out
}

/** `e^{iω_k t} / (iω_k)` at every boundary, shared by every group and channel. */
function wavesAt(boundaries: Float64Array): Float64Array {
  const waves = new Float64Array(boundaries.length * 2 * K)
  boundaries.forEach((t, b) => {
    FREQUENCIES.forEach((omega, k) => {
      const angle = omega * t
      waves[b * 2 * K + 2 * k] = Math.sin(angle) / omega
      waves[b * 2 * K + 2 * k + 1] = -Math.cos(angle) / omega
    })
  })
  return waves
}

/** A bucket's (or a range's) channel sums turned into the metrics asked for. */
function metricsOf(sums: Record<Channel, number>, metrics: readonly StatsMetric[]): StatsValues {
  const security = Math.round(sums.waf) + Math.round(sums.challenged) + Math.round(sums.limited)
  const s3 = Math.round(sums.s3)
  const s4 = Math.round(sums.s4) + security
  const s5 = Math.round(sums.s5)
  const requests = Math.round(sums.served) + security
  return pick(
    {
      requests,
      bytes_out: Math.round(sums.bytes),
      hit_ratio: requests > 0 ? round(1 - sums.misses / (sums.served + security), 4) : null,
      status_2xx: Math.max(0, requests - s3 - s4 - s5),
      status_3xx: s3,
      status_4xx: s4,
      status_5xx: s5,
      origin_latency_p50: sums.misses > 0 ? round(sums.lat50 / sums.misses, 1) : null,
      origin_latency_p95: sums.misses > 0 ? round(sums.lat95 / sums.misses, 1) : null,
      waf_blocked: Math.round(sums.waf),
      challenged: Math.round(sums.challenged),
      rate_limited: Math.round(sums.limited),
    },
    metrics,
  )
}

/** The metrics asked for, in their order. */
function pick(all: StatsValues, metrics: readonly StatsMetric[]): StatsValues {
  const values: StatsValues = {}
  for (const metric of metrics) values[metric] = all[metric] ?? null
  return values
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits

const ADDITIVE: readonly StatsMetric[] = [
  'requests',
  'bytes_out',
  'status_2xx',
  'status_3xx',
  'status_4xx',
  'status_5xx',
  'waf_blocked',
  'challenged',
  'rate_limited',
]

/** At most this many series: the largest groups by requests, and the rest summed up as `other`. */
export const MAX_GROUPS = 12
export const OTHER_GROUP = 'other'
const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const

export type TrafficQuery = {
  plan: StatsPlan
  metrics: readonly StatsMetric[]
  groupBy?: StatsGroup
  websites: readonly TrafficWebsite[]
  nodes: readonly TrafficNode[]
  /** Buckets that have not ended by then are left out: a reported number never changes. */
  now: number
  /**
   * What agent nodes counted (issue 24), by group and bucket: added to the model's traffic, which then
   * covers `nodes` alone (none at all when every node is an agent node).
   */
  measured?: ReadonlyMap<string, ReadonlyMap<number, MeasuredTraffic>>
}

/** One bucket of a group as agent nodes counted it (latencies already read from their histogram). */
export type MeasuredTraffic = {
  requests: number
  bytes_out: number
  misses: number
  passes: number
  status_3xx: number
  status_4xx: number
  status_5xx: number
  rate_limited: number
  origin_latency_p50: number | null
  origin_latency_p95: number | null
}

/**
 * Measured counts as the model's channels: what the edge answered without the origin counts as served
 * from it (the hit ratio is 1 − origin fetches ÷ requests), rate-limited requests are the security
 * events the model adds to requests and 4xx, and a latency is weighted by the origin fetches.
 */
function channelsOf(counts: MeasuredTraffic): Record<Channel, number> {
  const fetches = counts.misses + counts.passes
  return {
    served: counts.requests - counts.rate_limited,
    bytes: counts.bytes_out,
    misses: fetches,
    s3: counts.status_3xx,
    s4: counts.status_4xx - counts.rate_limited,
    s5: counts.status_5xx,
    waf: 0,
    challenged: 0,
    limited: counts.rate_limited,
    lat50: (counts.origin_latency_p50 ?? 0) * fetches,
    lat95: (counts.origin_latency_p95 ?? 0) * fetches,
  }
}

/** Adds the measured groups to the model's, then keeps the MAX_GROUPS largest again (the rest as other). */
function withMeasured(
  integrated: { group: string; sums: Float64Array[] }[],
  measured: ReadonlyMap<string, ReadonlyMap<number, MeasuredTraffic>>,
  ended: number,
): { group: string; sums: Float64Array[] }[] {
  if (measured.size === 0) return integrated
  const byGroup = new Map(integrated.map((entry) => [entry.group, entry]))
  for (const [group, buckets] of measured) {
    let entry = byGroup.get(group)
    if (!entry) {
      entry = { group, sums: CHANNELS.map(() => new Float64Array(ended)) }
      byGroup.set(group, entry)
    }
    for (const [b, counts] of buckets) {
      if (b < 0 || b >= ended) continue
      const channels = channelsOf(counts)
      CHANNELS.forEach((name, c) => {
        const sums = entry.sums[c] as Float64Array
        sums[b] = (sums[b] ?? 0) + channels[name]
      })
    }
  }
  // An empty model group (no simulated node) beside measured ones says nothing.
  const entries = [...byGroup.values()].filter(
    (entry) => byGroup.size === 1 || entry.sums[CH.served]?.some((value) => value !== 0) || measured.has(entry.group),
  )
  if (entries.length === 0) return integrated
  if (entries.length <= MAX_GROUPS) return entries
  const volume = (entry: { sums: Float64Array[] }) => entry.sums[CH.served]?.reduce((sum, value) => sum + value, 0) ?? 0
  const ordered = entries
    .filter((entry) => entry.group !== OTHER_GROUP)
    .sort((a, b) => volume(b) - volume(a) || a.group.localeCompare(b.group))
  const other = byGroup.get(OTHER_GROUP) ?? { group: OTHER_GROUP, sums: CHANNELS.map(() => new Float64Array(ended)) }
  for (const entry of ordered.slice(MAX_GROUPS - 1))
    entry.sums.forEach((sums, c) => {
      sums.forEach((value, b) => {
        const into = other.sums[c] as Float64Array
        into[b] = (into[b] ?? 0) + value
      })
    })
  return [...ordered.slice(0, MAX_GROUPS - 1), other]
}

/** How many of the plan's buckets have ended by `now`: the others are left out, so a number never changes. */
export function endedBuckets(plan: StatsPlan, now: number): number {
  return Math.max(0, Math.min(plan.points, Math.floor((now - plan.start) / (plan.seconds * 1000))))
}

/** The series a website's traffic through a node counts in, grouped by `groupBy` ('' without grouping). */
export function groupKey(groupBy: StatsGroup | undefined, website: string, node: TrafficNode): string {
  switch (groupBy) {
    case 'website':
      return website
    case 'pop':
      return node.pop
    case 'country':
      return node.country
    default:
      return ''
  }
}

/** The statistics of a query: a pure function of the websites, the fleet, the plan and the clock. */
export function trafficStats(query: TrafficQuery): StatsResult {
  const { plan, metrics } = query
  const bucketMs = plan.seconds * 1000
  const ended = endedBuckets(plan, query.now)
  const boundaries = new Float64Array(ended + 1).map((_, b) => (plan.start + b * bucketMs) / 1000)
  const waves = wavesAt(boundaries)
  // No node at all: the model's one imaginary node. Only agent nodes: no model traffic.
  const nodes =
    query.nodes.length > 0 || query.measured ? query.nodes : [{ name: 'edge', pop: 'edge', country: 'zz', weight: 1 }]

  const keyOf = (website: string, node: TrafficNode) => groupKey(query.groupBy, website, node)
  const offsets = nodes.map(offsetOf)
  const groups = new Map<string, Float64Array>()
  for (const website of query.websites) {
    const profile = profileOf(website.name)
    const shares = sharesOf(website.name, nodes)
    const reaches = new Map<string, Reach>()
    nodes.forEach((node, n) => {
      const key = keyOf(website.name, node)
      const reach = reaches.get(key) ?? { share: 0, day: [0, 0], day2: [0, 0] }
      const share = shares[n] ?? 0
      const angle = OMEGA_DAY * (offsets[n] ?? 0)
      reach.share += share
      reach.day = [reach.day[0] + share * Math.cos(angle), reach.day[1] + share * Math.sin(angle)]
      reach.day2 = [reach.day2[0] + share * Math.cos(2 * angle), reach.day2[1] + share * Math.sin(2 * angle)]
      reaches.set(key, reach)
    })
    for (const [key, reach] of reaches) {
      let into = groups.get(key)
      if (!into) {
        into = new Float64Array(CHANNELS.length * WIDTH)
        groups.set(key, into)
      }
      addTraffic(into, profile, reach)
    }
  }
  if (groups.size === 0) groups.set('', new Float64Array(CHANNELS.length * WIDTH))

  const ranked = rankGroups(groups, plan, boundaries)
  const integrated = withMeasured(
    ranked.map(([group, coefficients]) => ({ group, sums: integrate(coefficients, boundaries, waves) })),
    query.measured ?? new Map(),
    ended,
  )
  const parts: Part[] = query.groupBy === 'status_class' ? byStatusClass(integrated[0]?.sums ?? []) : integrated
  const tsOf = (b: number) => new Date(plan.start + b * bucketMs).toISOString()
  const rangeSums = CHANNELS.map(() => 0)
  const totals: StatsValues = Object.fromEntries(
    metrics.filter((metric) => ADDITIVE.includes(metric)).map((metric) => [metric, 0]),
  )
  const additive = metrics.filter((metric) => ADDITIVE.includes(metric))
  const series: StatsSeries[] = parts.map(({ group, sums, only }) => {
    const bucket = {} as Record<Channel, number>
    const points = Array.from({ length: ended }, (_, b) => {
      CHANNELS.forEach((name, c) => {
        bucket[name] = sums[c]?.[b] ?? 0
      })
      const values = only ? pick(only(bucket), metrics) : metricsOf(bucket, metrics)
      for (const metric of additive) totals[metric] = (totals[metric] ?? 0) + (values[metric] ?? 0)
      return { ts: tsOf(b), values }
    })
    CHANNELS.forEach((_, c) => {
      rangeSums[c] = (rangeSums[c] ?? 0) + (sums[c]?.reduce((total, value) => total + value, 0) ?? 0)
    })
    return group === '' ? { points } : { group, points }
  })
  // Ratios over the whole range weigh every bucket by its traffic, as the points do.
  const range = Object.fromEntries(CHANNELS.map((name, c) => [name, rangeSums[c] ?? 0])) as Record<Channel, number>
  const ratios = metricsOf(query.groupBy === 'status_class' ? sumOf(integrated[0]?.sums ?? []) : range, metrics)
  for (const metric of metrics) if (!ADDITIVE.includes(metric)) totals[metric] = ratios[metric] ?? null
  return { granularity: plan.granularity, series, totals }
}

/** A series to report: its channel sums a bucket, and for a status class how its values are read. */
type Part = { group: string; sums: Float64Array[]; only?: (bucket: Record<Channel, number>) => StatsValues }

function sumOf(sums: Float64Array[]): Record<Channel, number> {
  return Object.fromEntries(
    CHANNELS.map((name, c) => [name, sums[c]?.reduce((total, value) => total + value, 0) ?? 0]),
  ) as Record<Channel, number>
}

/**
 * The groups, largest first by requests over the range, the name breaking ties; beyond MAX_GROUPS the
 * smallest are summed into `other` (a sum of such rates is one).
 */
function rankGroups(groups: Map<string, Float64Array>, plan: StatsPlan, boundaries: Float64Array) {
  if (groups.size === 1) return [...groups]
  const span = new Float64Array([plan.start / 1000, boundaries.at(-1) ?? plan.start / 1000])
  const spanWaves = wavesAt(span)
  const volume = (coefficients: Float64Array) => integrate(coefficients, span, spanWaves)[CH.served]?.[0] ?? 0
  const ordered = [...groups]
    .map(([group, coefficients]) => ({ group, coefficients, volume: volume(coefficients) }))
    .sort((a, b) => b.volume - a.volume || a.group.localeCompare(b.group))
  if (ordered.length <= MAX_GROUPS) return ordered.map(({ group, coefficients }) => [group, coefficients] as const)
  const kept = ordered.slice(0, MAX_GROUPS - 1).map(({ group, coefficients }) => [group, coefficients] as const)
  const other = new Float64Array(CHANNELS.length * WIDTH)
  for (const { coefficients } of ordered.slice(MAX_GROUPS - 1))
    coefficients.forEach((value, i) => {
      other[i] = (other[i] ?? 0) + value
    })
  return [...kept, [OTHER_GROUP, other] as const]
}

/**
 * Grouped by status class, each class's series counts its own requests; bytes follow its share of the
 * requests, the security events are 4xx answers (403, 429), and the hit ratio and latencies are the
 * whole traffic's (a class has no cache or origin of its own).
 */
function byStatusClass(sums: Float64Array[]) {
  return STATUS_CLASSES.map((group) => ({
    group,
    sums,
    only: (bucket: Record<Channel, number>): StatsValues => {
      const all = metricsOf(bucket, [...ADDITIVE, 'hit_ratio', 'origin_latency_p50', 'origin_latency_p95'])
      const own = all[`status_${group}`] ?? 0
      const requests = all.requests ?? 0
      const security = group === '4xx'
      return {
        requests: own,
        bytes_out: requests > 0 ? Math.round(((all.bytes_out ?? 0) * own) / requests) : 0,
        hit_ratio: all.hit_ratio ?? null,
        status_2xx: group === '2xx' ? own : 0,
        status_3xx: group === '3xx' ? own : 0,
        status_4xx: group === '4xx' ? own : 0,
        status_5xx: group === '5xx' ? own : 0,
        origin_latency_p50: all.origin_latency_p50 ?? null,
        origin_latency_p95: all.origin_latency_p95 ?? null,
        waf_blocked: security ? (all.waf_blocked ?? 0) : 0,
        challenged: security ? (all.challenged ?? 0) : 0,
        rate_limited: security ? (all.rate_limited ?? 0) : 0,
      }
    },
  }))
}
