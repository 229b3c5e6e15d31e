/**
 * The gateway routes pay through. `walk` is what happens to one request, step by step; each step is a module of
 * its own. A hit costs nothing; identical concurrent requests pay once, in this process (single-flight.ts) and
 * across instances (claim-and-reserve.ts, wait-for-other-instance.ts); nothing leaves without a record, and a
 * database that fails means no call (503). docs/decisions/0010, 0120.
 */
import type { CacheTtls } from '../config/cache-ttl.ts'
import type { Database } from '../db/database.ts'
import { orUnavailable } from '../db/storage-failure.ts'
import { ApiFailure } from '../errors.ts'
import type { Gateway, PaidCall, PaidResult } from '../gateway.ts'
import type { RateLimiter } from '../security/rate-limiter.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import type { Budget } from './budget.ts'
import { cacheKeyOf, normaliseCall, type NormalisedCall } from './cache-key.ts'
import { lookUp, serveHit } from './cache-lookup.ts'
import type { CaptionDefaults } from './caption-default-language.ts'
import { claimAndReserve } from './claim-and-reserve.ts'
import { checkOutcome } from './contract-check.ts'
import { sharedOf } from './free-answer.ts'
import type { Liveness } from './heartbeat.ts'
import type { HitTallies } from './hit-tallies.ts'
import type { Ledger } from './ledger.ts'
import type { MoneyTablesGuard } from './money-tables-guard.ts'
import { admitPaidCall } from './paid-call-limit.ts'
import { priceOfCall } from './price.ts'
import { PricedFailure } from './priced-failure.ts'
import type { Cached, ResponseCache } from './response-cache.ts'
import { createSettlements } from './settlements.ts'
import { createFlights } from './single-flight.ts'
import { settleFailure, storeAndSettle } from './store-and-settle.ts'
import { callService } from './upstream-call.ts'
import { AGAIN, waitForOtherInstance } from './wait-for-other-instance.ts'

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
  /** How long a claim is expected to hold (the upstream time-out and a margin): the longest a request waits on another's. */
  leaseMs: number
  /** Money tables found damaged stop every payment (503 storage_damaged); cached answers are still served. */
  moneyTables?: MoneyTablesGuard
  /** This instance's heartbeat: whether another instance is dead, so its claim in the way may end (docs/decisions/0186). */
  liveness?: Liveness
  /** The clock of ledger times (tests move it). */
  now?: () => number
  log?: (line: string) => void
}

export type SpendingGateway = Gateway & {
  /** Calls being paid right now in this process, with how many identical requests wait on each. */
  inFlight(): { joined: number }[]
  /** Writes batched bookkeeping: hit tallies, last-used times, settlements that failed to be written. */
  flush(): Promise<void>
}

/** A joiner walks again when its leader was refused for its own reasons, this many times before it pays regardless. */
const WALKS = 5

const noSlot = () => undefined

export function createSpendingGateway(opts: SpendingGatewayOptions): SpendingGateway {
  const { client, cache, hits, captionDefaults } = opts
  const flights = createFlights()
  const settlements = createSettlements({ ...opts, log: opts.log ?? ((l: string) => console.error(l)) })
  const steps = { ...opts, settlements }

  /**
   * One request's walk: price → cache → single flight → money tables readable → claim → reserve → call → check → store → settle.
   * AGAIN when it must walk again (a leader it joined was refused, another instance's call ended without an answer).
   * The last walk pays without looking again: refused leaders keep coming, it stops waiting for them.
   */
  async function walk(
    call: PaidCall,
    n: NormalisedCall,
    key: string,
    last: boolean,
  ): Promise<PaidResult | typeof AGAIN> {
    const price = priceOfCall(n.operation)
    const hit = (cached: Cached) => serveHit(hits, n.operation, price, cached)
    if (!last) {
      const cached = await lookUp(cache, key)
      if (cached) return hit(cached)
      if (flights.isOpen(key)) return (await flights.join(key)) ?? AGAIN
      // A leader that finished while this look-up was in the database remembered its answer before leaving its
      // flight: served as the hit it is, without counting a paid call against the client's limit.
      const justAnswered = cache.peek(key)
      if (justAnswered) return hit(justAnswered)
    }
    const flight = flights.lead(key)
    let freeSlot: () => void = noSlot
    try {
      await opts.moneyTables?.beforePaying()
      await admitPaidCall(opts, call)
      // Taken just before the ledger row (a row is written only for a call about to leave).
      freeSlot = (await call.upstreamSlot?.()) ?? noSlot
      const claim = await claimAndReserve(steps, call, n, key, price)
      if (!('id' in claim)) {
        freeSlot()
        // Another instance stored the answer, or is paying for this very call: wait for it rather than pay twice.
        const found = await waitForOtherInstance(opts, key)
        if (found === AGAIN) return AGAIN
        flight.share(sharedOf(found))
        // No ledger row of this instance counts the requests that joined this one: each is a free answer too.
        hits.count(n.operation, price.micro, flight.joined)
        return hit(found)
      }
      const paid = { id: claim.id, key, n, price, flight }
      const checked = checkOutcome(call, await callService(client, call, n, freeSlot))
      if ('failure' in checked) return await settleFailure(steps, paid, checked.failure)
      return await storeAndSettle(steps, paid, call, checked)
    } catch (e) {
      flight.fail(e) // a priced failure is shared with the joiners; they walk again after any other error
      throw e
    } finally {
      freeSlot()
      flight.land()
    }
  }

  /** The call as it will be asked and cached: captions without lang get the video's known default language. */
  const resolved = (call: PaidCall): Promise<PaidCall> =>
    orUnavailable(async () => (await captionDefaults?.resolve(call)) ?? call)

  return {
    async call(asked) {
      const call = await resolved(asked)
      const n = normaliseCall(call)
      const key = cacheKeyOf(n)
      for (let attempt = 0; attempt <= WALKS; attempt++) {
        const answered = await walk(call, n, key, attempt === WALKS)
        if (answered !== AGAIN) return answered
      }
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
    },
    inFlight: flights.inFlight,
    async quote(asked) {
      const n = normaliseCall(await resolved(asked))
      return {
        operation: n.operation,
        priceUsd: priceOfCall(n.operation).usd,
        cached: Boolean(await lookUp(cache, cacheKeyOf(n))),
      }
    },
    async flush() {
      await settlements.retry()
      await Promise.all([hits.flush(), cache.flushTouched()])
    },
  }
}
