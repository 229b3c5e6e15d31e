/** The deployment's spend ledger and totals (GET /api/spend): free to read, never persisted (it changes with every paid call). */
import { queryOptions } from '@tanstack/react-query'
import { getJson } from '#lib/api-client.ts'
import { paidFetch } from '#lib/paid-fetch.ts'

/** Entries the /spend page asks for (the route's maximum); totals always cover the whole ledger. */
export const LEDGER_LIMIT = 1000

export const spendQueries = {
  all: () => ['spend'] as const,
  /** Totals and budget (the header meter); one entry is the least the route lists. */
  totals: () => spendQueries.report(1),
  /** Totals plus the most recent `limit` ledger entries (the /spend page). */
  report: (limit: number = LEDGER_LIMIT) =>
    queryOptions({
      queryKey: [...spendQueries.all(), 'report', { limit }],
      // The header meter asks this on every page: the schema (and zod) loads beside the request (docs/decisions/0099).
      queryFn: ({ signal }) =>
        getJson('/api/spend', { limit }, () => import('../lib/spend-schema.ts').then((m) => m.SpendReport), {
          signal,
        }),
      staleTime: 30_000,
    }),
}

/** Records a person's word on an interrupted call: charged keeps its price as spent, not charged gives it back. */
export async function reconcileInterrupted(id: string, charged: boolean): Promise<void> {
  await paidFetch(
    `/api/spend/interrupted/${encodeURIComponent(id)}/reconcile`,
    { as: 'none' },
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ charged }) },
  )
}
