/** An error answer that still says what it cost, so X-Cost-USD and X-Cache are right on failures too (a charged 404, a cached one). */
import { ApiFailure, type ErrorCode } from '../errors.ts'

export class PricedFailure extends ApiFailure {
  readonly costUsd: number
  readonly cache: 'HIT' | 'MISS' | undefined
  constructor(failure: ApiFailure, costUsd: number, cache: 'HIT' | 'MISS' | undefined) {
    super(failure.status, failure.code, failure.message, {
      param: failure.param,
      retryAfterSeconds: failure.retryAfterSeconds,
      charged: failure.charged,
    })
    this.costUsd = costUsd
    this.cache = cache
  }
}

/**
 * The service does not document which failures it bills. Counted as charged: anything it may have served
 * (2xx that broke the contract, 4xx answers, 5xx, time-outs). Not charged: refusals at its door
 * (no balance, bad token, rate limit) and requests that never reached it. docs/decisions/0012.
 */
const NOT_CHARGED: ReadonlySet<ErrorCode> = new Set([
  'balance_exhausted',
  'upstream_auth',
  'rate_limited',
  'upstream_unreachable',
])

export const isCharged = (failure: ApiFailure): boolean => failure.charged ?? !NOT_CHARGED.has(failure.code)

/** A failure before the call left: nothing paid, nothing cached, and the same answer for the flight's joiners. */
export const refusal = (failure: ApiFailure): PricedFailure => new PricedFailure(failure, 0, undefined)
