/** Answers that have no schema in contract/ (the function's own bookkeeping), typed against the code that writes them. */
import { z } from 'zod'
import { Health, HealthDataSource, PRICES_USD, type Operation } from '#contract/index.ts'
import type { Quote as GatewayQuote } from '../gateway.ts'
import type { SpendReport as LedgerSpendReport } from '../spend/ledger.ts'
import { ERROR_CODES, ErrorBody } from './error-responses.ts'

/** Compiles only when the documented schema's type and the written type are the same both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const same = <A, B>(ok: Same<A, B>) => ok

const OperationName = z.enum(Object.keys(PRICES_USD) as [Operation, ...Operation[]])
const Usd = z.number()
const Count = z.number().int()

export const HealthAnswer = Health.extend({
  budgetUsd: z.number().nullable(),
  signInRequired: z.boolean(),
  dataSource: HealthDataSource,
})

export const SessionState = z.object({ signInRequired: z.boolean(), signedIn: z.boolean() })

export const QuoteAnswer = z.object({
  operation: OperationName,
  priceUsd: Usd.meta({ description: 'The list price now; 0 when the answer is cached.' }),
  cached: z.boolean(),
})
same<z.infer<typeof QuoteAnswer>, GatewayQuote>(true)

export const QuoteBatchAnswer = z.object({
  quotes: z.array(
    z.union([
      QuoteAnswer.extend({ path: z.string() }),
      z.object({ path: z.string(), error: ErrorBody.shape.error }),
    ]),
  ),
})

const Totals = z.object({
  spentUsd: Usd,
  paidCalls: Count,
  cacheHits: Count,
  savedUsd: Usd,
  failedCalls: Count,
  pendingCalls: Count,
  pendingUsd: Usd,
  interruptedCalls: Count,
  interruptedUsd: Usd,
})

const SourceKind = z.enum(['demo', 'live'])

const LedgerEntry = z.object({
  id: z.string(),
  at: z.string(),
  operation: OperationName,
  path: z.string(),
  params: z.record(z.string(), z.string()),
  priceUsd: Usd,
  costUsd: Usd,
  savedUsd: Usd,
  cache: z.literal('MISS'),
  state: z.enum(['pending', 'charged', 'free failure', 'charged failure', 'interrupted']),
  status: Count,
  code: z.enum(ERROR_CODES).optional(),
  bytes: Count,
  joined: Count.optional(),
  note: z.string().optional(),
  reconciled: z.object({ charged: z.boolean(), by: z.string(), at: z.string() }).optional(),
})

export const SpendReport = z.object({
  storage: z.string(),
  source: z.object({ kind: SourceKind, label: z.string() }),
  totals: Totals,
  byOperation: z.array(Totals.extend({ operation: OperationName })),
  byDay: z.array(Totals.extend({ day: z.string(), byOperation: z.partialRecord(OperationName, Totals) })),
  bySource: z.array(Totals.extend({ source: z.string(), kind: SourceKind, label: z.string() })),
  recent: z.array(LedgerEntry),
  interrupted: z.array(LedgerEntry),
  budget: z.object({ capUsd: Usd, spentUsd: Usd, leftUsd: Usd }).nullable(),
})
same<z.infer<typeof SpendReport>, LedgerSpendReport>(true)

/** The provenance file that goes with a CSV export: what was asked, of which data, when. */
export const Reconciled = z.object({ id: z.string(), reconciled: z.enum(['charged', 'not charged']) })

export const Provenance = z.looseObject({}).meta({
  description:
    'A JSON file describing the export beside it: the query, the collection, the data source, the time.',
})

/** This document itself. */
export const OpenApiDocument = z.looseObject({ openapi: z.string() })
