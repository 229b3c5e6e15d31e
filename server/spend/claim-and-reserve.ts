/**
 * Claim and reserve, one transaction: the ledger row `pending` (at most one in flight per key, across instances)
 * and the budget reservation are written together, before the call leaves. Nothing leaves without a record, and
 * a database that fails means no call (503). docs/decisions/0120.
 */
import { StorageUnavailable, type Database } from '../db/database.ts'
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
import type { Cached, ResponseCache } from './response-cache.ts'

export type ClaimDeps = {
  db: Database
  ledger: Pick<Ledger, 'claim' | 'abandonClaim'>
  budget: Pick<Budget, 'reserve' | 'release'>
  cache: Pick<ResponseCache, 'find'>
  /** How long a claim is expected to hold (written with it). */
  leaseMs: number
  /** Whether this instance may judge another dead: its claim in the way is then ended as interrupted. */
  liveness?: Liveness
  /** Where a claim that may have committed unseen is undone later (flush retries it). */
  settlements?: Pick<Settlements, 'later'>
  now?: () => number
}

/** This instance pays (its ledger row's id); another instance stored the answer meanwhile; or another is paying now. */
export type Claim = { id: string } | { found: Cached } | { elsewhere: true }

/** Another instance stored the answer between this one's look-up and its claim: the claim is rolled back. */
class FoundInCache extends Error {
  constructor(readonly entry: Cached) {
    super('found in cache')
  }
}

/** A claim holds a service slot while it waits for the engine: it goes before queued work (decision 0180). */
const URGENT = { urgent: true }

/** Claims the call and reserves its price; a refusal (budget, a withdrawn call, the database) is thrown priced at 0. */
export async function claimAndReserve(
  { db, ledger, budget, cache, leaseMs, liveness, settlements, now = Date.now }: ClaimDeps,
  call: PaidCall,
  n: NormalisedCall,
  key: string,
  price: Price,
): Promise<Claim> {
  const at = now()
  try {
    const id = await db.transaction(async (tx) => {
      await call.beforeClaim?.(tx)
      const deadAfterMs = liveness?.canJudge() ? liveness.staleMs : undefined
      const claimed = await ledger.claim(tx, n, key, price.micro, { leaseMs, deadAfterMs, at })
      if (!claimed) return undefined
      // Another instance may have stored the answer since our look-up; on the embedded engine this process is the only one.
      const stored = db.kind === 'postgres' ? await cache.find(tx, key) : undefined
      if (stored) throw new FoundInCache(stored)
      await budget.reserve(tx, n.operation, price.micro)
      return claimed
    }, URGENT)
    return id === undefined ? { elsewhere: true } : { id }
  } catch (e) {
    if (e instanceof FoundInCache) return { found: e.entry }
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
