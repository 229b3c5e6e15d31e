/** The paid path's shapes (what routes ask, what they get back): below both the upstream client and spend/, which implement them. */
import type { z } from 'zod'
import type { CaptionFormat, Operation } from '#contract/index.ts'
import type { Queryable } from './db/database.ts'

export type PaidCall = {
  operation: Operation
  path: string
  /** Validated and normalised by the route; this is exactly what the service receives. */
  query: Record<string, string | string[] | undefined>
  /** JSON answers are checked against this before anything is returned or cached. */
  schema?: z.ZodType
  /** Caption files are checked to be laid out in this format before anything is returned or cached (`json` by the schema). */
  captionFormat?: CaptionFormat
  signal?: AbortSignal
  /** Who asks (for per-client rate limits); never forwarded. */
  clientKey?: string
  /**
   * A caller's limit on its calls in flight at the service (the collect job's concurrency): taken before the ledger
   * row is written, given back as soon as the service has answered. Never forwarded.
   */
  upstreamSlot?: () => Promise<() => void>
  /**
   * Runs in the transaction that records the paid call, before its ledger row: throwing withdraws the call (nothing
   * recorded, nothing sent). The collect job checks there that the researcher has not stopped it meanwhile.
   */
  beforeClaim?: (tx: Queryable) => Promise<void>
}

export type PaidResult = {
  body: string
  contentType: string
  /** What this request cost: the list price on a miss, 0 when answered from the cache. */
  costUsd: number
  cache: 'HIT' | 'MISS'
  /** The body as parsed by the contract check, when this request made one (a JSON miss): not parsed twice. */
  json?: unknown
}

export type Quote = { operation: Operation; priceUsd: number; cached: boolean }

/** What routes depend on; the spend layer (cache, ledger, budget) implements the same shape. */
export type Gateway = {
  call(call: PaidCall): Promise<PaidResult>
  quote(call: PaidCall): Promise<Quote>
}
