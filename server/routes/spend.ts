import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-context.ts'
import type { Database } from '../db/database.ts'
import type { Budget } from '../spend/budget.ts'
import { sourceKind, sourceLabel, type Ledger, type SpendReport } from '../spend/ledger.ts'
import { reconcileInterrupted } from '../spend/reconcile-interrupted.ts'
import { orUnavailable } from '../db/storage-failure.ts'
import { BODY_LIMITS, limitBody } from '../security/body-limit.ts'
import { validBody, validParam, validQuery } from '../validation.ts'

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

export const LedgerRowParam = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, 'id must be the number of a ledger row, as /api/spend lists it.'),
})

export const ReconcileBody = z.strictObject({
  charged: z.boolean('charged must be true (the service charged it) or false (it did not).'),
  /** Who reconciles, as the person wants it recorded (their client address is recorded too). */
  by: z.string().trim().max(80, 'by must be at most 80 characters.').optional(),
})

type SpendDeps = {
  db: Pick<Database, 'transaction'>
  ledger: Ledger
  budget: Budget
  flush: () => Promise<void>
  storage: string
  source: string
}

/**
 * GET /api/spend[?limit=100]: this source's totals by operation and by day, every source apart, the newest ledger rows
 * (interrupted ones too), and the budget when capped. POST /api/spend/interrupted/{id}/reconcile {charged}: a person's
 * word on a call a crash cut off, recorded with who and when.
 */
export function spendRoute(deps: SpendDeps) {
  return new Hono<AppEnv>()
    .post(
      '/interrupted/:id/reconcile',
      validParam(LedgerRowParam),
      limitBody(
        BODY_LIMITS.small,
        'send only {"charged": true|false} and, if you like, {"by": "your name"}.',
      ),
      async (c) => {
        const { id } = c.req.valid('param')
        const { charged, by } = await validBody(c, ReconcileBody)
        const from = `client ${c.get('clientKey')}`
        await orUnavailable(() => reconcileInterrupted(deps, id, charged, by ? `${by} (${from})` : from))
        c.header('Cache-Control', 'no-store')
        return c.json({ id, reconciled: charged ? 'charged' : 'not charged' } as const)
      },
    )
    .get('/', validQuery(SpendQuery), async (c) => {
      const limit = c.req.valid('query').limit ?? SPEND_LIMIT_DEFAULT
      await deps.flush().catch(() => undefined) // free hits counted in memory: shown if they can be written, never blocking the report
      const [totals, recent, interrupted, budget] = await orUnavailable(() =>
        Promise.all([
          deps.ledger.totals(),
          deps.ledger.recent(limit),
          deps.ledger.interrupted(),
          deps.budget.status(),
        ]),
      )
      const report: SpendReport = {
        storage: deps.storage,
        source: { kind: sourceKind(deps.source), label: sourceLabel(deps.source) },
        ...totals,
        recent,
        interrupted,
        budget,
      }
      c.header('Cache-Control', 'no-store')
      return c.json(report)
    })
}
