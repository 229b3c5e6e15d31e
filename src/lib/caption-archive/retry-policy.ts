/** Which failed caption requests are worth another try, and when (docs/decisions/0075-bulk-request-pool.md). */
import { ApiError } from '#lib/paid-fetch.ts'
import type { RetryDecision } from './run-pool.ts'

/**
 * Failures that were never charged and may pass later: no connection, the function's own storage down, the service
 * unreachable, a rate limit at the door. A charged failure (a 5xx, a time-out, a body that broke the contract) is
 * never retried by itself: a retry would pay again for what most likely fails again (docs/decisions/0126).
 */
const RETRIED_BY_ITSELF: ReadonlySet<string> = new Set([
  'network_error',
  'storage_unavailable',
  'upstream_unreachable',
  'rate_limited',
])

/** Signed out, forbidden, budget or balance exhausted: every further request would fail the same way. */
const HALTING_STATUSES: ReadonlySet<number> = new Set([401, 402, 403])

export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.costUsd > 0) return false
  return RETRIED_BY_ITSELF.has(error.code) || error.status === 429
}

export function haltsTheRun(error: unknown): boolean {
  return error instanceof ApiError && HALTING_STATUSES.has(error.status)
}

export type BackoffOptions = {
  /** First wait; doubled after each failed attempt. */
  baseDelayMs?: number
  /** No wait is longer, whatever Retry-After asks (the function's rate window is a minute). */
  maxDelayMs?: number
  /** Up to +25% jitter so parallel workers do not retry in step; injectable for tests. */
  random?: () => number
}

/** 429 waits as long as Retry-After says and pauses every worker; uncharged outages back off 1 s, 2 s, 4 s…; nothing charged. */
export function captionRetryPolicy({
  baseDelayMs = 1000,
  maxDelayMs = 60_000,
  random = Math.random,
}: BackoffOptions = {}) {
  return (error: unknown, attempt: number): RetryDecision => {
    if (!isTransient(error)) return { retry: false }
    const exponential = baseDelayMs * 2 ** (attempt - 1)
    if (error instanceof ApiError && error.status === 429) {
      const asked = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : exponential
      return { retry: true, delayMs: Math.min(maxDelayMs, asked), pauseAll: true }
    }
    return { retry: true, delayMs: Math.min(maxDelayMs, Math.round(exponential * (1 + 0.25 * random()))) }
  }
}
