/**
 * autocannon with our own latency record: its histogram keeps whole milliseconds, too coarse for a 1 ms
 * request, so every response time (float ms from its 'response' event) is kept and ranked here.
 */
import autocannon, { type AutocannonRequest } from 'autocannon'
import { percentile } from './report.ts'

export type CannonRun = {
  connections: number
  seconds: number
  requests: number
  rps: number
  p50: number
  p99: number
  mean: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
  /** X-Cache values seen (HIT, MISS, none). */
  cache: Record<string, number>
}

export type CannonOptions = {
  url: string
  connections: number
  seconds: number
  headers?: Record<string, string>
  /** A new path for each request (distinct ones defeat the cache). */
  nextPath: () => string
  timeoutSeconds?: number
}

function headerOf(headers: Record<string, string | string[]>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name)
  const v = key === undefined ? undefined : headers[key]
  return Array.isArray(v) ? v[0] : v
}

export async function fire(opts: CannonOptions): Promise<CannonRun> {
  const latencies: number[] = []
  const cache: Record<string, number> = {}
  const request: AutocannonRequest = {
    setupRequest: (req) => ({ ...req, path: opts.nextPath() }),
    onResponse: (_status, _body, _ctx, headers) => {
      const c = headerOf(headers, 'x-cache') ?? 'none'
      cache[c] = (cache[c] ?? 0) + 1
    },
  }
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: opts.timeoutSeconds ?? 10,
    headers: opts.headers,
    requests: [request],
  })
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    latencies.push(responseTime),
  )
  const result = await instance
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([k, v]) => [k, Number(v.count)]),
  )
  return {
    connections: opts.connections,
    seconds: result.duration,
    requests: latencies.length,
    rps: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    mean: latencies.reduce((s, x) => s + x, 0) / Math.max(1, latencies.length),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    cache,
  }
}
