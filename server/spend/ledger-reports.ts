/** The ledger's reports: SQL over its rows (and the hit tallies), for one data source and every source apart. */
import type { Operation } from '#contract/index.ts'
import { num } from '../db/database.ts'
import type { ErrorCode } from '../errors.ts'
import { STATE_OF, type LedgerContext, type LedgerState } from './ledger-rows.ts'
import { totalsOfRows, type TotalsReport } from './ledger-totals.ts'
import { fromMicro } from './money.ts'

export type LedgerEntry = {
  id: string
  /** ISO time the call was settled (or left, while pending). */
  at: string
  operation: Operation
  /** Service path, e.g. `/captions/dQw4w9WgXcQ`. */
  path: string
  /** Normalised parameters (defaults filled in, sets sorted): what the cache key is made of. */
  params: Record<string, string>
  priceUsd: number
  /** What this call cost: the price once charged; 0 for a free failure and while pending. */
  costUsd: number
  /** What sharing this call saved: the price for each identical request that joined it. */
  savedUsd: number
  /** Paid calls are misses by definition; hits are tallied per day. */
  cache: 'MISS'
  state: LedgerState
  /** HTTP status the function answered; 0 while pending. */
  status: number
  code?: ErrorCode
  bytes: number
  joined?: number
  /** Why the outcome is unknown: an interrupted call's note. */
  note?: string
  /** An interrupted call's reconciliation: whether it was charged, who said so, when (ISO). */
  reconciled?: { charged: boolean; by: string; at: string }
}

export type BudgetStatus = { capUsd: number; spentUsd: number; leftUsd: number }
export type SpendReport = {
  storage: string
  /** The data source this dashboard now reads: the report's figures are this source's. */
  source: { kind: 'demo' | 'live'; label: string }
  /** Newest first. */
  recent: LedgerEntry[]
  /** Interrupted calls nobody reconciled yet, oldest first: each holds its price of the budget until someone does. */
  interrupted: LedgerEntry[]
  budget: BudgetStatus | null
} & TotalsReport

const ENTRY_COLUMNS = `id, operation, path, params, price_micro, cost_micro, status, http_status, code, message, bytes, joined,
  started_at, settled_at, reconciled_at, reconciled_by, reconciled_charged`

/** Interrupted calls listed for reconciliation at most. */
const INTERRUPTED_LIMIT = 1000

function entryOf(r: Record<string, unknown>): LedgerEntry {
  const joined = num(r.joined)
  const priceUsd = fromMicro(num(r.price_micro))
  const state = STATE_OF[String(r.status)] ?? 'pending'
  return {
    id: String(num(r.id)),
    at: new Date(num(r.settled_at ?? r.started_at)).toISOString(),
    operation: r.operation as Operation,
    path: String(r.path),
    params: (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as Record<string, string>,
    priceUsd,
    costUsd: fromMicro(num(r.cost_micro)),
    savedUsd: state === 'charged' ? joined * priceUsd : 0,
    cache: 'MISS' as const,
    state,
    status: num(r.http_status),
    ...(r.code ? { code: r.code as ErrorCode } : {}),
    bytes: num(r.bytes),
    ...(joined ? { joined } : {}),
    ...(state === 'interrupted' && r.message ? { note: String(r.message) } : {}),
    ...(r.reconciled_at !== null && r.reconciled_at !== undefined
      ? {
          reconciled: {
            charged: r.reconciled_charged === true,
            by: String(r.reconciled_by ?? ''),
            at: new Date(num(r.reconciled_at)).toISOString(),
          },
        }
      : {}),
  }
}

export function ledgerReports({ db, source }: Pick<LedgerContext, 'db' | 'source'>) {
  return {
    /** The newest rows first, at most limit of them. */
    async recent(limit: number): Promise<LedgerEntry[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${ENTRY_COLUMNS} FROM ledger WHERE source = $1 ORDER BY id DESC LIMIT $2`,
        [source, limit],
      )
      return rows.map(entryOf)
    },

    /** Interrupted calls waiting for someone to say whether they were charged, oldest first. */
    async interrupted(): Promise<LedgerEntry[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${ENTRY_COLUMNS} FROM ledger WHERE source = $1 AND status = 'interrupted' AND reconciled_at IS NULL
         ORDER BY id LIMIT $2`,
        [source, INTERRUPTED_LIMIT],
      )
      return rows.map(entryOf)
    },

    /** Totals of this source by day and operation (rows and hit tallies), and every source's totals apart. */
    async totals(): Promise<TotalsReport> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT source, day, operation,
                sum(cost_micro)::float8 AS spent,
                count(*) FILTER (WHERE status IN ('charged', 'charged_failure'))::int AS paid,
                count(*) FILTER (WHERE status IN ('free_failure', 'charged_failure'))::int AS failed,
                count(*) FILTER (WHERE status = 'pending')::int AS pending,
                coalesce(sum(price_micro) FILTER (WHERE status = 'pending'), 0)::float8 AS pending_micro,
                count(*) FILTER (WHERE status = 'interrupted')::int AS interrupted,
                coalesce(sum(price_micro) FILTER (WHERE status = 'interrupted' AND reconciled_at IS NULL), 0)::float8 AS interrupted_micro,
                coalesce(sum(joined) FILTER (WHERE status = 'charged'), 0)::float8 AS joined,
                coalesce(sum(joined * price_micro) FILTER (WHERE status = 'charged'), 0)::float8 AS joined_saved,
                0::float8 AS hits, 0::float8 AS hit_saved
         FROM ledger GROUP BY source, day, operation
         UNION ALL
         SELECT source, day, operation, 0, 0, 0, 0, 0, 0, 0, 0, 0, hits::float8, saved_micro::float8 FROM hit_tallies`,
      )
      return totalsOfRows(rows, source)
    },
  }
}
