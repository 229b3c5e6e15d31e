/**
 * The gateway routes pay through: cache → single flight → paid-call rate limit → claim (ledger row `pending` +
 * budget reservation, one transaction) → the service → contract check → settle (ledger row + cache row, one
 * transaction). A hit costs nothing; identical concurrent requests pay once, in this process (they join the
 * leader's promise) and across instances (one ledger row in flight per key; others wait for it to settle);
 * nothing leaves without a record, and a database that fails means no call (503). docs/decisions/0010, 0120.
 */
import { priceOf } from '#contract/index.ts'
import { StorageUnavailable, type Database, type Queryable } from '../db/database.ts'
import { ApiFailure } from '../errors.ts'
import type { RateLimiter } from '../security/rate-limiter.ts'
import type { UpstreamAnswer, UpstreamClient } from '../upstream/client.ts'
import { checkAgainstContract, type Gateway, type PaidCall, type PaidResult } from '../gateway.ts'
import type { Budget } from './budget.ts'
import type { CaptionDefaults } from './caption-default-language.ts'
import { cacheKeyOf, normaliseCall, type NormalisedCall } from './cache-key.ts'
import { CAPTIONS_UNAVAILABLE, type CacheTtls } from '../config/cache-ttl.ts'
import type { HitTallies } from './hit-tallies.ts'
import type { Ledger } from './ledger.ts'
import { toMicro } from './money.ts'
import { isCharged, PricedFailure } from './priced-failure.ts'
import { encodeEntry, type Cached, type NewEntry, type ResponseCache } from './response-cache.ts'
import { storageFailure } from '../db/storage-failure.ts'

export type SpendingGatewayOptions = {
  client: UpstreamClient
  db: Database
  cache: ResponseCache
  ledger: Ledger
  budget: Budget
  hits: HitTallies
  ttl: CacheTtls
  /** Captions asked without lang: resolved to the video's default language once known (decision 0128). */
  captionDefaults?: CaptionDefaults
  /** Limits paid calls (cache misses) per client; hits are never limited. */
  paidCallLimiter?: RateLimiter
  /** How long a claim holds before another instance may take it over (the upstream time-out and a margin). */
  leaseMs: number
  log?: (line: string) => void
}

type Shared = { answer: UpstreamAnswer } | { failure: ApiFailure; cacheable: boolean }
type Flight = { promise: Promise<Shared>; joined: number }

/** The leader was refused for a reason of its own (its client's rate limit): joiners try again themselves. */
class LeaderRefused extends Error {}
/** Another instance stored the answer between this one's look-up and its claim: the claim is rolled back. */
class FoundInCache extends Error {
  constructor(readonly entry: Cached) {
    super('found in cache')
  }
}
/** The call another instance was paying for ended without an answer to share: ask again. */
const AGAIN = Symbol('again')

