/**
 * The ledger: one row per paid call in `ledger`, written as `pending` in the transaction that reserves its price,
 * BEFORE the call leaves, and settled after it as `charged`, `free_failure` or `charged_failure`. A crash at any
 * moment leaves the row (pending rows are reported as such). Free cache hits are per-day tallies (hit-tallies.ts),
 * not rows, so storage grows with paid calls only. Every report is SQL over these rows, for one data source.
 */
import { ledgerReports } from './ledger-reports.ts'
import { ledgerRows, type LedgerContext } from './ledger-rows.ts'

export type { FlightState } from './ledger-rows.ts'
export type { BudgetStatus, LedgerEntry, SpendReport } from './ledger-reports.ts'
export type { SpendTotals } from './ledger-totals.ts'
export { sourceKind, sourceLabel } from './ledger-totals.ts'

export type Ledger = ReturnType<typeof createLedger>

export function createLedger(context: LedgerContext) {
  return { ...ledgerRows(context), ...ledgerReports(context) }
}
