/** Hono's typed context for the function: what every route can read from `c.var`. */
import type { Config } from './config.ts'
import type { Gateway } from './upstream/gateway.ts'

export type AppEnv = {
  Variables: {
    config: Config
    gateway: Gateway
    /** Stable per-client key for rate limits (session id or address); never forwarded upstream. */
    clientKey: string
  }
}
