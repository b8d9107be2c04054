/** The part of autocannon 8's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  /** hdr-histogram-percentiles-obj: latencies in ms, request counts per second. */
  export type Histogram = {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    sent?: number
    totalCount?: number
    p0_001: number
    p0_01: number
    p0_1: number
    p1: number
    p2_5: number
    p10: number
    p25: number
    p50: number
    p75: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
    p99_99: number
    p99_999: number
  }

  export type RawRequest = {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
  }

  export type RequestSpec = RawRequest & {
    /** Called before each send; returns the request to send (a falsy value restarts the sequence). */
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest | null | undefined
  }

  export type Options = {
    url: string
    title?: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    pipelining?: number
    method?: string
    headers?: Record<string, string>
    requests?: RequestSpec[]
    warmup?: { connections?: number; duration?: number }
    renderProgressBar?: boolean
    renderResultsTable?: boolean
    renderLatencyTable?: boolean
  }

  export type Result = {
    title?: string
    url: string
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
    resets: number
    '1xx': number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    statusCodeStats: Record<string, { count: number }>
    connections: number
    pipelining: number
    start: Date
    finish: Date
    warmup?: Result
  }

  export type Instance = import('node:events').EventEmitter & PromiseLike<Result>

  function autocannon(options: Options): Instance
  export default autocannon
}
