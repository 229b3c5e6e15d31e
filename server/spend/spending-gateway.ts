/**
 * The gateway routes pay through: cache → single flight → paid-call rate limit → budget reservation →
 * the service → contract check → cache and ledger. A hit costs nothing; identical concurrent requests
 * pay once; the budget is checked before anything is paid. docs/decisions/0010.
 */
import { priceOf } from '../../contract/index.ts'
import { ApiFailure } from '../errors.ts'
import type { UpstreamAnswer, UpstreamClient } from '../upstream/client.ts'
import { checkAgainstContract, type Gateway, type PaidCall, type PaidResult } from '../upstream/gateway.ts'
import type { RateLimiter } from '../security/rate-limiter.ts'
import type { Budget } from './budget.ts'
import { cacheKeyOf, normaliseCall, type NormalisedCall } from './cache-key.ts'
import { CAPTIONS_UNAVAILABLE, type CacheTtls } from './cache-ttl.ts'
import type { Ledger } from './ledger.ts'
import { isCharged, PricedFailure } from './priced-failure.ts'
import { createResponseCache, type Cached } from './response-cache.ts'
import type { SpendStore } from './storage.ts'

export type SpendingGatewayOptions = {
  client: UpstreamClient
  store: SpendStore
  ledger: Ledger
  budget: Budget
  ttl: CacheTtls
  /** Limits paid calls (cache misses) per client; hits are never limited. */
  paidCallLimiter?: RateLimiter
  now?: () => number
  log?: (line: string) => void
  /** Bytes of recent answers kept in memory in front of storage (CACHE_MEMORY_MB). */
  cacheMemoryBytes?: number
}

type Shared = { answer: UpstreamAnswer } | { failure: ApiFailure; cacheable: boolean }

type Flight = {
  promise: Promise<Shared>
  /** Requests that joined this flight instead of paying. */
  joined: number
}

/** The leader was refused for a reason of its own (its client's rate limit): joiners try again themselves. */
class LeaderRefused extends Error {}

export type SpendingGateway = Gateway & {
  /** Calls being paid right now, with how many identical requests wait on each (observability, tests). */
  inFlight(): { joined: number }[]
}

