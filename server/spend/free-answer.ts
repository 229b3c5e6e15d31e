/**
 * What a request that paid nothing is answered with: a cache entry, or the outcome of a flight it joined. Both are
 * answered like a hit (cost 0, `X-Cache: HIT`); a failure that is not cached carries no cache state.
 */
import { ApiFailure } from '../errors.ts'
import type { PaidResult } from '../gateway.ts'
import { PricedFailure } from './priced-failure.ts'
import type { Cached } from './response-cache.ts'

/** The outcome a flight shares with the requests that joined it. */
export type Shared =
  { answer: { body: string; contentType: string } } | { failure: ApiFailure; cacheable: boolean }

/** A cache entry as the outcome it records. */
export function sharedOf(entry: Cached): Shared {
  if (entry.kind === 'answer') return { answer: { body: entry.body, contentType: entry.contentType } }
  const failure = new ApiFailure(entry.status as 404, entry.code, entry.message, { param: entry.param })
  return { failure, cacheable: true }
}

/** The answer of a request that paid nothing for this outcome; a failure is thrown with cost 0. */
export function freeResult(shared: Shared): PaidResult {
  if ('answer' in shared)
    return { body: shared.answer.body, contentType: shared.answer.contentType, costUsd: 0, cache: 'HIT' }
  throw new PricedFailure(shared.failure, 0, shared.cacheable ? 'HIT' : undefined)
}
