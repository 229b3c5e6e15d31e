/**
 * BUDGET_USD: a paid call reserves its price before it is made, atomically against the cap, so racing
 * requests can never overshoot; the reservation is given back when the call fails without being charged.
 * The counter `spent-micro` (all-time, whole micro-dollars) lives in storage and so survives restarts.
 */
import { formatUsd, type Operation } from '../../contract/index.ts'
import { ApiFailure } from '../errors.ts'
import type { BudgetStatus } from './ledger.ts'
import { fromMicro, toMicro } from './money.ts'
import type { AtomicOps } from './storage.ts'

const SPENT_KEY = 'spent-micro'

export type Reservation = { micro: number; released: boolean }
export type Budget = ReturnType<typeof createBudget>

export function createBudget(atomic: AtomicOps, capUsd: number | undefined) {
  const capMicro = capUsd === undefined ? -1 : toMicro(capUsd)
  return {
    capUsd,
    /** Reserves the price or throws 402 budget_exhausted; nothing is paid when it throws. */
    async reserve(operation: Operation, priceUsd: number): Promise<Reservation> {
      const micro = toMicro(priceUsd)
      const { added, value } = await atomic.addWithinCap(SPENT_KEY, micro, capMicro)
      if (!added) {
        throw new ApiFailure(
          402,
          'budget_exhausted',
          `The spending cap is reached: ${formatUsd(fromMicro(value))} of the ${formatUsd(capUsd!)} budget is spent, and this ${operation} request would cost ${formatUsd(priceUsd)} more. ` +
            'To spend more, set BUDGET_USD higher and restart the dashboard server. Answers already in the cache are still served free.',
        )
      }
      return { micro, released: false }
    },
    /** Gives a reservation back (the call was not charged); safe to call twice. */
    async release(r: Reservation): Promise<void> {
      if (r.released) return
      r.released = true
      await atomic.incrBy(SPENT_KEY, -r.micro)
    },
    async spentUsd(): Promise<number> {
      return fromMicro(await atomic.get(SPENT_KEY))
    },
    async status(): Promise<BudgetStatus | null> {
      if (capUsd === undefined) return null
      const spentUsd = fromMicro(await atomic.get(SPENT_KEY))
      return { capUsd: fromMicro(capMicro), spentUsd, leftUsd: Math.max(0, fromMicro(capMicro - toMicro(spentUsd))) }
    },
  }
}
