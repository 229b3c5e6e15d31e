/** The cache step: a stored answer (or cached refusal) is served for free and counted as a hit. */
import { orUnavailable } from '../db/storage-failure.ts'
import type { PaidResult } from '../gateway.ts'
import { freeResult, sharedOf } from './free-answer.ts'
import type { HitTallies } from './hit-tallies.ts'
import type { Price } from './price.ts'
import type { Cached, ResponseCache } from './response-cache.ts'
import type { Operation } from '#contract/index.ts'

/** The entry cached under key, if any; a database that fails is 503 storage_unavailable. */
export const lookUp = (cache: ResponseCache, key: string): Promise<Cached | undefined> =>
  orUnavailable(() => cache.get(key))

/** Answers from a cache entry: what it saved (the price) is tallied as a hit. */
export function serveHit(hits: HitTallies, operation: Operation, price: Price, cached: Cached): PaidResult {
  hits.count(operation, price.micro)
  return freeResult(sharedOf(cached))
}
