/**
 * BUDGET_USD: a paid call reserves its price in the transaction that records it, with one atomic
 * `UPDATE … WHERE spent + price <= cap RETURNING`, so neither racing requests nor several instances can
 * overshoot; a reservation whose call was not charged is given back when the call is settled. The counter is
 * per data source: only the live service's spend counts against the cap, never the demo simulator's.
 */
import { formatUsd, type Operation } from '#contract/index.ts'
import { num, type Database, type Queryable } from '../db/database.ts'
import { ApiFailure } from '../errors.ts'
import type { BudgetStatus } from './ledger.ts'
import { fromMicro, toMicro } from './money.ts'

export type Budget = ReturnType<typeof createBudget>

export function createBudget({
  db,
  source,
  capUsd,
}: {
  db: Database
  source: string
  capUsd: number | undefined
}) {
  // The demo simulator's invented charges are counted (and reported) but never capped.
  const cap = source === 'demo' || capUsd === undefined ? undefined : toMicro(capUsd)
  /** 402 budget_exhausted: this call's price would take the spend past the cap. */
  const exhausted = (operation: Operation, priceMicro: number, spentMicro: number) =>
    new ApiFailure(
      402,
      'budget_exhausted',
      `The spending cap is reached: ${formatUsd(fromMicro(spentMicro))} of the ${formatUsd(capUsd!)} budget is spent, and this ${operation} request would cost ${formatUsd(fromMicro(priceMicro))} more. ` +
        'To spend more, set BUDGET_USD higher and restart the dashboard server. Answers already in the cache are still served free.',
    )
  return {
    capUsd: cap === undefined ? undefined : capUsd,
    /** The cap in micro-dollars, undefined when uncapped (the claim statement checks it). */
    capMicro: cap,
    exhausted,
    /** Adds the price to the source's counter or throws 402 budget_exhausted (the caller's transaction then rolls back). */
    async reserve(tx: Queryable, operation: Operation, priceMicro: number): Promise<void> {
      const add = () =>
        tx.query<{ spent_micro: unknown }>(
          'UPDATE budget SET spent_micro = spent_micro + $2 WHERE source = $1 AND ($3::bigint IS NULL OR spent_micro + $2 <= $3::bigint) RETURNING spent_micro',
          [source, priceMicro, cap ?? null],
        )
      if ((await add()).length) return
      // The source's first paid call creates its row; every later one is the single UPDATE above.
      await tx.query(
        'INSERT INTO budget (source, spent_micro) VALUES ($1, 0) ON CONFLICT (source) DO NOTHING',
        [source],
      )
      if ((await add()).length) return
      const [now] = await tx.query<{ spent_micro: unknown }>(
        'SELECT spent_micro FROM budget WHERE source = $1',
        [source],
      )
      throw exhausted(operation, priceMicro, num(now?.spent_micro))
    },
    /** Gives a reservation back in the transaction that settles its call as not charged. */
    async release(tx: Queryable, priceMicro: number): Promise<void> {
      await tx.query('UPDATE budget SET spent_micro = spent_micro - $2 WHERE source = $1', [
        source,
        priceMicro,
      ])
    },
    async spentMicro(): Promise<number> {
      const [row] = await db.query<{ spent_micro: unknown }>(
        'SELECT spent_micro FROM budget WHERE source = $1',
        [source],
      )
      return num(row?.spent_micro)
    },
    async status(): Promise<BudgetStatus | null> {
      if (cap === undefined) return null
      const spent = await this.spentMicro()
      return {
        capUsd: fromMicro(cap),
        spentUsd: fromMicro(spent),
        leftUsd: Math.max(0, fromMicro(cap - spent)),
      }
    },
  }
}
