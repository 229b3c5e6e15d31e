import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-context.ts'
import type { Budget } from '../spend/budget.ts'
import { sourceKind, sourceLabel, type Ledger, type SpendReport } from '../spend/ledger.ts'
import { orUnavailable } from '../db/storage-failure.ts'
import { validQuery } from '../validation.ts'

const SPEND_LIMIT_DEFAULT = 100
const SPEND_LIMIT_MAX = 1000

export const SpendQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${SPEND_LIMIT_MAX}.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `limit must be a whole number from 1 to ${SPEND_LIMIT_MAX}.`)
        .max(SPEND_LIMIT_MAX, `limit must be a whole number from 1 to ${SPEND_LIMIT_MAX}.`),
    )
    .optional(),
})

type SpendDeps = {
  ledger: Ledger
  budget: Budget
  flush: () => Promise<void>
  storage: string
  source: string
}

/** GET /api/spend[?limit=100]: this source's totals by operation and by day, every source apart, the newest ledger rows, and the budget when capped. */
export function spendRoute(deps: SpendDeps) {
  return new Hono<AppEnv>().get('/', validQuery(SpendQuery), async (c) => {
    const limit = c.req.valid('query').limit ?? SPEND_LIMIT_DEFAULT
    await deps.flush().catch(() => undefined) // free hits counted in memory: shown if they can be written, never blocking the report
    const [totals, recent, budget] = await orUnavailable(() =>
      Promise.all([deps.ledger.totals(), deps.ledger.recent(limit), deps.budget.status()]),
    )
    const report: SpendReport = {
      storage: deps.storage,
      source: { kind: sourceKind(deps.source), label: sourceLabel(deps.source) },
      ...totals,
      recent,
      budget,
    }
    c.header('Cache-Control', 'no-store')
    return c.json(report)
  })
}