export function createSpendingGateway(opts: SpendingGatewayOptions): SpendingGateway {
  const { client, ledger, budget, ttl, paidCallLimiter } = opts
  const now = opts.now ?? Date.now
  const log = opts.log ?? ((l: string) => console.error(l))
  const cache = createResponseCache(opts.store, now, opts.cacheMemoryBytes)
  const flights = new Map<string, Flight>()

  /** Bookkeeping must never turn a paid answer into an error: a failed write is logged, the answer still served. */
  async function note(what: string, step: () => Promise<unknown>): Promise<void> {
    try {
      await step()
    } catch (e) {
      log(`[spend] could not ${what}: ${e instanceof Error ? e.message : String(e)}`)
    }
  }

  async function serveHit(n: NormalisedCall, cached: Cached): Promise<PaidResult> {
    const priceUsd = priceOf(n.operation)
    const failed = cached.kind === 'failure'
    // A hit costs nothing, so its record may land after the answer (docs/decisions/0110).
    await opts.store.defer(() =>
      note('record a cache hit', () =>
        ledger.record({
          ...n,
          priceUsd,
          costUsd: 0,
          savedUsd: priceUsd,
          cache: 'HIT',
          status: failed ? cached.status : 200,
          ...(failed ? { code: cached.code } : {}),
          bytes: failed ? 0 : cached.bytes,
        }),
      ),
    )
    if (failed) throw new PricedFailure(new ApiFailure(cached.status as 404, cached.code, cached.message, { param: cached.param }), 0, 'HIT')
    return { body: cached.body, contentType: cached.contentType, costUsd: 0, cache: 'HIT' }
  }

  /** A request that shared a flight paid nothing: it is answered like a hit (docs/decisions/0010). */
  function fromShared(shared: Shared): PaidResult {
    if ('answer' in shared) return { body: shared.answer.body, contentType: shared.answer.contentType, costUsd: 0, cache: 'HIT' }
    throw new PricedFailure(shared.failure, 0, shared.cacheable ? 'HIT' : undefined)
  }

  async function lead(call: PaidCall, n: NormalisedCall, key: string): Promise<PaidResult> {
    const priceUsd = priceOf(n.operation)
    let settle!: { resolve: (s: Shared) => void; reject: (e: unknown) => void }
    const flight: Flight = { promise: new Promise<Shared>((resolve, reject) => (settle = { resolve, reject })), joined: 0 }
    flight.promise.catch(() => undefined) // nobody may have joined: not an unhandled rejection
    flights.set(key, flight)
    try {
      try {
        await paidCallLimiter?.take(call.clientKey ?? 'local')
      } catch (e) {
        settle.reject(new LeaderRefused())
        throw e
      }
      let reservation
      try {
        reservation = await budget.reserve(n.operation, priceUsd)
      } catch (e) {
        const failure = e instanceof ApiFailure ? e : new ApiFailure(500, 'internal_error', 'The spending ledger is unavailable, so nothing was paid. Retry in a moment.')
        if (!(e instanceof ApiFailure)) log(`[spend] budget check failed: ${e instanceof Error ? e.message : String(e)}`)
        settle.resolve({ failure, cacheable: false })
        throw new PricedFailure(failure, 0, undefined)
      }

      let answer: UpstreamAnswer
      try {
        // No request signal: joiners share this call, and a finished answer is cached rather than wasted.
        answer = await client.request({ operation: n.operation, path: call.path, query: call.query })
        checkAgainstContract(call, answer.body)
      } catch (e) {
        const failure = e instanceof ApiFailure ? e : new ApiFailure(502, 'upstream_error', 'The data service call failed unexpectedly. Retry in a moment.')
        const charged = isCharged(failure)
        if (!charged) await note('give back a reservation', () => budget.release(reservation))
        const cacheable = failure.code === 'captions_unavailable' && ttl[CAPTIONS_UNAVAILABLE] > 0
        if (cacheable) {
          await note('cache a refusal', () =>
            cache.set(key, { kind: 'failure', status: failure.status, code: failure.code, message: failure.message, param: failure.param }, ttl[CAPTIONS_UNAVAILABLE]),
          )
        }
        flights.delete(key)
        await note('record a failed call', () =>
          ledger.record({
            ...n,
            priceUsd,
            costUsd: charged ? priceUsd : 0,
            savedUsd: cacheable ? flight.joined * priceUsd : 0,
            cache: 'MISS',
            status: failure.status,
            code: failure.code,
            bytes: 0,
            ...(flight.joined ? { joined: flight.joined } : {}),
          }),
        )
        settle.resolve({ failure, cacheable })
        throw new PricedFailure(failure, charged ? priceUsd : 0, 'MISS')
      }

      const cached = note('cache an answer', () => cache.set(key, { kind: 'answer', body: answer.body, contentType: answer.contentType, bytes: answer.bytes }, ttl[n.operation]))
      flights.delete(key) // the cache already answers newcomers (it remembers before it stores)
      settle.resolve({ answer })
      // What was paid is recorded before the answer goes out; the cache's stored copy may follow it.
      await Promise.all([
        cached,
        note('record a paid call', () =>
          ledger.record({
            ...n,
            priceUsd,
            costUsd: priceUsd,
            savedUsd: flight.joined * priceUsd,
            cache: 'MISS',
            status: 200,
            bytes: answer.bytes,
            ...(flight.joined ? { joined: flight.joined } : {}),
          }),
        ),
      ])
      return { body: answer.body, contentType: answer.contentType, costUsd: priceUsd, cache: 'MISS' }
    } catch (e) {
      settle.reject(e instanceof LeaderRefused ? e : new LeaderRefused()) // no-op when already settled
      throw e
    } finally {
      if (flights.get(key) === flight) flights.delete(key)
    }
  }

  return {
    async call(call) {
      const n = normaliseCall(call)
      const key = cacheKeyOf(n)
      // A joiner whose leader was refused for its own reasons tries again, a bounded number of times.
      for (let attempt = 0; attempt < 5; attempt++) {
        const cached = await cache.get(key)
        if (cached) return serveHit(n, cached)
        const flight = flights.get(key)
        if (!flight) return lead(call, n, key)
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
      return lead(call, n, key) // refused leaders keep coming: stop waiting for them
    },
    inFlight: () => [...flights.values()].map((f) => ({ joined: f.joined })),
    async quote(call) {
      const n = normaliseCall(call)
      return { operation: n.operation, priceUsd: priceOf(n.operation), cached: Boolean(await cache.get(cacheKeyOf(n))) }
    },
  }
}
