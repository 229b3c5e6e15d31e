/**
 * Store and settle, after the call: the outcome is remembered in memory and shared with the flight first, then the
 * cache row and the ledger row are written in one transaction before the answer goes out. A failure the service
 * may have billed stays charged and is never retried; only "captions unavailable" is cached. docs/decisions/0120.
 */
import { CAPTIONS_UNAVAILABLE, type CacheTtls } from '../config/cache-ttl.ts'
import type { ApiFailure } from '../errors.ts'
import type { PaidCall, PaidResult } from '../gateway.ts'
import type { Budget } from './budget.ts'
import type { CaptionDefaults } from './caption-default-language.ts'
import { cacheKeyOf, normaliseCall, type NormalisedCall } from './cache-key.ts'
import type { Checked } from './contract-check.ts'
import type { Ledger } from './ledger.ts'
import type { Price } from './price.ts'
import { isCharged, PricedFailure } from './priced-failure.ts'
import { encodeEntry, type NewEntry, type ResponseCache } from './response-cache.ts'
import type { Settlements } from './settlements.ts'
import type { Flight } from './single-flight.ts'

export type SettleDeps = {
  cache: Pick<ResponseCache, 'remember' | 'store' | 'storeStatement' | 'copy'>
  ledger: Pick<Ledger, 'settle' | 'settleStatement'>
  budget: Pick<Budget, 'release'>
  ttl: CacheTtls
  captionDefaults?: Pick<CaptionDefaults, 'learn' | 'remember'>
  settlements: Pick<Settlements, 'settle' | 'settleAtOnce'>
}

/** The paid call being settled: its claim (ledger row), key and price, and the flight that shares its outcome. */
export type Claimed = { id: string; key: string; n: NormalisedCall; price: Price; flight: Flight }

/** Stores a checked answer (under the canonical question too, when it tells a track's language) and settles it as charged. */
export async function storeAndSettle(
  deps: SettleDeps,
  paid: Claimed,
  call: PaidCall,
  { answer, json }: Extract<Checked, { answer: unknown }>,
): Promise<PaidResult> {
  const { cache, ledger, ttl, captionDefaults, settlements } = deps
  const { id, key, n, price, flight } = paid
  const entry: NewEntry = {
    kind: 'answer',
    body: answer.body,
    contentType: answer.contentType,
    bytes: answer.bytes,
  }
  cache.remember(key, entry, ttl[n.operation])
  // A track asked without lang is also the answer to the question with its language written out.
  const learned = captionDefaults?.learn(call, answer.body, json)
  const canonicalKey = learned && cacheKeyOf(normaliseCall(learned.canonical))
  if (canonicalKey) cache.remember(canonicalKey, entry, ttl[n.operation])
  flight.share({ answer }) // the memory cache already answers newcomers
  // Deflated before the transaction, on the thread pool: the settlement holds the database only to write.
  const stored = await encodeEntry(entry)
  const settlement = {
    state: 'charged' as const,
    costMicro: price.micro,
    httpStatus: 200,
    bytes: answer.bytes,
    joined: flight.joined,
  }
  // What was paid is settled before the answer goes out (its pending row was written before the call left).
  if (learned && canonicalKey) {
    await settlements.settle(id, async (tx) => {
      await cache.store(tx, key, n.operation, stored, ttl[n.operation])
      await cache.copy(tx, key, canonicalKey)
      await captionDefaults!.remember(tx, learned)
      await ledger.settle(tx, id, settlement)
    })
  } else {
    // The cache row and the ledger row in one statement: atomic without a transaction around it.
    const store = cache.storeStatement(key, n.operation, stored, ttl[n.operation])
    const settle = ledger.settleStatement(id, settlement, (store?.params.length ?? 0) + 1)
    await settlements.settleAtOnce(
      id,
      store
        ? { sql: `WITH stored AS (${store.sql}) ${settle.sql}`, params: [...store.params, ...settle.params] }
        : settle,
    )
  }
  return { body: answer.body, contentType: answer.contentType, costUsd: price.usd, cache: 'MISS', json }
}

/** Settles a failed call (charged, or its reservation released) and throws it with what it cost. */
export async function settleFailure(deps: SettleDeps, paid: Claimed, failure: ApiFailure): Promise<never> {
  const { cache, ledger, budget, ttl, settlements } = deps
  const { id, key, n, price, flight } = paid
  const charged = isCharged(failure)
  const cacheable = failure.code === 'captions_unavailable' && ttl[CAPTIONS_UNAVAILABLE] > 0
  const entry: NewEntry = {
    kind: 'failure',
    status: failure.status,
    code: failure.code,
    message: failure.message,
    param: failure.param,
  }
  if (cacheable) cache.remember(key, entry, ttl[CAPTIONS_UNAVAILABLE])
  flight.share({ failure, cacheable })
  const stored = await encodeEntry(entry)
  await settlements.settle(id, async (tx) => {
    if (cacheable) await cache.store(tx, key, n.operation, stored, ttl[CAPTIONS_UNAVAILABLE])
    const settled = await ledger.settle(tx, id, {
      state: charged ? 'charged_failure' : 'free_failure',
      costMicro: charged ? price.micro : 0,
      httpStatus: failure.status,
      code: failure.code,
      message: failure.message,
      param: failure.param,
      retryAfterSeconds: failure.retryAfterSeconds,
      bytes: 0,
      joined: flight.joined,
    })
    // Once only: a settlement written twice (its first commit's answer was lost), or reconciled by hand, gives nothing back.
    if (settled && !charged) await budget.release(tx, price.micro)
  })
  throw new PricedFailure(failure, charged ? price.usd : 0, 'MISS')
}
