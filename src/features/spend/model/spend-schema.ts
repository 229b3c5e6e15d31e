/** The shape of GET /api/spend (server/spend/ledger.ts SpendReport), checked at the edge; unknown extra fields pass. */
import { z } from 'zod'

const Usd = z.number().finite().nonnegative()
const Count = z.number().int().nonnegative()

export const SpendTotals = z.looseObject({ spentUsd: Usd, paidCalls: Count, cacheHits: Count, savedUsd: Usd, failedCalls: Count.default(0) })
export type SpendTotals = z.infer<typeof SpendTotals>

export const OperationTotals = SpendTotals.extend({ operation: z.string() })
export type OperationTotals = z.infer<typeof OperationTotals>

export const DayTotals = SpendTotals.extend({ day: z.string(), byOperation: z.record(z.string(), SpendTotals).default({}) })
export type DayTotals = z.infer<typeof DayTotals>

export const LedgerEntry = z.looseObject({
  id: z.string(),
  /** ISO time the call finished. */
  at: z.string(),
  operation: z.string(),
  path: z.string(),
  params: z.record(z.string(), z.string()).default({}),
  priceUsd: Usd,
  costUsd: Usd,
  savedUsd: Usd.default(0),
  cache: z.enum(['HIT', 'MISS']),
  status: z.number().int(),
  code: z.string().optional(),
  bytes: Count.default(0),
  joined: Count.optional(),
})
export type LedgerEntry = z.infer<typeof LedgerEntry>

export const Budget = z.looseObject({ capUsd: Usd, spentUsd: Usd, leftUsd: z.number().finite() })
export type Budget = z.infer<typeof Budget>

export const SpendReport = z.looseObject({
  storage: z.string().optional(),
  totals: SpendTotals,
  byOperation: z.array(OperationTotals),
  /** Oldest day first. */
  byDay: z.array(DayTotals),
  /** Newest first. */
  recent: z.array(LedgerEntry),
  budget: Budget.nullable().default(null),
})
export type SpendReport = z.infer<typeof SpendReport>
