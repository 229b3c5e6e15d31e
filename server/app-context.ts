/** Hono's typed context for the function: what every route can read from `c.var`. */
import type { Config } from './config.ts'
import type { Gateway } from './gateway.ts'
import type { StorageHealth } from './db/money-tables-check.ts'

export type AppEnv = {
  Variables: {
    config: Config
    gateway: Gateway
    /** Whether the money tables were found readable (a degraded function pays nothing). */
    storageHealth: () => StorageHealth
    /** Per-client key for rate limits: the client address (security/request-origin.ts); never forwarded upstream. */
    clientKey: string
    /** False only when a password is set and this request has no valid session (set by the sign-in guard). */
    signedIn?: boolean
    /** The most bytes this route reads of a request body (set by security/body-limit.ts before anything reads it). */
    bodyLimit?: number
  }
}
