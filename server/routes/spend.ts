import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../env.ts'
import type { Budget } from '../spend/budget.ts'
import type { Ledger, SpendReport } from '../spend/ledger.ts'
import type { StoreKind } from '../spend/storage.ts'
import { validQuery } from '../validation.ts'

export const SPEND_LIMIT_DEFAULT = 100
export const SPEND_LIMIT_MAX = 1000

const SpendQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${SPEND_LIMIT_MAX}.`)
    .transform(Number)
    .pipe(z.number().min(1, `limit must be a whole number from 1 to ${SPEND_LIMIT_MAX}.`).max(SPEND_LIMIT_MAX, `limit must be a whole number from 1 to ${SPEND_LIMIT_MAX}.`))
    .optional(),
})

/** GET /api/spend[?limit=100]: totals by operation and by day, the newest ledger entries, and the budget when capped. */
export function spendRoute(deps: { ledger: Ledger; budget: Budget; storage: StoreKind }) {
  return new Hono<AppEnv>().get('/', validQuery(SpendQuery), async (c) => {
    const limit = c.req.valid('query').limit ?? SPEND_LIMIT_DEFAULT
    const [totals, recent, budget] = await Promise.all([deps.ledger.totals(), deps.ledger.recent(limit), deps.budget.status()])
    const report: SpendReport = { storage: deps.storage, ...totals, recent, budget }
    c.header('Cache-Control', 'no-store')
    return c.json(report)
  })
}
