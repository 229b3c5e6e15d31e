/** The ledger as CSV/JSON: one row per paid call of one data source, every field kept; reading the ledger is free, so the export costs nothing. */
import { PRICES_USD, type Operation } from '#contract/index.ts'
import type { Column } from '#lib/export/serialise.ts'
import { exportDay, fileSlug, queryTag } from '#lib/export/file-slug.ts'
import { makeProvenance, shownOf, type ProvenanceDraft } from '#lib/export/provenance.ts'
import { sourceName } from './data-source.ts'
import type { DataSource, LedgerEntry } from './spend-schema.ts'
import type { SpendViewState } from './spend-url.ts'

export const LEDGER_COLUMNS: Column<LedgerEntry>[] = [
  { header: 'id', value: (e) => e.id },
  { header: 'time', value: (e) => e.at },
  { header: 'operation', value: (e) => e.operation },
  { header: 'path', value: (e) => e.path },
  // JSON: parameter values may hold commas, spaces or '='.
  { header: 'params', value: (e) => JSON.stringify(sortedParams(e.params)) },
  { header: 'priceUsd', value: (e) => e.priceUsd },
  { header: 'costUsd', value: (e) => e.costUsd },
  { header: 'savedUsd', value: (e) => e.savedUsd },
  // No `cache` column: every row is a paid call (a miss); cache hits are counted per day, not listed.
  // pending | charged | free failure | charged failure | interrupted; a pending or interrupted row's price is reserved, its status 0.
  { header: 'state', value: (e) => e.state },
  { header: 'status', value: (e) => e.status },
  { header: 'errorCode', value: (e) => e.code },
  { header: 'bytes', value: (e) => e.bytes },
  { header: 'joinedRequests', value: (e) => e.joined ?? 0 },
]

/** Parameters by name: the same call always reads the same, whatever order the database kept them in. */
function sortedParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/** `{type: 'video', location: '48.8,2.3'}` → `location=48.8,2.3 type=video`. */
export function formatParams(params: Record<string, string>): string {
  return Object.entries(sortedParams(params))
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')
}

const isOperation = (op: string): op is Operation => op in PRICES_USD

/** The ledger's provenance: its title names the ledger's source (the demo simulator's invented data vs the service's address); the export adds the dashboard's source. */
export function ledgerProvenance(opts: {
  entries: readonly LedgerEntry[]
  /** How many entries are loaded before the view's filter. */
  loaded: number
  state: SpendViewState
  limit: number
  fetchedAt: number
  viewUrl: string
  /** Absent from older servers: the export then names no source rather than guessing one. */
  source: DataSource | undefined
}): ProvenanceDraft & { ledger: string } {
  const filtered = !!(opts.state.operation || opts.state.state)
  const source = opts.source ? sourceName(opts.source) : undefined
  return {
    ...makeProvenance({
      title: `Spend ledger of this dashboard — ${source ? `${source} — ` : ''}paid calls, recent entries${filtered ? ', filtered' : ''}`,
      viewUrl: opts.viewUrl,
      operation: [...new Set(opts.entries.map((e) => e.operation))].filter(isOperation),
      query: { limit: opts.limit },
      view: {
        filter: {
          ...(opts.state.operation ? { operation: opts.state.operation } : {}),
          ...(opts.state.state ? { state: opts.state.state } : {}),
        },
        sort: 'newest first',
        shown: shownOf(opts.entries.length, opts.loaded, 'ledger entries'),
      },
      pagesFetched: 1,
      itemCount: opts.entries.length,
      pricesUsd: [],
      fetchedAt: new Date(opts.fetchedAt).toISOString(),
    }),
    ledger: `This dashboard's spend ledger${source ? ` for the ${source}` : ''} — GET /api/spend, free to read`,
  }
}

/** `spend-ledger-op-get-search-state-pending-<date>-<tag>`: the view's filter in the name. */
export function ledgerFileName(state: SpendViewState, now?: Date): string {
  const filter = { op: state.operation ?? '', state: state.state ?? '' }
  return `${fileSlug('spend-ledger', filter.op && `op ${filter.op}`, filter.state && `state ${filter.state}`, exportDay(now))}-${queryTag(filter)}`
}
