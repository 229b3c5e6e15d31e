/**
 * A person's word on a call a crash cut off: charged keeps its reservation as spent; not charged gives it back to the
 * budget. One transaction, recorded with who and when; a row is reconciled once. docs/decisions/0186.
 */
import type { Database } from '../db/database.ts'
import { ApiFailure } from '../errors.ts'
import type { Budget } from './budget.ts'
import type { Ledger } from './ledger.ts'

export type ReconcileDeps = {
  db: Pick<Database, 'transaction'>
  ledger: Pick<Ledger, 'reconcile'>
  budget: Pick<Budget, 'release'>
}

const REFUSALS = {
  'not found': () =>
    new ApiFailure(
      404,
      'not_found',
      'No ledger row of this data source has that id. Reload the spend page and pick the call again.',
    ),
  'not interrupted': () =>
    new ApiFailure(
      409,
      'conflict',
      'This call was not interrupted: its outcome is known, so there is nothing to reconcile.',
    ),
  'already reconciled': () =>
    new ApiFailure(
      409,
      'conflict',
      'This interrupted call was already reconciled; the first answer stands. Reload the spend page to see it.',
    ),
}

export async function reconcileInterrupted(
  { db, ledger, budget }: ReconcileDeps,
  id: string,
  charged: boolean,
  by: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await ledger.reconcile(tx, id, charged, by)
    if ('refused' in done) throw REFUSALS[done.refused]()
    if (!charged) await budget.release(tx, done.priceMicro)
  })
}
