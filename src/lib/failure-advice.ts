/** What a failed request means for retrying it (docs/decisions/0138-retries-that-cannot-help.md). */
import { ApiError } from './paid-fetch.ts'

export type FailureAdvice =
  /** Refused at the door: retrying helps once Retry-After has passed. */
  | { kind: 'wait'; seconds: number }
  /** The dashboard's own budget cap (BUDGET_USD) is used up: no retry can pass until it is raised. */
  | { kind: 'budget' }
  /** The service's prepaid balance is used up: funds must be added at the service. */
  | { kind: 'balance' }
  /** The answer broke the data contract: the same request would very likely break the same way. */
  | { kind: 'contract' }
  | { kind: 'other' }

/** When the service gives no Retry-After with a 429, wait this long before offering Retry. */
export const DEFAULT_WAIT_SECONDS = 10

export function adviseOn(error: unknown): FailureAdvice {
  if (!(error instanceof ApiError)) return { kind: 'other' }
  if (error.status === 429 || error.code === 'rate_limited')
    return { kind: 'wait', seconds: Math.max(0, Math.ceil(error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS)) }
  if (error.code === 'budget_exhausted') return { kind: 'budget' }
  if (error.code === 'balance_exhausted' || error.status === 402) return { kind: 'balance' }
  if (error.code === 'upstream_invalid' || error.code === 'invalid_response') return { kind: 'contract' }
  return { kind: 'other' }
}

/** Whole seconds left until `untilMs` (never negative): "Retry in 3 s" reads 3 until the last second has passed. */
export function secondsLeft(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000))
}
