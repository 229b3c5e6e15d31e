/** The shape of GET /api/spend (server/spend/ledger.ts SpendReport), checked at the edge; unknown extra fields pass. */
import { z } from 'zod'

const Usd = z.number().finite().nonnegative()
const Count = z.number().int().nonnegative()

export const SpendTotals = z.looseObject({
  spentUsd: Usd,
  paidCalls: Count,
  cacheHits: Count,
  savedUsd: Usd,
  failedCalls: Count.default(0),
  /** Calls recorded before they left whose outcome is not known yet (in flight, or the server stopped mid-call). */
  pendingCalls: Count.default(0),
  /** What those pending calls reserve against the budget (not in spentUsd). */
  pendingUsd: Usd.default(0),
  /** Calls a crash cut off, reconciled or not: the service may have charged each. */
  interruptedCalls: Count.default(0),
  /** What the interrupted calls not reconciled yet hold of the budget (not in spentUsd). */
  interruptedUsd: Usd.default(0),
})
export type SpendTotals = z.infer<typeof SpendTotals>

export const OperationTotals = SpendTotals.extend({ operation: z.string() })
export type OperationTotals = z.infer<typeof OperationTotals>

export const DayTotals = SpendTotals.extend({
  day: z.string(),
  byOperation: z.record(z.string(), SpendTotals).default({}),
})
export type DayTotals = z.infer<typeof DayTotals>

const LEDGER_STATES = ['pending', 'charged', 'free failure', 'charged failure', 'interrupted'] as const
export type LedgerState = (typeof LEDGER_STATES)[number]

/** A ledger from before states were recorded: read its outcome from the status and the cost. */
function derivedState(e: { status: number; costUsd: number; code?: string | undefined }): LedgerState {
  if (e.status === 0) return 'pending'
  if (e.status >= 400 || e.code) return e.costUsd > 0 ? 'charged failure' : 'free failure'
  return 'charged'
}

export const LedgerEntry = z
  .looseObject({
    id: z.string(),
    /** ISO time the call was settled (or left, while pending). */
    at: z.string(),
    operation: z.string(),
    path: z.string(),
    params: z.record(z.string(), z.string()).default({}),
    priceUsd: Usd,
    /** What the call cost: 0 for a free failure and while pending. */
    costUsd: Usd,
    savedUsd: Usd.default(0),
    /** Every listed call is a paid call (a miss); older ledgers also listed cache hits. */
    cache: z.enum(['HIT', 'MISS']).default('MISS'),
    state: z.enum(LEDGER_STATES).optional(),
    /** HTTP status the function answered; 0 while pending. */
    status: z.number().int(),
    code: z.string().optional(),
    bytes: Count.default(0),
    joined: Count.optional(),
    /** An interrupted call's note: why its outcome is unknown. */
    note: z.string().optional(),
    /** An interrupted call's reconciliation: whether it was charged, who said so, when. */
    reconciled: z.looseObject({ charged: z.boolean(), by: z.string(), at: z.string() }).optional(),
  })
  .transform((e) => ({ ...e, state: e.state ?? derivedState(e) }))
export type LedgerEntry = z.output<typeof LedgerEntry>

export const Budget = z.looseObject({ capUsd: Usd, spentUsd: Usd, leftUsd: z.number().finite() })
export type Budget = z.infer<typeof Budget>

const SourceKind = z.enum(['demo', 'live'])
type SourceKind = z.infer<typeof SourceKind>

export const DataSource = z.looseObject({ kind: SourceKind, label: z.string() })
export type DataSource = z.infer<typeof DataSource>

export const SourceTotals = SpendTotals.extend({ source: z.string(), kind: SourceKind, label: z.string() })
export type SourceTotals = z.infer<typeof SourceTotals>

export const SpendReport = z.looseObject({
  /** Where the ledger is kept, e.g. "embedded Postgres (PGlite) under .data/". */
  storage: z.string().optional(),
  /** The data source the figures are for (absent from older servers). */
  source: DataSource.optional(),
  totals: SpendTotals,
  byOperation: z.array(OperationTotals),
  /** Oldest day first. */
  byDay: z.array(DayTotals),
  /** Every source ever recorded, demo and live apart. */
  bySource: z.array(SourceTotals).default([]),
  /** Newest first; paid calls only (cache hits of older ledgers are counted in the totals, not listed). */
  recent: z.array(LedgerEntry).transform((rows) => rows.filter((e) => e.cache !== 'HIT')),
  /** Interrupted calls waiting to be reconciled, oldest first (absent from older servers). */
  interrupted: z.array(LedgerEntry).default([]),
  budget: Budget.nullable().default(null),
})
export type SpendReport = z.infer<typeof SpendReport>
