/**
 * Fetches one claimed track through the spending gateway (ledger, cache, single flight, budget), within the job's
 * maximum, and hands its answer to the job's writer, which stores it in the corpus (track-writer.ts). Nothing charged
 * is retried by itself: a charged failure is listed with its reason, and a claim whose worker died after paying is
 * never paid again blindly (the ledger is read first).
 */
import { PER_TRACK_USD, type TrackFailure } from '#contract/collections.ts'
import type { CaptionItem } from '#contract/schemas.ts'
import { num, type Database } from '../db/database.ts'
import { ApiFailure } from '../errors.ts'
import type { Gateway, PaidCall } from '../gateway.ts'
import { toMicro } from '../spend/money.ts'
import { isCharged, PricedFailure } from '../spend/priced-failure.ts'
import { captionCall } from './caption-request.ts'
import type { CollectionRow } from './collection-store.ts'
import type { UpstreamSlots } from './upstream-slots.ts'
import type { Claim, WorkQueue } from './work-queue.ts'

/** Refusals that cost nothing and pass (a rate limit, the database, the network): the item waits and is tried again. */
const PASSING = new Set(['rate_limited', 'storage_unavailable', 'upstream_unreachable', 'balance_exhausted'])
/** An item refused because the money tables are damaged is looked at again after this long (nothing is paid meanwhile). */
const DAMAGED_WAIT_MS = 60_000
/** Unpaid tries of one item before it is listed as failed. */
const MAX_ATTEMPTS = 5
/** An item whose answer could not be stored waits this long before any instance takes it again (free: it is cached). */
export const RETAKE_AFTER_MS = 5_000

export const INTERRUPTED_AFTER_PAYMENT =
  'Interrupted after payment: the server stopped after this track was paid for and before its answer was stored; collect again to buy it again.'

/** A paid (or cached) answer waiting to be stored: the item stays claimed, under its lease, until the writer records it. */
export type Fetched = {
  claim: Claim
  costMicro: number
  items: CaptionItem[]
  /** The answer's JSON text as it came, for the cue worker to read off this thread. */
  body?: string
}

export type ItemDeps = {
  db: Database
  gateway: Gateway
  queue: WorkQueue
  worker: string
  now: () => number
  log: (line: string) => void
  /** This instance's share of the service for collecting (upstream-slots.ts); unlimited when absent. */
  slots?: UpstreamSlots
}

/** The researcher stopped the job while this item waited for a slot at the service: it goes back to the queue, unpaid. */
class JobNoLongerRunning extends Error {}
/** Paying for this item would pass the job's maximum (or the job ended otherwise): the job stops as capped. */
class JobCapped extends Error {}

/**
 * Just before a paid call leaves (never for a cached answer): the item's price reserved against the job's maximum,
 * then a slot at the service. The reservation is made before the wait for a slot, so its database work overlaps the
 * calls in flight instead of holding a slot (decision 0178); a stop that comes while the item waits is seen by
 * stillWanted, in the transaction that would record the call.
 */
function reservationAndSlot(deps: ItemDeps, claim: Claim): NonNullable<PaidCall['upstreamSlot']> {
  const { slots, queue } = deps
  return async () => {
    const reserved = await queue.reserve(claim, toMicro(PER_TRACK_USD))
    if (reserved !== 'reserved') throw reserved === 'stopped' ? new JobNoLongerRunning() : new JobCapped()
    return slots ? await slots() : () => undefined
  }
}

/** The researcher stopped the job while the item waited for its slot: the call is withdrawn before its ledger row. */
function stillWanted(deps: ItemDeps, claim: Claim): NonNullable<PaidCall['beforeClaim']> {
  return async (tx) => {
    if ((await deps.queue.jobState(tx, claim.jobId)) === 'stopped') throw new JobNoLongerRunning()
  }
}