export type SpendingGateway = Gateway & {
  /** Calls being paid right now in this process, with how many identical requests wait on each. */
  inFlight(): { joined: number }[]
  /** Writes batched bookkeeping: hit tallies, last-used times, settlements that failed to be written. */
  flush(): Promise<void>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A claim holds a service slot while it waits for the engine: it goes before queued work (decision 0180). */
const CLAIM = { urgent: true }

export function createSpendingGateway(opts: SpendingGatewayOptions): SpendingGateway {
  const { client, db, cache, ledger, budget, hits, ttl, paidCallLimiter, leaseMs, captionDefaults } = opts
  const log = opts.log ?? ((l: string) => console.error(l))
  const flights = new Map<string, Flight>()
  /** Settlements the database refused after the call was paid: their rows stay pending until one succeeds. */
  const unsettled: { id: string; write: (tx: Queryable) => Promise<void> }[] = []
  let evicting = false

  function serveHit(n: NormalisedCall, cached: Cached): PaidResult {
    hits.count(n.operation, toMicro(priceOf(n.operation)))
    if (cached.kind === 'failure')
      throw new PricedFailure(
        new ApiFailure(cached.status as 404, cached.code, cached.message, { param: cached.param }),
        0,
        'HIT',
      )
    return { body: cached.body, contentType: cached.contentType, costUsd: 0, cache: 'HIT' }
  }

  /** A request that shared a flight paid nothing: it is answered like a hit (docs/decisions/0010). */
  function fromShared(shared: Shared): PaidResult {
    if ('answer' in shared)
      return { body: shared.answer.body, contentType: shared.answer.contentType, costUsd: 0, cache: 'HIT' }
    throw new PricedFailure(shared.failure, 0, shared.cacheable ? 'HIT' : undefined)
  }

  /** Writes a settlement; when the database refuses, the row stays pending (counted as spent) and the write is retried later. */
  async function settleRecord(id: string, write: (tx: Queryable) => Promise<void>): Promise<void> {
    try {
      await db.transaction(write)
    } catch (e) {
      unsettled.push({ id, write })
      log(
        `[spend] ledger row ${id} stays pending for now: the database refused its settlement (${e instanceof Error ? e.message : String(e)}); it is retried.`,
      )
    }
    if (!evicting && cache.evictionDue()) {
      evicting = true
      void cache
        .evict()
        .catch((e: unknown) =>
          log(`[spend] cache eviction failed: ${e instanceof Error ? e.message : String(e)}`),
        )
        .finally(() => (evicting = false))
    }
  }

  /** Waits for the instance that holds the claim on key: its answer (through the cache) or its failure, else AGAIN. */
  async function waitForOther(key: string): Promise<Cached | ApiFailure | typeof AGAIN> {
    const id = await ledger.flightOf(key)
    const deadline = Date.now() + leaseMs
    for (let pause = 20; Date.now() < deadline; pause = Math.min(200, pause * 1.5)) {
      if (!id) break
      const state = await ledger.flight(id)
      if (!state || !state.inFlight) {
        const hit = await cache.get(key)
        if (hit) return hit
        if (state && state.state !== 'charged' && state.state !== 'pending' && state.code) {
          return new ApiFailure(
            state.httpStatus as 502,
            state.code,
            state.message ?? 'The data service call failed.',
            { param: state.param, retryAfterSeconds: state.retryAfterSeconds },
          )
        }
        return AGAIN
      }
      await sleep(pause)
    }
    return (await cache.get(key)) ?? AGAIN
  }

  async function lead(call: PaidCall, n: NormalisedCall, key: string): Promise<PaidResult | typeof AGAIN> {
    const priceUsd = priceOf(n.operation)
    const priceMicro = toMicro(priceUsd)
    let settle!: { resolve: (s: Shared) => void; reject: (e: unknown) => void }
    const flight: Flight = {
      promise: new Promise<Shared>((resolve, reject) => (settle = { resolve, reject })),
      joined: 0,
    }
    flight.promise.catch(() => undefined) // nobody may have joined: not an unhandled rejection
    flights.set(key, flight)
    const refuse = (failure: ApiFailure): never => {
      settle.resolve({ failure, cacheable: false })
      throw new PricedFailure(failure, 0, undefined)
    }
    let freeSlot = () => undefined as void
    try {
      try {
        await paidCallLimiter?.take(call.clientKey ?? 'local')
      } catch (e) {
        if (e instanceof StorageUnavailable) refuse(storageFailure(e))
        settle.reject(new LeaderRefused())
        throw e
      }
      const pausedFor = client.pausedForSeconds?.() ?? 0
      if (pausedFor > 0) {
        refuse(
          new ApiFailure(
            429,
            'rate_limited',
            `The data service asked this server to wait; retry in ${pausedFor} s. Nothing was paid.`,
            { retryAfterSeconds: pausedFor, charged: false },
          ),
        )
      }

      // Taken just before the ledger row (a row is written only for a call about to leave), given back once the
      // service has answered or nothing was asked of it: the settling overlaps other calls.
      freeSlot = (await call.upstreamSlot?.()) ?? freeSlot
      let id: string | undefined
      try {
        id = await db.transaction(async (tx) => {
          await call.beforeClaim?.(tx)
          const claimed = await ledger.claim(tx, n, key, priceMicro, leaseMs)
          if (!claimed) return undefined
          // Another instance may have stored the answer since our look-up; on the embedded engine this process is the only one.
          const stored = db.kind === 'postgres' ? await cache.find(tx, key) : undefined
          if (stored) throw new FoundInCache(stored)
          await budget.reserve(tx, n.operation, priceMicro)
          return claimed
        }, CLAIM)
      } catch (e) {
        if (e instanceof FoundInCache) {
          flights.delete(key)
          if (e.entry.kind === 'answer')
            settle.resolve({
              answer: {
                status: 200,
                body: e.entry.body,
                contentType: e.entry.contentType,
                bytes: e.entry.bytes,
              },
            })
          else
            settle.resolve({
              failure: new ApiFailure(e.entry.status as 404, e.entry.code, e.entry.message, {
                param: e.entry.param,
              }),
              cacheable: true,
            })
          return serveHit(n, e.entry)
        }
        if (e instanceof ApiFailure) refuse(e)
        if (e instanceof StorageUnavailable) refuse(storageFailure(e))
        throw e
      }

      if (id === undefined) {
        freeSlot()
        // Another instance is paying for this very call: wait for it rather than pay twice.
        const other = await waitForOther(key).catch((e: unknown) =>
          e instanceof StorageUnavailable ? storageFailure(e) : Promise.reject(e),
        )
        if (other === AGAIN) {
          settle.reject(new LeaderRefused())
          return AGAIN
        }
        if (other instanceof ApiFailure) refuse(other)
        const entry = other as Cached
        flights.delete(key)
        settle.resolve(
          entry.kind === 'answer'
            ? {
                answer: { status: 200, body: entry.body, contentType: entry.contentType, bytes: entry.bytes },
              }
            : {
                failure: new ApiFailure(entry.status as 404, entry.code, entry.message, {
                  param: entry.param,
                }),
                cacheable: true,
              },
        )
        return serveHit(n, entry)
      }
      const claimId = id

      let answer: UpstreamAnswer
      let json: unknown
      try {
        // No request signal: joiners share this call, and a finished answer is cached rather than wasted.
        try {
          answer = await client.request({ operation: n.operation, path: call.path, query: call.query })
        } finally {
          freeSlot()
        }
        json = checkAgainstContract(call, answer.body)
      } catch (e) {
        const failure =
          e instanceof ApiFailure
            ? e
            : new ApiFailure(
                502,
                'upstream_error',
                'The data service call failed unexpectedly. Retry in a moment.',
              )
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
        flights.delete(key)
        settle.resolve({ failure, cacheable })
        const stored = await encodeEntry(entry)
        await settleRecord(claimId, async (tx) => {
          if (!charged) await budget.release(tx, priceMicro)
          if (cacheable) await cache.store(tx, key, n.operation, stored, ttl[CAPTIONS_UNAVAILABLE])
          await ledger.settle(tx, claimId, {
            state: charged ? 'charged_failure' : 'free_failure',
            costMicro: charged ? priceMicro : 0,
            httpStatus: failure.status,
            code: failure.code,
            message: failure.message,
            param: failure.param,
            retryAfterSeconds: failure.retryAfterSeconds,
            bytes: 0,
            joined: flight.joined,
          })
        })
        throw new PricedFailure(failure, charged ? priceUsd : 0, 'MISS')
      }

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
      flights.delete(key) // the memory cache already answers newcomers
      settle.resolve({ answer })
      // Deflated before the transaction, on the thread pool: the settlement holds the database only to write.
      const stored = await encodeEntry(entry)
      // What was paid is settled before the answer goes out (its pending row was written before the call left).
      await settleRecord(claimId, async (tx) => {
        await cache.store(tx, key, n.operation, stored, ttl[n.operation])
        if (learned && canonicalKey) {
          await cache.copy(tx, key, canonicalKey)
          await captionDefaults!.remember(tx, learned)
        }
        await ledger.settle(tx, claimId, {
          state: 'charged',
          costMicro: priceMicro,
          httpStatus: 200,
          bytes: answer.bytes,
          joined: flight.joined,
        })
      })
      return { body: answer.body, contentType: answer.contentType, costUsd: priceUsd, cache: 'MISS', json }
    } catch (e) {
      settle.reject(e instanceof LeaderRefused ? e : new LeaderRefused()) // no-op when already settled
      throw e
    } finally {
      freeSlot()
      if (flights.get(key) === flight) flights.delete(key)
    }
  }

  async function lookUp(key: string): Promise<Cached | undefined> {
    try {
      return await cache.get(key)
    } catch (e) {
      throw e instanceof StorageUnavailable ? storageFailure(e) : e
    }
  }

  /** The call as it will be asked and cached: captions without lang get the video's known default language. */
  async function resolved(call: PaidCall): Promise<PaidCall> {
    try {
      return (await captionDefaults?.resolve(call)) ?? call
    } catch (e) {
      throw e instanceof StorageUnavailable ? storageFailure(e) : e
    }
  }

  return {
    async call(asked) {
      const call = await resolved(asked)
      const n = normaliseCall(call)
      const key = cacheKeyOf(n)
      // A joiner whose leader was refused for its own reasons tries again, a bounded number of times.
      for (let attempt = 0; attempt < 5; attempt++) {
        const cached = await lookUp(key)
        if (cached) return serveHit(n, cached)
        const flight = flights.get(key)
        if (!flight) {
          // A leader that finished while this look-up was in the database remembered its answer before leaving
          // `flights`: served as the hit it is, without counting a paid call against the client's limit.
          const justAnswered = cache.peek(key)
          if (justAnswered) return serveHit(n, justAnswered)
          const led = await lead(call, n, key)
          if (led === AGAIN) continue
          return led
        }
        flight.joined++
        let shared: Shared
        try {
          shared = await flight.promise
        } catch (e) {
          if (e instanceof LeaderRefused) continue
          throw e
        }
        return fromShared(shared)
      }
      const last = await lead(call, n, key) // refused leaders keep coming: stop waiting for them
      if (last === AGAIN)
        throw new PricedFailure(
          new ApiFailure(
            503,
            'storage_unavailable',
            'Another dashboard instance kept this call busy; nothing was paid. Retry in a moment.',
            { retryAfterSeconds: 5 },
          ),
          0,
          undefined,
        )
      return last
    },
    inFlight: () => [...flights.values()].map((f) => ({ joined: f.joined })),
    async quote(asked) {
      const n = normaliseCall(await resolved(asked))
      return {
        operation: n.operation,
        priceUsd: priceOf(n.operation),
        cached: Boolean(await lookUp(cacheKeyOf(n))),
      }
    },
    async flush() {
      const retry = unsettled.splice(0)
      for (const [i, item] of retry.entries()) {
        try {
          await db.transaction(item.write)
        } catch (e) {
          unsettled.push(...retry.slice(i))
          throw e
        }
      }
      await Promise.all([hits.flush(), cache.flushTouched()])
    },
  }
}
