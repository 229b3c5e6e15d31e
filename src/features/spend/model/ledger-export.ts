/** The ledger as CSV/JSON: one row per recorded call, every field kept; reading the ledger is free, so the export costs nothing. */
import { PRICES_USD, type Operation } from '../../../../contract/index.ts'
import type { Column } from '../../../lib/export/serialise.ts'
import { makeProvenance, type Provenance } from '../../../lib/export/provenance.ts'
import type { LedgerEntry } from './spend-schema.ts'
import type { SpendViewState } from './spend-url.ts'

export const LEDGER_COLUMNS: Column<LedgerEntry>[] = [
  { header: 'id', value: (e) => e.id },
  { header: 'time', value: (e) => e.at },
  { header: 'operation', value: (e) => e.operation },
  { header: 'path', value: (e) => e.path },
  // JSON: parameter values may hold commas, spaces or '='.
  { header: 'params', value: (e) => JSON.stringify(e.params) },
  { header: 'priceUsd', value: (e) => e.priceUsd },
  { header: 'costUsd', value: (e) => e.costUsd },
  { header: 'savedUsd', value: (e) => e.savedUsd },
  { header: 'cache', value: (e) => e.cache },
  { header: 'status', value: (e) => e.status },
  { header: 'errorCode', value: (e) => e.code },
  { header: 'bytes', value: (e) => e.bytes },
  { header: 'joinedRequests', value: (e) => e.joined ?? 0 },
]

/** `{location: '48.8,2.3', type: 'video'}` → `location=48.8,2.3 type=video`. */
export function formatParams(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')
}

const isOperation = (op: string): op is Operation => op in PRICES_USD

export function ledgerProvenance(opts: { entries: readonly LedgerEntry[]; state: SpendViewState; limit: number; fetchedAt: number; viewUrl: string }): Provenance {
  const filtered = !!(opts.state.operation || opts.state.cache)
  return makeProvenance({
    title: filtered ? 'Spend ledger of this dashboard (recent entries, filtered)' : 'Spend ledger of this dashboard (recent entries)',
    viewUrl: opts.viewUrl,
    operation: [...new Set(opts.entries.map((e) => e.operation))].filter(isOperation),
    query: { limit: opts.limit, operation: opts.state.operation ?? null, cache: opts.state.cache ?? null },
    pagesFetched: 1,
    itemCount: opts.entries.length,
    pricesUsd: [],
    fetchedAt: new Date(opts.fetchedAt).toISOString(),
    dataSource: "This dashboard's spend ledger (GET /api/spend; free to read)",
  })
}
