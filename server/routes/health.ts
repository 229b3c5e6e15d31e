import { Hono } from 'hono'
import type { AppEnv } from '../app-context.ts'

/** GET /api/health: demo or live, the version, whether a budget or sign-in is configured. Never a secret. */
export const health = new Hono<AppEnv>().get('/', (c) => {
  const { mode, version, budgetUsd, dashboardPassword } = c.var.config
  c.header('Cache-Control', 'no-store')
  return c.json({ mode, version, budgetUsd: budgetUsd ?? null, signInRequired: Boolean(dashboardPassword) })
})
