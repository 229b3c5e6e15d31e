/** The part of autocannon 9's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export type RequestData = {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  export type AutocannonRequest = RequestData & {
    setupRequest?: (req: RequestData, context: Record<string, unknown>) => RequestData
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void
  }

  export type Histogram = {
    min: number
    max: number
    average: number
    stddev: number
    p50: number
    p90: number
    p99: number
    total: number
  }

  export type Result = {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
    '2xx': number
  }

  export type Options = {
    url: string
    connections?: number
    duration?: number
    timeout?: number
    pipelining?: number
    headers?: Record<string, string>
    requests?: AutocannonRequest[]
    excludeErrorStats?: boolean
  }

  export type Instance = EventEmitter & PromiseLike<Result> & { stop(): void }

  function autocannon(opts: Options): Instance
  export default autocannon
}
