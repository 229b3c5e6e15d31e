/** Fault injection: tests make the simulated service slow, wrong or broken, one rule at a time. */
import type { Context, Next } from 'hono'
import {
  balanceResponse,
  forbiddenResponse,
  messageResponse,
  rateLimitResponse,
  serverErrorResponse,
} from './errors.ts'

export const FAULT_KINDS = [
  'latency',
  'status',
  'timeout',
  'malformed-json',
  'schema-break',
  'rate-limit',
  'forbidden',
  'balance',
  'reset',
  'expired-token',
] as const
type FaultKind = (typeof FAULT_KINDS)[number]

export type FaultRule = {
  /** Path prefix the rule applies to (`/search`, `/captions/`); every operation when omitted. */
  path?: string
  kind: FaultKind
  /** `status`: the status to answer (default 500); `balance`: 402 by default, 403 is the other plausible one. */
  status?: number
  /** `latency`: delay before the normal answer (default 1000 ms). */
  ms?: number
  /**
   * `latency`: the answer is worked out as the request arrives and sent when the delay ends, like a service across a
   * network whose machines work in parallel (the benchmarks); by default it is worked out after the delay.
   */
  workDuringDelay?: boolean
  /** `rate-limit`: Retry-After seconds (default 30). */
  retryAfter?: number
  /** How many requests the rule affects before it clears itself; forever when omitted. */
  times?: number
}

export type Faults = {
  /** Replaces the current rule. */
  set(rule: FaultRule): void
  clear(): void
  current(): FaultRule | undefined
}

export type FaultController = Faults & {
  /** The rule for this request, counting it against `times`; `expired-token` only hits requests that carry a pageToken. */
  take(pathname: string, hasPageToken: boolean): FaultRule | undefined
}

export function createFaults(): FaultController {
  let rule: FaultRule | undefined
  let left = Infinity
  return {
    set(next) {
      rule = { ...next }
      left = next.times ?? Infinity
    },
    clear() {
      rule = undefined
    },
    current: () => (rule ? { ...rule } : undefined),
    take(pathname, hasPageToken) {
      if (!rule || (rule.path && !pathname.startsWith(rule.path))) return undefined
      if (rule.kind === 'expired-token' && !hasPageToken) return undefined
      const taken = rule
      if (--left <= 0) rule = undefined
      return taken
    },
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/** Settles only when the request is aborted (the caller's timeout or disconnect), then fails like a dropped request. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) return reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
}

/** Fields whose absence breaks the contract's schemas for every JSON operation. */
const REQUIRED_FIELDS = [
  'videoId',
  'id',
  'title',
  'text',
  'offset',
  'languageCode',
  'textDisplay',
  'textOriginal',
]

function stripRequired(value: unknown): unknown {
  const strip = (item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item
    return Object.fromEntries(Object.entries(item).filter(([k]) => !REQUIRED_FIELDS.includes(k)))
  }
  if (Array.isArray(value)) return value.map(strip)
  if (value && typeof value === 'object' && 'data' in value) {
    const data = (value as { data: unknown }).data
    return { ...value, data: Array.isArray(data) ? data.map(strip) : data }
  }
  return value
}

/** A body that starts well and then the connection drops. */
function resetBody(body: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(body)
  const half = bytes.slice(0, Math.max(1, Math.floor(bytes.length / 2)))
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(half)
      controller.error(new Error('ECONNRESET: connection reset by peer'))
    },
  })
}

/** Answers the request as the rule says; `next` runs the real operation when the fault needs its answer. */
export async function applyFault(rule: FaultRule, c: Context, next: Next): Promise<Response> {
  const signal = c.req.raw.signal
  switch (rule.kind) {
    case 'latency': {
      const delay = sleep(rule.ms ?? 1000, signal)
      if (rule.workDuringDelay) {
        delay.catch(() => undefined) // awaited below, after the work
        await next()
        await delay
      } else {
        await delay
        await next()
      }
      return c.res
    }
    case 'status':
      return serverErrorResponse(rule.status ?? 500)
    case 'timeout':
      return untilAborted(signal)
    case 'malformed-json':
      return new Response('{"data":[{"videoId":"dQw4w9WgXcQ","title":"Never gonna give', {
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      })
    case 'schema-break': {
      await next()
      const res = c.res
      if (!res.headers.get('Content-Type')?.includes('json') || !res.ok) return res
      return new Response(JSON.stringify(stripRequired(await res.json())), {
        status: res.status,
        headers: res.headers,
      })
    }
    case 'rate-limit':
      return rateLimitResponse(rule.retryAfter ?? 30)
    case 'forbidden':
      return forbiddenResponse('The API token is invalid or has been revoked.')
    case 'balance':
      return balanceResponse(rule.status ?? 402)
    case 'reset': {
      await next()
      const res = c.res
      const headers = new Headers(res.headers)
      headers.delete('Content-Length')
      return new Response(resetBody(await res.text()), { status: res.status, headers })
    }
    case 'expired-token':
      return messageResponse(400, 'pageToken has expired; request the first page again.')
  }
}
