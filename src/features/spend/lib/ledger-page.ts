/** Filtering and paging of the loaded ledger entries (the table shows one page; export takes every filtered entry). */
import { matchesStateFilter } from './ledger-state.ts'
import type { LedgerEntry } from './spend-schema.ts'
import type { SpendViewState } from './spend-url.ts'

const LEDGER_PAGE_SIZE = 50

export function filterLedger(entries: readonly LedgerEntry[], state: SpendViewState): LedgerEntry[] {
  return entries.filter(
    (e) => (!state.operation || e.operation === state.operation) && matchesStateFilter(e.state, state.state),
  )
}

export type LedgerPage = { rows: LedgerEntry[]; page: number; pageCount: number; first: number; last: number }

/** A page past the end shows the last page (an old link still opens). */
export function pageOf(entries: readonly LedgerEntry[], page: number, size = LEDGER_PAGE_SIZE): LedgerPage {
  const pageCount = Math.max(1, Math.ceil(entries.length / size))
  const current = Math.min(Math.max(1, page), pageCount)
  const start = (current - 1) * size
  const rows = entries.slice(start, start + size)
  return { rows, page: current, pageCount, first: rows.length ? start + 1 : 0, last: start + rows.length }
}

const kb = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })

/** `512` → `512 B`, `12345` → `12.1 kB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${kb.format(bytes / 1024)} kB`
  return `${kb.format(bytes / (1024 * 1024))} MB`
}
