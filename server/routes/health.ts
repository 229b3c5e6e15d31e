import { Hono } from 'hono'
import type { Config } from '../config.ts'
import type { AppEnv } from '../app-context.ts'
import type { StorageHealth } from '../db/money-tables-check.ts'

/** Names the data behind every answer, so exports cite it: the simulator's invented data, or the service at its address. */
function dataSourceOf(config: Pick<Config, 'mode' | 'apiUrl'>) {
  return config.mode === 'demo'
    ? { kind: 'demo' as const, name: 'demo simulator (invented data)', url: null }
    : { kind: 'live' as const, name: 'Poix data service', url: config.apiUrl }
}

/** Degraded names the damaged table and the remedy: whoever opens the dashboard learns why nothing can be paid. */
function storageOf(h: StorageHealth) {
  return h.status === 'degraded'
    ? { status: h.status, table: h.table, reason: h.reason, remedy: h.remedy }
    : { status: h.status }
}

/**
 * GET /api/health: ok or degraded (money tables damaged: nothing can be paid), demo or live, the data source, the
 * version, whether a budget or sign-in is configured. Never a secret.
 */
export const health = new Hono<AppEnv>().get('/', (c) => {
  const { mode, version, budgetUsd, dashboardPassword } = c.var.config
  const storage = c.var.storageHealth()
  c.header('Cache-Control', 'no-store')
  return c.json({
    status: storage.status === 'degraded' ? ('degraded' as const) : ('ok' as const),
    storage: storageOf(storage),
    mode,
    version,
    budgetUsd: budgetUsd ?? null,
    signInRequired: Boolean(dashboardPassword),
    // The service's address is for signed-in researchers only: the open health check names the kind of source alone.
    dataSource:
      c.var.signedIn === false ? { ...dataSourceOf(c.var.config), url: null } : dataSourceOf(c.var.config),
  })
})
