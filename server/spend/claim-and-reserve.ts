/**
 * Claim and reserve, one statement (migration 0012): the ledger row `pending` (at most one in flight per key, across
 * instances) and the budget reservation are written together, before the call leaves. Nothing leaves without a record, and
 * a database that fails means no call (503). docs/decisions/0120, 0195.
 */
import { StorageUnavailable, type Database, type Queryable } from '../db/database.ts'
import { storageFailure } from '../db/storage-failure.ts'
import { ApiFailure } from '../errors.ts'
import type { PaidCall } from '../gateway.ts'
import type { Budget } from './budget.ts'
import type { NormalisedCall } from './cache-key.ts'
import type { Liveness } from './heartbeat.ts'
import type { Ledger } from './ledger.ts'
import type { Settlements } from './settlements.ts'
import type { Price } from './price.ts'
import { refusal } from './priced-failure.ts'

export type ClaimDeps = {
  db: Database
  ledger: Pick<Ledger, 'claimReserving' | 'abandonClaim'>
  budget: Pick<Budget, 'capMicro' | 'exhausted' | 'release'>
  /** How long a claim is expected to hold (written with it). */
  leaseMs: number
  /** Whether this instance may judge another dead: its claim in the way is then ended as interrupted. */
  liveness?: Liveness
  /** Where a claim that may have committed unseen is undone later (flush retries it). */
  settlements?: Pick<Settlements, 'later'>
  now?: () => number
}

/** This instance pays (its ledger row's id), or another request, here or on another instance, paid or pays for it. */
export type Claim = { id: string } | { elsewhere: true }

/** A claim holds a service slot while it waits for the engine: it goes before queued work (decision 0180). */
const URGENT = { urgent: true }

/**
 * Claims the call and reserves its price, one statement (in a transaction only when the caller checks something
 * first); a refusal (budget, a withdrawn call, the database) is thrown priced at 0.
 */
export async function claimAndReserve(
  { db, ledger, budget, leaseMs, liveness, settlements, now = Date.now }: ClaimDeps,
  call: PaidCall,
  n: NormalisedCall,
  key: string,
  price: Price,
): Promise<Claim> {
  const at = now()
  const claimOn = (q: Queryable) =>
    ledger.claimReserving(q, n, key, price.micro, {
      leaseMs,
      deadAfterMs: liveness?.canJudge() ? liveness.staleMs : undefined,
      at,
      capMicro: budget.capMicro,
      // Another instance may have stored the answer since our look-up; on the embedded engine this process is the only one.
      checkCache: db.kind === 'postgres',
    })
  try {
    const { beforeClaim } = call
    const claim = beforeClaim
      ? await db.transaction(async (tx) => (await beforeClaim(tx), claimOn(tx)), URGENT)
      : await claimOn(db)
    if (claim.outcome === 'claimed') return { id: claim.id }
    if (claim.outcome === 'over_budget') throw budget.exhausted(n.operation, price.micro, claim.spentMicro)
    // Stored by another instance, or being paid for: the cache or the other flight answers (waitForOtherInstance).
    return { elsewhere: true }
  } catch (e) {
    if (e instanceof ApiFailure) throw refusal(e)
    if (e instanceof StorageUnavailable) {
      // Its COMMIT may have reached the database all the same: a row left in flight would block this call for good.
      settlements?.later(`claim of ${key}`, async (tx) => {
        const priceMicro = await ledger.abandonClaim(tx, key, at)
        if (priceMicro !== undefined) await budget.release(tx, priceMicro)
      })
      throw refusal(storageFailure(e))
    }
    throw e
  }
}
