import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-context.ts'
import type { Simulator } from '#simulator/app.ts'
import { FAULT_KINDS } from '#simulator/faults.ts'
import { errorResponse, invalidQuery } from '../errors.ts'
import { BODY_LIMITS, limitBody } from '../security/body-limit.ts'

const FaultRule = z.strictObject({
  path: z.string().max(200).optional(),
  kind: z.enum(FAULT_KINDS),
  status: z.number().int().min(400).max(599).optional(),
  ms: z.number().int().min(0).max(120_000).optional(),
  retryAfter: z.number().int().min(0).max(3600).optional(),
  times: z.number().int().min(1).max(1000).optional(),
})

/** /api/__simulator/faults: tests make the demo simulator misbehave. Mounted only in demo mode with SIMULATOR_FAULT_CONTROL=1. */
export function simulatorControlRoute(simulator: Simulator) {
  return new Hono<AppEnv>()
    .post('/faults', limitBody(BODY_LIMITS.small, 'send one fault rule.'), async (c) => {
      const parsed = FaultRule.safeParse(await c.req.json().catch(() => undefined))
      if (!parsed.success)
        return errorResponse(
          c,
          invalidQuery(
            String(parsed.error.issues[0]?.path[0] ?? 'body'),
            parsed.error.issues[0]?.message ?? 'invalid fault rule',
          ),
        )
      simulator.faults.set(parsed.data)
      return c.json({ ok: true, rule: parsed.data })
    })
    .delete('/faults', (c) => {
      simulator.faults.clear()
      return c.json({ ok: true })
    })
    .get('/stats', (c) => c.json(simulator.stats()))
}
