/** The serverless entry's runtime (api/index.ts): the same function as `npm start`, on a Postgres server only. */
import type { Config } from './config.ts'
import { createRuntime } from './runtime.ts'

/**
 * Refuses to run without DATABASE_URL: a serverless instance's disk goes when the instance does (and the ledger
 * with it), and instances running side by side would each keep a budget of their own, together spending past it.
 */
export function createServerlessRuntime(config: Config) {
  if (!config.databaseUrl)
    throw new Error(
      'The serverless function needs DATABASE_URL (postgres://user:password@host:5432/db), a Postgres server every instance shares: without it each instance would keep the ledger on a disk that disappears with the instance, and a budget of its own, so together they could spend past BUDGET_USD.',
    )
  return createRuntime({ config })
}