/** What the dead worker's calls for this track did, from the ledger: charged (and how much), or possibly charged (pending). */
async function paidBefore(db: Database, c: CollectionRow, claim: Claim) {
  const rows = await db.query(
    `SELECT status, cost_micro FROM ledger
     WHERE source = $1 AND path = $2 AND started_at >= $3 AND params->>'format' = 'json' AND params->>'mode' = $4
       AND ($5::text IS NULL OR params->>'lang' = $5)`,
    [c.source, `/captions/${claim.videoId}`, claim.previousClaimAt ?? 0, c.mode, c.lang],
  )
  return {
    maybePaid: rows.some((r) => r.status !== 'free_failure'),
    costMicro: rows.reduce((s, r) => s + num(r.cost_micro), 0),
  }
}

function failureOf(e: ApiFailure, at: number): TrackFailure {
  return { code: e.code, status: e.status, message: e.message, at }
}

/** The item's answer, for the writer to store; undefined when the item already ended here (failed, capped, released). */
export async function fetchItem(deps: ItemDeps, claim: Claim): Promise<Fetched | undefined> {
  const { db, gateway, queue, worker, now } = deps
  const c = claim.collection
  const call = {
    ...captionCall(c, claim.videoId),
    upstreamSlot: reservationAndSlot(deps, claim),
    beforeClaim: stillWanted(deps, claim),
  }
  let alreadyPaidMicro = 0
  if (claim.recovered) {
    const before = await paidBefore(db, c, claim)
    alreadyPaidMicro = before.costMicro
    if (before.maybePaid && !(await gateway.quote(call)).cached) {
      await queue.finish(claim, worker, {
        state: 'failed',
        costMicro: alreadyPaidMicro,
        failure: {
          code: 'interrupted_after_payment',
          status: null,
          message: INTERRUPTED_AFTER_PAYMENT,
          at: now(),
        },
      })
      return undefined
    }
  }
  if (claim.jobState !== 'running') return void (await queue.release(claim, 0, alreadyPaidMicro))

  // A cached answer is free and reserves nothing; a paid one reserves its price as its call leaves (reservationAndSlot).
  let costMicro = alreadyPaidMicro
  try {
    const result = await gateway.call(call)
    costMicro += toMicro(result.costUsd)
    const items = (result.json ?? JSON.parse(result.body)) as CaptionItem[]
    return { claim, costMicro, items, body: result.body }
  } catch (e) {
    if (e instanceof JobNoLongerRunning) return void (await queue.release(claim, 0, costMicro))
    if (e instanceof JobCapped) return void (await queue.cap(claim))
    if (!(e instanceof ApiFailure)) {
      deps.log(
        `[collect] ${claim.videoId}: ${e instanceof Error ? e.message : String(e)}; it waits and is taken again`,
      )
      // Whatever was paid is in the function's cache: taking it again is free.
      await queue.release(claim, RETAKE_AFTER_MS, costMicro)
      return undefined
    }
    const paid = e instanceof PricedFailure ? toMicro(e.costUsd) : 0
    costMicro += paid
    // The dashboard's own budget (BUDGET_USD) refused before paying: the job stops like at its own maximum.
    if (e.code === 'budget_exhausted') return void (await queue.cap(claim))
    // Damaged money tables pay nothing until the data are restored and the function restarted: the item waits.
    if (e.code === 'storage_damaged') return void (await queue.release(claim, DAMAGED_WAIT_MS, costMicro))
    if (PASSING.has(e.code) && !isCharged(e) && paid === 0 && claim.attempts < MAX_ATTEMPTS) {
      await queue.release(claim, 1_000 * 2 ** claim.attempts + (e.retryAfterSeconds ?? 0) * 1000, costMicro)
      return undefined
    }
    const unavailable = e.code === 'captions_unavailable' || e.code === 'not_found'
    await queue.finish(claim, worker, {
      state: unavailable ? 'unavailable' : 'failed',
      costMicro,
      failure: failureOf(e, now()),
    })
    return undefined
  }
}
